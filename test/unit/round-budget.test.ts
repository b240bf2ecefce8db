import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAIN_JOB_BUDGET_SEC,
  MAIN_JOB_STARTS,
  mainJobBudgetSec,
  minimumRounds,
  nextRoundFits,
  roundsLikely,
} from '../../src/measure/round-budget.js';
import { roundsLine, roundsRun } from '../../src/model/rounds-run.js';
import { shortened } from '../../src/bench/shortened.js';
import { UserError } from '../../src/core/errors.js';
import { measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

test("the default run's budget: its own for up to its starts, as much per start beyond", () => {
  assert.equal(mainJobBudgetSec(4), MAIN_JOB_BUDGET_SEC, 'a smaller run keeps the whole budget');
  assert.equal(mainJobBudgetSec(MAIN_JOB_STARTS), MAIN_JOB_BUDGET_SEC);
  assert.equal(mainJobBudgetSec(2 * MAIN_JOB_STARTS), 2 * MAIN_JOB_BUDGET_SEC, 'two runtimes, twice the time');
});

test('a round starts only while one as long as the last still ends within the budget, after the minimum', () => {
  const budget = { sec: 100, minRounds: 3 };
  assert.equal(nextRoundFits(budget, { roundsDone: 5, elapsedSec: 89, lastRoundSec: 11 }), true, 'ends at 100 s');
  assert.equal(nextRoundFits(budget, { roundsDone: 5, elapsedSec: 90, lastRoundSec: 11 }), false, 'would end at 101 s');
  assert.equal(
    nextRoundFits(budget, { roundsDone: 2, elapsedSec: 400, lastRoundSec: 11 }),
    true,
    'the minimum runs whatever the time',
  );
  assert.equal(nextRoundFits(budget, { roundsDone: 3, elapsedSec: 400, lastRoundSec: 11 }), false);
  assert.deepEqual([1, 2, 3, 8, 15, 16].map(minimumRounds), [1, 1, 2, 4, 8, 8]);
});

/** A run of `measured` rounds of two targets, planned for `planned`. */
function run(measured: number, planned: number, extra: Partial<Parameters<typeof plan>[0]> = {}, complete = true) {
  const trials = Array.from({ length: measured }, (_, i) => [
    trial('base', 'json', i + 1, measurement(100_000)),
    trial('other', 'json', i + 1, measurement(50_000)),
  ]).flat();
  return { ...summarizedResult(plan({ scenarios: ['json'], repeats: planned, ...extra }), trials), complete };
}

test('the rounds a run measured, and why they are not the rounds it planned', () => {
  assert.equal(roundsRun(run(14, 16)), 14);
  assert.equal(roundsLine(run(16, 16)), '16 interleaved rounds');
  assert.equal(roundsLine(run(1, 1)), '1 interleaved round');
  assert.equal(
    roundsLine(run(14, 16, { roundBudget: { sec: 295, minRounds: 8 } })),
    "14 interleaved rounds (16 planned; one more would have ended past the run's budget of 295 s)",
  );
  assert.equal(
    roundsLine(run(5, 16, { roundBudget: { sec: 295, minRounds: 8 } }, false)),
    '5 interleaved rounds (16 planned; the run was interrupted)',
  );
  assert.match(
    roundsLine(run(9, 6, { untilStable: { halfWidthShare: 0.03, budgetSec: 600 } })),
    /^9 interleaved rounds \(6 planned, more added until/,
  );
});

test('a run a budget ended early is re-read up to the rounds it measured, not those it planned', () => {
  const cut = run(14, 16, { roundBudget: { sec: 295, minRounds: 8 } });
  assert.equal(roundsRun(shortened(cut, 'run 1', { rounds: 14 })), 14);
  assert.throws(
    () => shortened(cut, 'run 1', { rounds: 15 }),
    (error: unknown) =>
      error instanceof UserError && error.code === 'GAUNTLET_BAD_OPTION_VALUE' && /has \(14\)/.test(error.message),
  );
});

test('the rounds a budget will likely let run, for the ETA: as many as fit at the last pace, within the minimum and the plan', () => {
  const budget = { sec: 100, minRounds: 3 };
  assert.equal(roundsLikely(budget, { roundsDone: 4, elapsedSec: 60, lastRoundSec: 10 }, 16), 8);
  assert.equal(roundsLikely(budget, { roundsDone: 4, elapsedSec: 60, lastRoundSec: 1 }, 16), 16, 'never past the plan');
  assert.equal(
    roundsLikely(budget, { roundsDone: 1, elapsedSec: 200, lastRoundSec: 10 }, 16),
    3,
    'never below the minimum',
  );
  assert.equal(roundsLikely(budget, { roundsDone: 5, elapsedSec: 200, lastRoundSec: 10 }, 16), 5);
});
