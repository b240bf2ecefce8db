/**
 * The time a run's planned rounds may take. The default run has to end within about five minutes,
 * but on this machine runs of its 16 rounds took 287-360 s, and of 15 rounds 298-354 s: their
 * warm-ups took 108-152 s and a round 9.9-17.3 s, by the hour's noise. So it plans the rounds a
 * quick hour has time for and starts a round only while one as long as the last still ends
 * within the budget. Rounds stay whole: every target is measured in every round the run keeps,
 * so each ratio to the baseline is still paired within its rounds.
 */

export interface RoundBudget {
  /** The run's time, from its start to the end of its last round (seconds). */
  sec: number;
  /** Rounds kept whatever the time: the best quarter needs a few to choose from. */
  minRounds: number;
}

/**
 * The default run's budget: 295 s, so that with the second or so a run takes to stop its
 * targets and write its result it ends within 300 s, over its 19 starts (18 targets and the
 * baseline's second process); a run that starts more processes (more runtimes, --processes)
 * gets as much per start, so its rounds are cut no more than the default run's.
 */
export const MAIN_JOB_BUDGET_SEC = 295;
export const MAIN_JOB_STARTS = 19;

/** The budget for a run of `starts` target processes: the default run's, or its share per start when more start. */
export function mainJobBudgetSec(starts: number): number {
  return Math.max(MAIN_JOB_BUDGET_SEC, Math.round((MAIN_JOB_BUDGET_SEC * starts) / MAIN_JOB_STARTS));
}

/** Rounds a budget keeps at least: half of those planned, and never fewer than one. */
export function minimumRounds(planned: number): number {
  return Math.max(1, Math.ceil(planned / 2));
}

/**
 * Whether the next round may start: always until `minRounds` are done; after that, only if
 * the run's time so far plus the last round's length stays within the budget.
 */
export function nextRoundFits(
  budget: RoundBudget,
  progress: { roundsDone: number; elapsedSec: number; lastRoundSec: number },
): boolean {
  if (progress.roundsDone < budget.minRounds) return true;
  return progress.elapsedSec + progress.lastRoundSec <= budget.sec;
}

/**
 * How many rounds the run will likely measure, for the progress's ETA: those done, and as many
 * more as fit at the pace of the last, between the minimum and the rounds planned.
 */
export function roundsLikely(
  budget: RoundBudget,
  progress: { roundsDone: number; elapsedSec: number; lastRoundSec: number },
  planned: number,
): number {
  if (progress.lastRoundSec <= 0) return planned;
  const more = Math.floor((budget.sec - progress.elapsedSec) / progress.lastRoundSec);
  return Math.min(planned, Math.max(budget.minRounds, progress.roundsDone + Math.max(0, more)));
}
