/**
 * Whether targets were still warming up when their measured rounds began: each target's first
 * rounds against its last, both read as the headline reads a ratio to the baseline
 * (best-rounds.ts) over those rounds alone. The baseline, measured seconds apart in the same
 * rounds, takes the machine's pace out, so what is left is the target's own climb (or fall)
 * between the two ends of its run, after its warm-up (measure/warmup.ts) has ended. Read by
 * bench:stability over both runs of a pair; one pair's noise moves it a good deal, so it is
 * read over several (docs/stability.md, "Today's figures").
 */
import type { Plan, Trial } from '../model/schema.js';
import { bestRoundsOverStarts, roundsOf } from './best-rounds.js';
import type { StartRounds } from './paired.js';
import { validByStart } from './summarize.js';

/** Rounds at each end: 4 of the default run's 16, each end's figure then its best two (keptRounds). */
export const EDGE_ROUNDS = 4;

export interface FirstRounds {
  target: string;
  scenario: string;
  /** The first rounds' ratio to the baseline over the last rounds' ratio, less 1 (−0.05: 5 % below where it ended). */
  firstAgainstLast: number;
}

/** A side's measurements in the given rounds only. */
function inRounds(side: StartRounds, rounds: ReadonlySet<number>): StartRounds {
  return new Map(
    [...side].map(([start, byRound]) => [start, new Map([...byRound].filter(([round]) => rounds.has(round)))]),
  );
}

/** Each target's first EDGE_ROUNDS rounds against its last, per scenario; none for a run of fewer than twice as many rounds. */
export function firstRoundsAgainstLast(run: {
  plan: Pick<Plan, 'targets' | 'scenarios' | 'baseline'>;
  trials?: Trial[];
}): FirstRounds[] {
  const trials = run.trials ?? [];
  const rps = (m: { requestsPerSec: number }) => m.requestsPerSec;
  return run.plan.scenarios.flatMap((scenario) => {
    const baseline = validByStart(trials, run.plan.baseline, scenario, rps);
    const rounds = roundsOf(baseline);
    if (rounds.length < 2 * EDGE_ROUNDS) return [];
    const ends = [new Set(rounds.slice(0, EDGE_ROUNDS)), new Set(rounds.slice(-EDGE_ROUNDS))];
    // the baseline's figure at each end, the divisor of every target's
    const theirs = ends.map((end) => bestRoundsOverStarts(inRounds(baseline, end), 'higher'));
    return run.plan.targets
      .filter((target) => target !== run.plan.baseline)
      .flatMap((target) => {
        const side = validByStart(trials, target, scenario, rps);
        const [first, last] = ends.map((end, i) => {
          const own = bestRoundsOverStarts(inRounds(side, end), 'higher');
          const divisor = theirs[i];
          return own !== undefined && divisor !== undefined && divisor > 0 ? own / divisor : undefined;
        });
        return first !== undefined && last !== undefined && last > 0
          ? [{ target, scenario, firstAgainstLast: first / last - 1 }]
          : [];
      });
  });
}
