import assert from 'node:assert/strict';
import { test } from 'node:test';
import { medianInterval, REPEATS_FOR_95 } from '../../src/stats/median-interval.js';
import { seededRandom } from '../../src/stats/random.js';

/** Skewed, heavy-tailed noise like a benchmark's: log-normal around a known median. */
function logNormalDraws(random: () => number, n: number, trueMedian: number): number[] {
  return Array.from({ length: n }, () => {
    const u1 = Math.max(random(), 1e-12);
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * random());
    return trueMedian * Math.exp(0.2 * z);
  });
}

test('the stated confidence is what few repeats really allow', () => {
  assert.ok(Math.abs(medianInterval([1, 2, 3]).confidence - 0.75) < 1e-12, '3 repeats: [min, max] is a 75 % interval');
  assert.ok(Math.abs(medianInterval([1, 2, 3, 4, 5]).confidence - 0.9375) < 1e-12);
  assert.ok(medianInterval([1, 2, 3, 4, 5, 6]).confidence >= 0.95, `${REPEATS_FOR_95} repeats reach 95 %`);
  const wide = medianInterval(Array.from({ length: 30 }, (_, i) => i));
  assert.ok(
    wide.confidence >= 0.95 && wide.low > 0 && wide.high < 29,
    'with many repeats the interval drops the extremes',
  );
});

test('the interval holds the true median at least as often as it says, over many simulated runs', () => {
  const random = seededRandom(2024);
  for (const n of [3, 6, 10, 25]) {
    let covered = 0;
    let stated = 0;
    const runs = 4000;
    for (let r = 0; r < runs; r++) {
      const interval = medianInterval(logNormalDraws(random, n, 1000));
      stated += interval.confidence;
      if (interval.low <= 1000 && 1000 <= interval.high) covered++;
    }
    const rate = covered / runs;
    const claimed = stated / runs;
    // Binomial noise of 4000 runs is about ±1 %; allow 2 %.
    assert.ok(rate >= claimed - 0.02, `n=${n}: covered ${rate.toFixed(3)} but claimed ${claimed.toFixed(3)}`);
    assert.ok(
      rate <= claimed + 0.06,
      `n=${n}: covered ${rate.toFixed(3)}, far above the claimed ${claimed.toFixed(3)}: the interval is needlessly wide`,
    );
  }
});
