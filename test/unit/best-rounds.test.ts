import assert from 'node:assert/strict';
import { test } from 'node:test';
import { median } from 'simple-statistics';
import {
  bestRoundsMean,
  bestRoundsOverStarts,
  bestRoundsRatioOverStarts,
  keptRounds,
} from '../../src/stats/best-rounds.js';
import { bestRoundsEstimate, bestRoundsRatio } from '../helpers/round-pairs.js';
import { seededRandom } from '../../src/stats/random.js';
import { summarize } from '../../src/stats/summarize.js';
import { byRank, methodLine, ratioIntervalNote } from '../../src/report/rows.js';
import type { Result } from '../../src/model/schema.js';
import { measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

test('best-rounds mean: the best quarter of the values, at least two, highest for req/s, lowest for CPU per request', () => {
  const sixteen = Array.from({ length: 16 }, (_, i) => i + 1);
  assert.equal(bestRoundsMean(sixteen, 'higher'), (16 + 15 + 14 + 13) / 4, 'the best four of sixteen');
  assert.equal(bestRoundsMean(sixteen, 'lower'), (1 + 2 + 3 + 4) / 4);
  assert.equal(bestRoundsMean(sixteen, 'higher', 0.5), (16 + 9) / 2, 'the better half when asked for it');
  assert.equal(bestRoundsMean([1, 5, 3, 4], 'higher'), 4.5, 'never fewer than two');
  assert.equal(bestRoundsMean([1, 2, 3], 'lower'), 1.5);
  assert.equal(bestRoundsMean([7], 'lower'), 7, 'nor more than there are');
  assert.deepEqual(
    [1, 2, 3, 8, 9, 12, 13, 16, 17].map((n) => keptRounds(n)),
    [1, 2, 2, 2, 3, 3, 4, 4, 5],
  );
});

test('best-rounds ratio: each side its own best rounds, then divided; a seeded interval around it', () => {
  // [baseline, target] per round: the target's best two 110, 100; the baseline's 200, 190.
  const pairs: Array<[number, number]> = [
    [200, 100],
    [150, 90],
    [190, 110],
    [180, 60],
  ];
  const ratio = bestRoundsRatio(pairs, 'higher')!;
  assert.ok(Math.abs(ratio.estimate - 105 / 195) < 1e-12);
  assert.equal(ratio.rounds, 4);
  assert.ok(ratio.interval.low <= ratio.estimate && ratio.estimate <= ratio.interval.high);
  assert.ok(ratio.interval.low < ratio.interval.high, 'scattered rounds give an interval with a width');
  assert.ok(ratio.logStandardError! > 0);
  assert.equal(ratio.kept, 0.25, 'the result says which share it kept');
  assert.deepEqual(bestRoundsRatio(pairs, 'higher'), ratio, 'the same rounds give the same interval');
  // a round whose baseline figure is 0 counts for nothing; none left, no ratio
  assert.equal(bestRoundsRatio([...pairs, [0, 50]], 'higher')!.rounds, 4);
  assert.equal(bestRoundsRatio([[0, 1]], 'higher'), undefined);
  // below three rounds there is nothing to resample: the figure alone, both rounds kept
  const two = bestRoundsRatio(
    [
      [100, 50],
      [90, 40],
    ],
    'higher',
  )!;
  assert.equal(two.estimate, 45 / 95);
  assert.deepEqual(two.interval, { low: 45 / 95, high: 45 / 95, confidence: 0 });
  assert.equal(two.logStandardError, undefined);
});

/**
 * One-sided noise, as on a shared machine: most windows run at the server's speed (±1 %), some
 * (the share `slowed`) are slowed by a burst of up to 30 %, none is sped up. Two runs per cell.
 */
function simulatedRuns(cells: number, seed: number, { rounds = 8, slowed = 0.3 } = {}) {
  const random = seededRandom(seed);
  const window = (speed: number) =>
    speed * (1 + (random() - 0.5) * 0.02) * (random() < slowed ? 1 - random() * 0.3 : 1);
  const series = (truth: number): Array<[number, number]> =>
    Array.from({ length: rounds }, () => [window(1000), window(1000 * truth)]);
  return Array.from({ length: cells }, (_, i) => {
    const truth = 0.3 + (i % 10) / 10;
    return { truth, runs: [series(truth), series(truth)] };
  });
}

type Estimator = (pairs: Array<[number, number]>) => number;

/** The share of simulated cells whose estimate moved ≤ 5 % between their two runs, and the median distance from the truth. */
function scored(estimator: Estimator, options: { rounds?: number; slowed?: number } = {}) {
  const cells = simulatedRuns(200, 7, options);
  const held = cells.filter(({ runs: [a, b] }) => Math.abs(estimator(b) / estimator(a) - 1) <= 0.05).length;
  const error = median(
    simulatedRuns(200, 11, options).map(({ truth, runs: [a] }) => Math.abs(estimator(a) / truth - 1)),
  );
  return { held: held / cells.length, error };
}

test('the simulations below score the estimate alone: it is the best-rounds ratio without its interval', () => {
  for (const { runs } of simulatedRuns(4, 3, { rounds: 16, slowed: 0.6 })) {
    for (const share of [undefined, 0.5]) {
      assert.ok(
        Math.abs(
          bestRoundsEstimate(runs[0], 'higher', share) / bestRoundsRatio(runs[0], 'higher', share)!.estimate - 1,
        ) < 1e-12,
      );
    }
  }
});

test('under one-sided noise the best-rounds ratio holds between runs more often than the median of per-round ratios', () => {
  const medianOfRatios = scored((pairs) => median(pairs.map(([b, t]) => t / b)));
  const bestRounds = scored((pairs) => bestRoundsEstimate(pairs, 'higher'));
  assert.ok(
    bestRounds.held > medianOfRatios.held,
    `held: best rounds ${bestRounds.held}, median ${medianOfRatios.held}`,
  );
  assert.ok(bestRounds.error < medianOfRatios.error, 'and lies closer to the true ratio');
});

test('when most windows are slowed (a noisy hour), the best quarter holds more cells than the better half', () => {
  // 16 rounds with 60 % of windows slowed: about six undisturbed ones a series, so a half of
  // eight takes in slowed windows, and how many differs from run to run.
  const noisy = { rounds: 16, slowed: 0.6 };
  const quarter = scored((pairs) => bestRoundsEstimate(pairs, 'higher'), noisy);
  const half = scored((pairs) => bestRoundsEstimate(pairs, 'higher', 0.5), noisy);
  assert.ok(quarter.held > half.held, `held: quarter ${quarter.held}, half ${half.held}`);
  assert.ok(quarter.error < half.error, `from the truth: quarter ${quarter.error}, half ${half.error}`);
});

test('summary: the ratio to the baseline is the best-rounds ratio, which ranks the table; CPU per request the same way', () => {
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
  // measurement(rate) spends 1 s of CPU per window: CPU per request is 1e6 / rate, the best two the cheapest
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

/** A side's figures by start and round: `levels[start]` times a small wobble per round. */
function starts(levels: number[], rounds: number, wobble = 0.002): Map<number, Map<number, number>> {
  return new Map(
    levels.map((level, i) => [
      i + 1,
      new Map(Array.from({ length: rounds }, (_, r) => [r + 1, level * (1 + (((r * 7 + i * 3) % 5) - 2) * wobble)])),
    ]),
  );
}

test('best-rounds ratio over starts: two starts of a target 6 % apart widen the interval to hold both; rounds alone would not', () => {
  const baseline = starts([1000], 16);
  const target = starts([800, 848], 16);
  const overStarts = bestRoundsRatioOverStarts(baseline, target, 'higher')!;
  assert.deepEqual(overStarts.processes, { target: 2, baseline: 1 });
  assert.equal(overStarts.rounds, 16);
  // the figure: each start's best quarter of its own rounds, the two then averaged, over the baseline's
  const best = (side: Map<number, Map<number, number>>, start: number) =>
    bestRoundsMean([...side.get(start)!.values()], 'higher');
  assert.ok(Math.abs(overStarts.estimate - (best(target, 1) + best(target, 2)) / 2 / best(baseline, 1)) < 1e-12);
  // the same rounds with each round's starts merged first, over rounds alone: the interval to compare with
  const perRound = [...target.get(1)!.keys()].map((r): [number, number] => [
    baseline.get(1)!.get(r)!,
    (target.get(1)!.get(r)! + target.get(2)!.get(r)!) / 2,
  ]);
  const overRounds = bestRoundsRatio(perRound, 'higher')!;
  const width = (r: { interval: { low: number; high: number } }) => r.interval.high - r.interval.low;
  // each start alone reads 0.80 or 0.848: a second run's start could read either, and the interval says so
  assert.ok(overStarts.interval.low <= 0.805 && overStarts.interval.high >= 0.843, JSON.stringify(overStarts.interval));
  assert.ok(width(overStarts) > 5 * width(overRounds), `${width(overStarts)} against ${width(overRounds)}`);
  assert.ok(overStarts.logStandardError! > 3 * overRounds.logStandardError!);
});

test('best-rounds ratio over starts: each start read over its own best rounds, so a side in two processes reads as a side in one', () => {
  // One-sided noise: a burst slows a window by 20 %. The baseline's two processes are each
  // slowed in half the rounds (process 1 in odd rounds, process 2 in even ones), the target's
  // one process in half its rounds too; every undisturbed window runs at the true speed.
  const rounds = 16;
  const side = (speeds: Array<(round: number) => number>) =>
    new Map(
      speeds.map((speed, i) => [i + 1, new Map(Array.from({ length: rounds }, (_, r) => [r + 1, speed(r + 1)]))]),
    );
  const slowedIn = (slowed: (round: number) => boolean, speed: number) => (round: number) =>
    slowed(round) ? speed * 0.8 : speed;
  const odd = (round: number) => round % 2 === 1;
  const even = (round: number) => round % 2 === 0;
  const baseline = side([slowedIn(odd, 1000), slowedIn(even, 1000)]);
  const target = side([slowedIn(odd, 600)]);
  const perStart = bestRoundsRatioOverStarts(baseline, target, 'higher')!;
  assert.ok(Math.abs(perStart.estimate - 0.6) < 1e-12, `per start: ${perStart.estimate}`);
  assert.equal(bestRoundsOverStarts(baseline, 'higher'), 1000);
  // Three rounds in four slowed for the target (four clean of sixteen): the better half takes
  // in four slowed windows and reads 10 % low, the best quarter keeps the clean ones.
  const noisier = side([slowedIn((round) => round % 4 !== 0, 600)]);
  assert.ok(Math.abs(bestRoundsRatioOverStarts(baseline, noisier, 'higher')!.estimate - 0.6) < 1e-12);
  const half = bestRoundsRatioOverStarts(baseline, noisier, 'higher', { share: 0.5 })!;
  assert.ok(Math.abs(half.estimate - 540 / 1000) < 1e-12, `better half: ${half.estimate}`);
  assert.equal(half.kept, 0.5);
});

test('best-rounds ratio over starts: starts that agree add nothing; a side of one start is resampled over rounds alone', () => {
  const baseline = starts([1000, 1000], 12);
  const agreeing = bestRoundsRatioOverStarts(baseline, starts([500, 500], 12), 'higher')!;
  const alone = bestRoundsRatioOverStarts(starts([1000], 12), starts([500], 12), 'higher')!;
  assert.deepEqual(agreeing.processes, { target: 2, baseline: 2 });
  assert.deepEqual(alone.processes, { target: 1, baseline: 1 });
  assert.ok(agreeing.interval.high - agreeing.interval.low < 0.02 * agreeing.estimate);
  // one start a side draws rounds from the same stream as round pairs do: the same interval
  const pairs = [...starts([1000], 12).get(1)!.keys()].map((r): [number, number] => [
    starts([1000], 12).get(1)!.get(r)!,
    starts([500], 12).get(1)!.get(r)!,
  ]);
  assert.deepEqual(bestRoundsRatio(pairs, 'higher')!.interval, alone.interval);
  // a start missing a round (its trial failed) leaves the round to the starts that have it
  const gappy = starts([500, 530], 12);
  gappy.get(2)!.delete(5);
  const withGap = bestRoundsRatioOverStarts(baseline, gappy, 'higher')!;
  assert.equal(withGap.rounds, 12);
  assert.ok(Number.isFinite(withGap.interval.low) && withGap.interval.low <= withGap.estimate);
  assert.equal(bestRoundsRatioOverStarts(new Map(), starts([500], 3), 'higher'), undefined);
});

/** Six rounds of the baseline and one target, each in two processes a few % apart. */
const twoProcessTrials = () =>
  [1, 2, 3, 4, 5, 6].flatMap((round) => [
    trial('base', 'text', round, measurement(1000 + round), { process: 1 }),
    trial('base', 'text', round, measurement(1040 - round), { process: 2 }),
    trial('other', 'text', round, measurement(500 + round), { process: 1 }),
    trial('other', 'text', round, measurement(530 - round), { process: 2 }),
  ]);

test('summary: the baseline visited twice and every target in two processes, each ratio resamples both sides’ starts', () => {
  const trials = twoProcessTrials();
  const summaries = summarize({
    plan: plan({ processes: 2, baselineVisits: 2 }),
    trials,
    verification: [],
    unavailable: [],
  });
  const ratio = summaries.find((s) => s.target === 'other')!.baselineRatios!.requestsPerSec!;
  assert.deepEqual(ratio.processes, { target: 2, baseline: 2 });
  assert.ok(ratio.interval.low < ratio.estimate && ratio.estimate < ratio.interval.high);
});

test('the method line names the share of rounds the figures kept: best quarters now, better halves in an older result', () => {
  const trials = twoProcessTrials();
  const result = summarizedResult(plan({ processes: 2, baselineVisits: 2 }), trials);
  const now = methodLine(result);
  assert.match(now, /the baseline's figure is the median of its processes' best quarters of rounds/);
  assert.match(now, /a target's figure is the median of its processes' best quarters of rounds/);
  assert.doesNotMatch(now, /better halves/);
  // a result written before 08dbcab records no share: it kept the better half
  const older = structuredClone(result);
  for (const summary of older.summaries) {
    if (summary.baselineRatios?.requestsPerSec) delete summary.baselineRatios.requestsPerSec.kept;
  }
  assert.match(methodLine(older), /the median of its processes' better halves of rounds/);
});

test('the report says what the interval of a ratio resamples, and that one process leaves its start out', () => {
  const withStarts = (processes: { target: number; baseline: number } | undefined) =>
    ({
      summaries: [
        {
          target: 'other',
          baselineRatios: {
            requestsPerSec: { estimate: 1, interval: { low: 1, high: 1, confidence: 0.95 }, rounds: 8, processes },
          },
        },
      ],
    }) as unknown as Result;
  const mainJob = ratioIntervalNote(withStarts({ target: 1, baseline: 2 }));
  assert.match(mainJob, /over the baseline's processes and the rounds/);
  assert.match(mainJob, /leaves out the own speed of a start of a target run in one process/);
  assert.match(mainJob, /--processes 3/);
  const everySide = ratioIntervalNote(withStarts({ target: 3, baseline: 3 }));
  assert.match(
    everySide,
    /over each side's processes and the rounds; it leaves out what the starts of a target in one run may share/,
  );
  assert.doesNotMatch(everySide, /own speed of a start of/);
  assert.match(
    ratioIntervalNote(withStarts({ target: 1, baseline: 1 })),
    /over the rounds; .*a target and the baseline/,
  );
  // results written before intervals resampled starts
  assert.equal(ratioIntervalNote(withStarts(undefined)), 'a 95 % bootstrap interval over rounds');
});
