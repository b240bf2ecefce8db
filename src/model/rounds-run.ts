/**
 * How many rounds a run measured, which is not always the number it planned: a budget ends the
 * default run's rounds early on a slow machine (measure/round-budget.ts), `--until-stable` adds
 * some, and an interrupt stops a run mid-way.
 */
import type { Result } from './schema.js';

/** Rounds that hold at least one trial. */
export function roundsRun(result: Pick<Result, 'trials'>): number {
  return Math.max(0, ...result.trials.map((t) => t.round));
}

/** "16 interleaved rounds", or with why the run measured another number than it planned. */
export function roundsLine(result: Pick<Result, 'trials' | 'plan' | 'complete'>): string {
  const run = roundsRun(result);
  const { repeats, roundBudget } = result.plan;
  const rounds = `${run} interleaved round${run === 1 ? '' : 's'}`;
  if (run === repeats || run === 0) return rounds;
  if (!result.complete) return `${rounds} (${repeats} planned; the run was interrupted)`;
  if (result.plan.untilStable && run > repeats)
    return `${rounds} (${repeats} planned, more added until the intervals were narrow enough or the budget ran out)`;
  if (roundBudget && run < repeats)
    return `${rounds} (${repeats} planned; one more would have ended past the run's budget of ${roundBudget.sec} s)`;
  return `${rounds} (${repeats} planned)`;
}
