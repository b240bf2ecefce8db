/**
 * The order of a run's trials. Targets stay running for the whole run (see measure/run.ts), so
 * nothing forces a target's scenarios together: a round measures one scenario on every target
 * back to back, targets in a shuffled order, then the next scenario, scenarios shuffled per
 * round. Each target's trial of a scenario thus sits within seconds of the baseline's trial of
 * the same scenario in the same round, which is what the paired ratio to the baseline needs on
 * a machine that drifts by tens of percent within an hour. The seed is recorded, so an order
 * can be reproduced.
 */
import { formatProfile, type ScenarioShape } from '../engines/profile.js';
import type { Plan } from '../model/schema.js';
import { seededRandom, shuffled } from '../stats/random.js';
import type { Scenario } from '../suites/types.js';
import { splitRuntimeSuffix } from '../targets/runtime-variants.js';

export interface PlannedTrial {
  round: number;
  target: string;
  scenario: string;
}

/** Whether a target (a runtime variant's name too: `fastify@node24`) runs a scenario: every one, unless the scenario names its targets. */
export type RunsOn = (target: string, scenario: string) => boolean;

export function scenarioRuns(scenarios: Scenario[]): RunsOn {
  const only = new Map(scenarios.filter((s) => s.targets).map((s) => [s.name, new Set(s.targets)]));
  return (target, scenario) => only.get(scenario)?.has(splitRuntimeSuffix(target).target) ?? true;
}

/** Rounds `firstRound` … `firstRound + repeats - 1` of every target on every scenario it runs. */
export function planTrials(
  targets: string[],
  scenarios: string[],
  repeats: number,
  seed: number,
  firstRound = 1,
  runsOn: RunsOn = () => true,
): PlannedTrial[] {
  const random = seededRandom(seed);
  const trials: PlannedTrial[] = [];
  for (let round = firstRound; round < firstRound + repeats; round++) {
    for (const scenario of shuffled(scenarios, random)) {
      for (const target of shuffled(targets, random))
        if (runsOn(target, scenario)) trials.push({ round, target, scenario });
    }
  }
  return trials;
}

type ShapeRecord = NonNullable<Plan['scenarioShapes']>[string];

/**
 * The plan's own shape (its profile, reason and window fields): the first scenario's that runs
 * on every target; and the scenarios that differ from it or run on some targets only, apart
 * (absent when none does, so a plain run's plan reads as before).
 */
export function planShapes(
  scenarios: Scenario[],
  shapes: Record<string, ScenarioShape>,
  targets: string[],
): { shape: ScenarioShape; apart?: Record<string, ShapeRecord> } {
  const main = scenarios.find((s) => !s.targets) ?? scenarios[0];
  const shape = shapes[main.name];
  const key = (s: ScenarioShape) => `${formatProfile(s.profile)} ${s.durationSec} ${s.reason ?? ''}`;
  const runsOn = scenarioRuns(scenarios);
  const apart: Record<string, ShapeRecord> = {};
  for (const scenario of scenarios) {
    const own = shapes[scenario.name];
    if (!scenario.targets && key(own) === key(shape)) continue;
    apart[scenario.name] = {
      ...(own.profile.kind !== 'fixed' && { profile: formatProfile(own.profile) }),
      ...(own.reason && { profileReason: own.reason }),
      durationSec: own.durationSec,
      ...(scenario.targets && { targets: targets.filter((t) => runsOn(t, scenario.name)) }),
    };
  }
  return { shape, ...(Object.keys(apart).length > 0 && { apart }) };
}
