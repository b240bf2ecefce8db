/**
 * The order of a run's trials. Targets stay running for the whole run (see measure/run.ts), so
 * nothing forces a target's scenarios together: a round measures one scenario on every target
 * back to back, targets in a shuffled order, then the next scenario, scenarios shuffled per
 * round. Each target's trial of a scenario thus sits within seconds of the baseline's trial of
 * the same scenario in the same round, which is what the paired ratio to the baseline needs on
 * a machine that drifts by tens of percent within an hour. The seed is recorded, so an order
 * can be reproduced.
 */
import { seededRandom, shuffled } from '../stats/random.js';

export interface PlannedTrial {
  round: number;
  target: string;
  scenario: string;
}

/** Rounds `firstRound` … `firstRound + repeats - 1` of every target on every scenario. */
export function planTrials(
  targets: string[],
  scenarios: string[],
  repeats: number,
  seed: number,
  firstRound = 1,
): PlannedTrial[] {
  const random = seededRandom(seed);
  const trials: PlannedTrial[] = [];
  for (let round = firstRound; round < firstRound + repeats; round++) {
    for (const scenario of shuffled(scenarios, random)) {
      for (const target of shuffled(targets, random)) trials.push({ round, target, scenario });
    }
  }
  return trials;
}
