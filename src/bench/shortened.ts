/**
 * A saved run read as if it had measured less: only its first rounds, or only the baseline's
 * first visits. `bench:stability --from` uses it to ask what more rounds or more visits of the
 * baseline buy, on pairs already run, without a new load: each round of a run is a whole
 * shuffled pass over every target, so the first n rounds of a longer run are what a run of n
 * rounds would have measured (after the same starts and warm-ups). The baseline's visit v
 * goes to its process v (measure/run.ts), so keeping k visits keeps k of its starts; the
 * visits kept stay where they were in each round (the first one first), where a run with
 * fewer visits would have put them elsewhere.
 *
 * The run's time is not shortened with it: its record says how long the whole run took.
 */
import { UserError } from '../core/errors.js';
import { roundsRun } from '../model/rounds-run.js';
import type { Result } from '../model/schema.js';

export interface Shortening {
  /** Keep rounds 1..rounds. */
  rounds?: number;
  /** Keep the baseline's processes 1..baselineVisits (its visits in each round). */
  baselineVisits?: number;
}

/** How the shortening reads in a sentence ("its first 12 rounds, the baseline's first visit"); '' for none. */
export function describeShortening({ rounds, baselineVisits }: Shortening): string {
  return [
    rounds === undefined ? undefined : `its first ${rounds} round${rounds === 1 ? '' : 's'}`,
    baselineVisits === undefined
      ? undefined
      : `the baseline's first ${baselineVisits === 1 ? 'visit' : `${baselineVisits} visits`} of each round (its process${baselineVisits === 1 ? '' : 'es'} 1${baselineVisits > 1 ? `–${baselineVisits}` : ''})`,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The run with only what the shortening keeps: its trials, its starts and its plan (repeats,
 * baselineVisits) cut down alike. Refused with GAUNTLET_BAD_OPTION_VALUE when the run has fewer
 * rounds or visits than asked for, since a figure would silently stand for less than it says.
 * Its summaries are left as they were: summarize the result again to read it.
 */
export function shortened(result: Result, source: string, { rounds, baselineVisits }: Shortening): Result {
  const { plan } = result;
  const visits = plan.baselineVisits ?? 1;
  // what it measured, not what it planned: a budget may have ended it early
  const measured = roundsRun(result);
  if (rounds !== undefined && rounds > measured)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--rounds ${rounds} asks for more rounds than ${source} has (${measured})`,
      `give --rounds ${measured} or fewer`,
    );
  if (baselineVisits !== undefined && baselineVisits > visits)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--baseline-visits ${baselineVisits} asks for more visits of the baseline than ${source} made (${visits} in each round)`,
      `give --baseline-visits ${visits} or fewer`,
    );
  const keptProcess = (target: string, process: number | undefined) =>
    baselineVisits === undefined || target !== plan.baseline || (process ?? 1) <= baselineVisits;
  return {
    ...result,
    plan: {
      ...plan,
      ...(rounds !== undefined && { repeats: rounds }),
      ...(baselineVisits !== undefined && { baselineVisits: baselineVisits > 1 ? baselineVisits : undefined }),
    },
    trials: result.trials.filter(
      (t) => (rounds === undefined || t.round <= rounds) && keptProcess(t.target, t.process),
    ),
    starts: result.starts?.filter((s) => keptProcess(s.target, s.process)),
  };
}
