import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median } from 'simple-statistics';
import { bestHalfMean, bestHalfRatio } from '../../src/stats/best-half.js';
import { seededRandom } from '../../src/stats/random.js';
import { summarize } from '../../src/stats/summarize.js';
import { byRank } from '../../src/report/rows.js';
import { measurement, plan, trial } from '../helpers/synthetic.js';

test('best-half mean: the better ⌈n/2⌉ values, highest for req/s, lowest for CPU per request', () => {
  assert.equal(bestHalfMean([1, 5, 3, 4], 'higher'), 4.5);
  assert.equal(bestHalfMean([1, 5, 3, 4], 'lower'), 2);
  assert.equal(bestHalfMean([1, 2, 3], 'higher'), 2.5, 'odd: the better two of three');
  assert.equal(bestHalfMean([7], 'lower'), 7);
});

test('best-half ratio: each side its own best half, then divided; a seeded interval around it', () => {
  // [baseline, target] per round: the target's best half 110, 100; the baseline's 200, 190.
  const pairs: Array<[number, number]> = [
    [200, 100],
    [150, 90],
    [190, 110],
    [180, 60],
  ];
  const ratio = bestHalfRatio(pairs, 'higher')!;
  assert.ok(Math.abs(ratio.estimate - 105 / 195) < 1e-12);
  assert.equal(ratio.rounds, 4);
  assert.ok(ratio.interval.low <= ratio.estimate && ratio.estimate <= ratio.interval.high);
  assert.ok(ratio.interval.low < ratio.interval.high, 'scattered rounds give an interval with a width');
  assert.ok(ratio.logStandardError! > 0);
  assert.deepEqual(bestHalfRatio(pairs, 'higher'), ratio, 'the same rounds give the same interval');
  // a round whose baseline figure is 0 counts for nothing; none left, no ratio
  assert.equal(bestHalfRatio([...pairs, [0, 50]], 'higher')!.rounds, 4);
  assert.equal(bestHalfRatio([[0, 1]], 'higher'), undefined);
  // below three rounds there is nothing to resample: the figure alone
  const two = bestHalfRatio(
    [
      [100, 50],
      [90, 40],
    ],
    'higher',
  )!;
  assert.equal(two.estimate, 0.5);
  assert.deepEqual(two.interval, { low: 0.5, high: 0.5, confidence: 0 });
  assert.equal(two.logStandardError, undefined);
});

/**
 * One-sided noise, as on a shared machine: most windows run at the server's speed (±1 %), some
 * are slowed by a burst of up to 30 %, none is sped up. Two runs of 8 rounds per cell.
 */
function simulatedRuns(cells: number, seed: number) {
  const random = seededRandom(seed);
  const window = (speed: number) => speed * (1 + (random() - 0.5) * 0.02) * (random() < 0.3 ? 1 - random() * 0.3 : 1);
  const rounds = (truth: number): Array<[number, number]> =>
    Array.from({ length: 8 }, () => [window(1000), window(1000 * truth)]);
  return Array.from({ length: cells }, (_, i) => {
    const truth = 0.3 + (i % 10) / 10;
    return { truth, runs: [rounds(truth), rounds(truth)] };
  });
}

test('under one-sided noise the best-half ratio holds between runs more often than the median of per-round ratios', () => {
  const medianOfRatios = (pairs: Array<[number, number]>) => median(pairs.map(([b, t]) => t / b));
  const bestHalf = (pairs: Array<[number, number]>) => bestHalfRatio(pairs, 'higher')!.estimate;
  const held = (estimator: (pairs: Array<[number, number]>) => number) => {
    const cells = simulatedRuns(200, 7);
    return cells.filter(({ runs: [a, b] }) => Math.abs(estimator(b) / estimator(a) - 1) <= 0.05).length / cells.length;
  };
  const error = (estimator: (pairs: Array<[number, number]>) => number) =>
    median(simulatedRuns(200, 11).map(({ truth, runs: [a] }) => Math.abs(estimator(a) / truth - 1)));
  assert.ok(held(bestHalf) > held(medianOfRatios), `held: best half ${held(bestHalf)}, median ${held(medianOfRatios)}`);
  assert.ok(error(bestHalf) < error(medianOfRatios), 'and lies closer to the true ratio');
});

test('summary: the ratio to the baseline is the best-half ratio, which ranks the table; CPU per request the same way', () => {
  // other: 600 and 550 are its best rounds; base: 1200 and 1100. A burst slowed other's round 1.
  const trials = [
    trial('base', 'text', 1, measurement(1000)),
    trial('base', 'text', 2, measurement(1200)),
    trial('base', 'text', 3, measurement(1100)),
    trial('other', 'text', 1, measurement(300)),
    trial('other', 'text', 2, measurement(550)),
    trial('other', 'text', 3, measurement(600)),
    trial('third', 'text', 1, measurement(520)),
    trial('third', 'text', 2, measurement(520)),
    trial('third', 'text', 3, measurement(520)),
  ];
  const summaries = summarize({
    plan: plan({ targets: ['base', 'other', 'third'] }),
    trials,
    verification: [],
    unavailable: [],
  });
  const other = summaries.find((s) => s.target === 'other')!;
  assert.ok(Math.abs(other.baselineRatios!.requestsPerSec!.estimate - 575 / 1150) < 1e-12);
  assert.equal(other.ratioToBaseline, other.baselineRatios!.requestsPerSec!.estimate);
  // measurement(rate) spends 1 s of CPU per window: CPU per request is 1e6 / rate, best half the cheapest
  const cost = (rate: number) => 1e6 / rate;
  const cpu = (cost(600) + cost(550)) / 2 / ((cost(1200) + cost(1100)) / 2);
  assert.ok(Math.abs(other.baselineRatios!.cpuUsPerRequest!.estimate - cpu) < 1e-12);
  // the median of per-round ratios (0.3, 0.458, 0.545) would put third (0.473) above other
  assert.ok(other.pairedRatio!.median < summaries.find((s) => s.target === 'third')!.pairedRatio!.median);
  const ranked = summaries.filter((s) => s.target !== 'base').sort(byRank);
  assert.deepEqual(
    ranked.map((s) => s.target),
    ['other', 'third'],
  );
});
