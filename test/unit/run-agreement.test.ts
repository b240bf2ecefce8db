import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result, Summary } from '../../src/model/schema.js';
import { compareRuns } from '../../src/stats/run-agreement.js';

const spread = (median: number, min = median, max = median) => ({
  median,
  min,
  max,
  interval: { low: min, high: max, confidence: 0.75 },
});

/** A result holding only what the arithmetic reads: clean cells with a paired ratio to the baseline. */
function run(ratios: Record<string, number>, scenario = 'json'): Result {
  const summaries = Object.entries(ratios).map(
    ([target, ratio]): Summary => ({
      target,
      scenario,
      status: 'measured',
      trials: 3,
      validTrials: 3,
      flags: [],
      requestsPerSec: spread(ratio * 1000, ratio * 900, ratio * 1100),
      ratioToBaseline: ratio,
      pairedRatio: spread(ratio, ratio * 0.98, ratio * 1.02),
      pairedCpuRatio: spread(1 / ratio),
    }),
  );
  return {
    plan: { scenarios: [scenario], targets: Object.keys(ratios), baseline: 'base' },
    summaries,
  } as unknown as Result;
}

test('pairs whose order flips are counted against agreement; pairs close in both runs are not counted', () => {
  // a and b are 20 % apart and swap; c and d are 2 % apart in both runs (not counted).
  const a = run({ base: 1, a: 1.2, b: 1.0, c: 0.5, d: 0.51 });
  const b = run({ base: 1, a: 0.95, b: 1.14, c: 0.5, d: 0.49 });
  const agreement = compareRuns(a, b, 'req/s ratio to baseline');
  const [json] = agreement.scenarios;
  // pairs: base-a, base-b(apart in run 2), base-c, base-d, a-b, a-c, a-d, b-c, b-d = 9; c-d not counted
  assert.equal(json.pairs, 9);
  // disagreeing: base-a (1<1.2, then 1>0.95), a-b (swap), base-b? run1 equal (sign 0) vs run2 b>base: disagrees
  assert.equal(json.agreeing, 6);
  assert.equal(agreement.pairAgreement, 6 / 9);
});

test('each cell says how far its ratio moved; the baseline itself is left out', () => {
  const agreement = compareRuns(
    run({ base: 1, a: 1.0, b: 0.5 }),
    run({ base: 1, a: 1.04, b: 0.6 }),
    'req/s ratio to baseline',
  );
  assert.deepEqual(
    agreement.cells.map((c) => [c.target, Number(c.move.toFixed(3))]),
    [
      ['a', 0.04],
      ['b', 0.2],
    ],
  );
  assert.equal(agreement.ratiosHeld, 0.5);
  assert.equal(Number(agreement.medianMove.toFixed(3)), 0.12);
  // spread of each paired ratio: (1.02 − 0.98) = 4 % of the median
  assert.equal(Number(agreement.medianSpread[0].toFixed(3)), 0.04);
});

test('a cell that is invalid or missing in either run is not compared', () => {
  const b = run({ base: 1, a: 1.0, b: 0.5 });
  b.summaries[2] = { ...b.summaries[2], status: 'invalid' };
  const agreement = compareRuns(run({ base: 1, a: 1.0, b: 0.5 }), b, 'req/s ratio to baseline');
  assert.deepEqual(
    agreement.cells.map((c) => c.target),
    ['a'],
  );
});

test('the CPU figure is inverted so that higher is better, like req/s', () => {
  const agreement = compareRuns(
    run({ base: 1, a: 2, b: 1.5 }),
    run({ base: 1, a: 2, b: 1.5 }),
    'CPU per request ratio to baseline (inverted: higher is cheaper)',
  );
  assert.equal(agreement.pairAgreement, 1);
  assert.ok(agreement.cells.every((c) => Math.abs(c.ratioA - c.ratioB) < 1e-12));
});
