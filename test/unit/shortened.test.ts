import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result, TargetStart, Trial } from '../../src/model/schema.js';
import { describeShortening, shortened } from '../../src/bench/shortened.js';
import { summarize } from '../../src/stats/summarize.js';
import { UserError } from '../../src/core/errors.js';
import { measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

/** Four rounds; the baseline in two processes, its second one 20 % faster; the target at 50k req/s. */
function run(): Result {
  const trials: Trial[] = [];
  for (let round = 1; round <= 4; round++) {
    trials.push(trial('base', 'json', round, measurement(100_000), { process: 1 }));
    // the target is faster in its last rounds, so a figure over all four differs from one over two
    trials.push(trial('other', 'json', round, measurement(round <= 2 ? 50_000 : 60_000)));
    trials.push(trial('base', 'json', round, measurement(120_000), { process: 2 }));
  }
  const result = summarizedResult(plan({ scenarios: ['json'], repeats: 4, baselineVisits: 2 }), trials);
  const start = (target: string, process?: number): TargetStart => ({
    target,
    protocol: 'http1',
    at: '',
    cause: 'first',
    ...(process && { process }),
    readyMs: 100,
    warmup: { seconds: 3, steady: true, blocks: [] },
    answerSizes: {},
  });
  return { ...result, starts: [start('base', 1), start('other'), start('base', 2)] };
}

const ratio = (result: Result) =>
  summarize(result).find((s) => s.target === 'other')!.baselineRatios!.requestsPerSec!.estimate;

test('a run read with its first rounds only keeps those rounds, and says so in its plan', () => {
  const whole = run();
  const first = shortened(whole, 'run-a', { rounds: 2 });
  assert.deepEqual([...new Set(first.trials.map((t) => t.round))], [1, 2]);
  assert.equal(first.plan.repeats, 2);
  assert.equal(first.starts!.length, 3);
  // the baseline's figure is the mean of its two processes (110k); the target read 50k in rounds 1-2
  assert.ok(Math.abs(ratio(first) - 50_000 / 110_000) < 1e-9, `${ratio(first)}`);
  assert.ok(Math.abs(ratio(whole) - 60_000 / 110_000) < 1e-9, `${ratio(whole)}`);
  assert.equal(whole.trials.length, 12, 'the run read is left as it was');
});

test("a run read with the baseline's first visit only drops its other processes, their trials and starts", () => {
  const one = shortened(run(), 'run-a', { baselineVisits: 1 });
  assert.deepEqual(
    one.trials.filter((t) => t.target === 'base').map((t) => t.process),
    [1, 1, 1, 1],
  );
  assert.equal(one.trials.filter((t) => t.target === 'other').length, 4, "the other targets' trials stay");
  assert.deepEqual(
    one.starts!.map((s) => `${s.target}${s.process ?? ''}`),
    ['base1', 'other'],
  );
  assert.equal(one.plan.baselineVisits, undefined, 'one visit is what a plan without the field means');
  assert.ok(Math.abs(ratio(one) - 60_000 / 100_000) < 1e-9, `${ratio(one)}`);
  assert.equal(
    describeShortening({ rounds: 12, baselineVisits: 1 }),
    "its first 12 rounds, the baseline's first visit of each round (its process 1)",
  );
  assert.equal(describeShortening({}), '');
});

test('asking for more rounds or visits than a run has is refused, naming the run and what it has', () => {
  assert.throws(
    () => shortened(run(), 'run-a', { rounds: 5 }),
    (e: unknown) =>
      e instanceof UserError &&
      e.code === 'GAUNTLET_BAD_OPTION_VALUE' &&
      /--rounds 5 asks for more rounds than run-a has \(4\)/.test(e.message),
  );
  assert.throws(
    () => shortened(run(), 'run-a', { baselineVisits: 3 }),
    (e: unknown) =>
      e instanceof UserError &&
      e.code === 'GAUNTLET_BAD_OPTION_VALUE' &&
      /--baseline-visits 3 asks for more visits of the baseline than run-a made \(2 in each round\)/.test(e.message),
  );
});
