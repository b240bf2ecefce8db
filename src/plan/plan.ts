/**
 * The order of a run. Each round visits every target once, targets in a shuffled order and
 * each target's scenarios shuffled too, so a machine that drifts over the run hurts every
 * target alike. The seed is recorded, so an order can be reproduced.
 */
import { seededRandom, shuffled } from '../stats/random.js';

export interface Visit {
  round: number;
  target: string;
  /** Scenarios measured during this start of the target, in order. */
  scenarios: string[];
}

export function planVisits(targets: string[], scenarios: string[], repeats: number, seed: number): Visit[] {
  const random = seededRandom(seed);
  const visits: Visit[] = [];
  for (let round = 1; round <= repeats; round++) {
    for (const target of shuffled(targets, random)) {
      visits.push({ round, target, scenarios: shuffled(scenarios, random) });
    }
  }
  return visits;
}

export function trialCount(visits: Visit[]): number {
  return visits.reduce((sum, visit) => sum + visit.scenarios.length, 0);
}
