import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result, Summary } from '../../src/model/schema.js';
import { bestRoundsRatio } from '../helpers/round-pairs.js';
import { baselineProcessGaps, baselineShifts, compareRuns } from '../../src/stats/run-agreement.js';
import { firstRoundsAgainstLast } from '../../src/stats/first-rounds.js';
import { measurement, plan, trial } from '../helpers/synthetic.js';
import { chanceWithin, errorNeeded, logMedianStandardError, withinIntervals } from '../../src/stats/run-noise.js';

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

test("a cell's standard error comes from the spread of its rounds on the log scale", () => {
  assert.equal(logMedianStandardError([100]), undefined, 'one round has no spread');
  assert.equal(logMedianStandardError([100, 100, 100]), 0);
  // logs 0, ln 1.1, ln 1.21: sample sd = ln 1.1; × √(π/2) / √3
  const error = logMedianStandardError([1, 1.1, 1.21])!;
  assert.ok(Math.abs(error - (Math.log(1.1) * Math.sqrt(Math.PI / 2)) / Math.sqrt(3)) < 1e-12);
  // the same spread, twice the rounds: √2 less
  const doubled = logMedianStandardError([1, 1.1, 1.21, 1, 1.1, 1.21])!;
  assert.ok(doubled < error);
});

test('the share expected to hold follows the normal law of the two runs’ errors', () => {
  assert.equal(chanceWithin(0, 0, 0.05), 1);
  // errors of 2.1 % in both runs give about 90 % within 5 %: what errorNeeded says for 90 %
  const needed = errorNeeded(0.9, 0.05);
  assert.ok(Math.abs(needed - 0.021) < 0.0005, `needed ${needed}`);
  assert.ok(Math.abs(chanceWithin(needed, needed, 0.05) - 0.9) < 0.002);
  // larger errors, a smaller share
  assert.ok(chanceWithin(0.05, 0.05, 0.05) < 0.6);
});

test('a move is within the two runs’ intervals up to 1.96 √(se₁² + se₂²) on the log scale, either way', () => {
  const bound = 1.96 * Math.hypot(0.03, 0.04); // 0.098
  assert.ok(withinIntervals(Math.exp(bound * 0.99), 0.03, 0.04));
  assert.ok(withinIntervals(Math.exp(-bound * 0.99), 0.03, 0.04));
  assert.ok(!withinIntervals(Math.exp(bound * 1.01), 0.03, 0.04));
  assert.ok(!withinIntervals(1.001, 0, 0), 'no error covers no move');
});

/** A run with trials: per target, its req/s in each round; the summaries' paired ratios are their medians. */
function runWithTrials(byTarget: Record<string, number[]>): Result {
  const result = run(
    Object.fromEntries(
      Object.entries(byTarget).map(([target, values]) => {
        const ratios = values.map((v, round) => v / byTarget.base[round]).sort((x, y) => x - y);
        return [target, ratios[Math.floor(ratios.length / 2)]];
      }),
    ),
  );
  // The headline's estimator, as summarize gives it (stats/best-rounds.ts).
  for (const summary of result.summaries) {
    const pairs = byTarget[summary.target].map((v, round): [number, number] => [byTarget.base[round], v]);
    summary.baselineRatios = {
      requestsPerSec: bestRoundsRatio(pairs, 'higher'),
      cpuUsPerRequest: bestRoundsRatio(
        pairs.map(([theirs, mine]) => [1e6 / theirs, 1e6 / mine]),
        'lower',
      ),
    };
  }
  const trials = Object.entries(byTarget).flatMap(([target, values]) =>
    values.map((requestsPerSec, i) => ({
      target,
      scenario: 'json',
      round: i + 1,
      status: 'ok',
      measurement: { requestsPerSec, server: { cpuUsPerRequest: 1e6 / requestsPerSec } },
    })),
  );
  return { ...result, trials } as unknown as Result;
}

test("the runs' own noise: steady rounds expect every cell to hold, scattered rounds expect fewer", () => {
  const steady = runWithTrials({ base: [100, 100, 100], a: [120, 121, 119], b: [80, 80, 81] });
  const calm = compareRuns(steady, steady, 'req/s ratio to baseline');
  assert.ok(calm.standardErrors![0] < 0.01);
  assert.ok(calm.expectedHeld! > 0.99);
  const scattered = runWithTrials({ base: [100, 100, 100], a: [100, 130, 115], b: [60, 90, 80] });
  const noisy = compareRuns(steady, scattered, 'req/s ratio to baseline');
  assert.ok(noisy.standardErrors![1] > 0.05);
  assert.ok(noisy.expectedHeld! < calm.expectedHeld!);
  // the median of per-round ratios, the estimator before the best rounds, reads its error from the trials
  const before = 'req/s ratio to baseline as the median of per-round ratios (the estimator before the best rounds)';
  assert.ok(compareRuns(steady, steady, before).expectedHeld! > 0.99);
  assert.ok(compareRuns(steady, scattered, before).standardErrors![1] > 0.05);
  // every cell's move lies within intervals this wide; a run that moves b by 25 % is outside its steady twin's
  assert.equal(calm.withinIntervals, 1);
  const moved = runWithTrials({ base: [100, 100, 100], a: [120, 121, 119], b: [100, 100, 101] });
  assert.equal(compareRuns(steady, moved, 'req/s ratio to baseline').withinIntervals, 0.5);
  // without trials (an older result) there is nothing to say
  assert.equal(compareRuns(run({ base: 1, a: 1 }), run({ base: 1, a: 1 }), 'req/s').expectedHeld, undefined);
});

test("the baseline's own move is set beside the other targets' median move", () => {
  const a = run({ base: 1, a: 1.2, b: 0.8, c: 0.5 });
  const b = run({ base: 1, a: 1.2, b: 0.8, c: 0.5 });
  // run 2: the baseline 10 % slower, the others unchanged in req/s (their ratios all rise by 1/0.9)
  b.summaries = b.summaries.map((s) => (s.target === 'base' ? { ...s, requestsPerSec: spread(900) } : s));
  const [shift] = baselineShifts(a, b);
  assert.equal(shift.scenario, 'json');
  assert.ok(Math.abs(shift.baseline + 0.1) < 1e-12);
  assert.equal(shift.others, 0);
  // with trials, each target's req/s is read as the headline reads it: its best rounds (two of three)
  // (run 1's baseline 100, 80, 80: median 80, best two 90; run 2 at 90 throughout)
  const [fromTrials] = baselineShifts(
    runWithTrials({ base: [100, 80, 80], a: [120, 120, 120] }),
    runWithTrials({ base: [90, 90, 90], a: [120, 120, 120] }),
  );
  assert.ok(Math.abs(fromTrials.baseline) < 1e-12, `the baseline held (read ${fromTrials.baseline})`);
  assert.equal(fromTrials.others, 0);
});

test("the baseline's processes are set side by side per scenario, each by its best rounds", () => {
  const result = runWithTrials({ base: [100, 100, 100], a: [120, 120, 120] });
  assert.deepEqual(baselineProcessGaps(result), [], 'one process: nothing to compare');
  const second = [90, 110, 70].map((requestsPerSec, i) => ({
    target: 'base',
    scenario: 'json',
    round: i + 1,
    status: 'ok',
    process: 2,
    measurement: { requestsPerSec, server: { cpuUsPerRequest: 1e6 / requestsPerSec } },
  }));
  const trials = [
    ...result.trials.map((t) => (t.target === 'base' ? { ...t, process: 1 } : t)),
    ...second,
  ] as Result['trials'];
  // process 1's best two 100; process 2's: (110 + 90) / 2 = 100, then with one round slower still
  const [gap] = baselineProcessGaps({ ...result, trials });
  assert.equal(gap.scenario, 'json');
  assert.equal(gap.processes, 2);
  assert.ok(Math.abs(gap.gap) < 1e-12, `read ${gap.gap}`);
  const slower = trials.map((t) =>
    t.process === 2 && t.round === 2 ? { ...t, measurement: { ...t.measurement!, requestsPerSec: 60 } } : t,
  );
  // process 2 now 90, 60, 70: best two (90 + 70) / 2 = 80, so the fastest (100) is 25 % above the slowest
  assert.ok(Math.abs(baselineProcessGaps({ ...result, trials: slower })[0].gap - 0.25) < 1e-12);
  // a third process, faster still: the gap spans all three
  const third = second.map((t) => ({ ...t, process: 3, measurement: { ...t.measurement, requestsPerSec: 120 } }));
  const [three] = baselineProcessGaps({ ...result, trials: [...slower, ...third] as Result['trials'] });
  assert.equal(three.processes, 3);
  assert.ok(Math.abs(three.gap - 0.5) < 1e-12, `120 over 80, read ${three.gap}`);
});

test('first rounds against the last: a target still climbing reads below zero, the machine slowing every target at once does not', () => {
  // the machine's pace, shared by every target of a round: about 9 % slower through rounds 1-4, and in round 14
  const pace = [0.9, 0.88, 0.9, 0.92, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.9, 1, 1];
  // climbing: 8 % below its level in round 1, 2 % below in round 4, level from round 5 on
  const climb = [0.92, 0.94, 0.96, 0.98, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const trials = pace.flatMap((p, i) => [
    trial('base', 'text', i + 1, measurement(1000 * p), { process: 1 }),
    trial('base', 'text', i + 1, measurement(1010 * p), { process: 2 }),
    trial('steady', 'text', i + 1, measurement(600 * p)),
    trial('climber', 'text', i + 1, measurement(500 * p * climb[i])),
  ]);
  const measured = { plan: plan({ targets: ['base', 'steady', 'climber'] }), trials };
  const read = Object.fromEntries(firstRoundsAgainstLast(measured).map((f) => [f.target, f.firstAgainstLast]));
  // read without the baseline, the steady target's first rounds would be 9 % below its last
  assert.ok(Math.abs(read.steady) < 1e-9, `a steady target read ${read.steady}`);
  // its best two of rounds 1-4 are rounds 3 and 4, 4 % and 2 % below its level
  assert.ok(read.climber < -0.02 && read.climber > -0.05, `the climber read ${read.climber}`);
  assert.equal(read.base, undefined, 'the baseline is not read against itself');
  // fewer than two ends' worth of rounds: nothing to read
  assert.deepEqual(firstRoundsAgainstLast({ ...measured, trials: trials.filter((t) => t.round <= 7) }), []);
});
