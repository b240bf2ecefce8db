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
  /** Which of the target's processes serves it (1-based; absent: its only one). */
  process?: number;
}

/** Whether a target (a runtime variant's name too: `fastify@node24`) runs a scenario: every one, unless the scenario names its targets. */
export type RunsOn = (target: string, scenario: string) => boolean;

export function scenarioRuns(scenarios: Scenario[]): RunsOn {
  const only = new Map(scenarios.filter((s) => s.targets).map((s) => [s.name, new Set(s.targets)]));
  return (target, scenario) => only.get(scenario)?.has(splitRuntimeSuffix(target).target) ?? true;
}

/**
 * The baseline visited more than once in each scenario's pass: every ratio to the baseline is
 * divided by it, so its own error shifts all of a scenario's ratios at once; its visits of a
 * round are combined (the median) before the division. Visit v of a pass goes to the
 * baseline's process v: a process keeps the speed its start gave it (the stability benchmark
 * prints how far the baseline's processes differ), so the reference averages over starts as
 * well as over time.
 */
export interface BaselineVisits {
  target: string;
  visits: number;
}

/**
 * Rounds `firstRound` … `firstRound + repeats - 1` of every target on every scenario it runs;
 * with `baseline`, its visits spread evenly through each scenario's shuffled pass (first, last
 * and between), so every target sits a few trials from one of them. With `processes` above
 * one, every target runs that many processes and each is visited once per pass, at shuffled
 * places: a process keeps the speed its start gave it, apart from another start of the same
 * code (docs/statistics.md), so a figure over several starts holds better from run
 * to run.
 */
export function planTrials(
  targets: string[],
  scenarios: string[],
  repeats: number,
  seed: number,
  firstRound = 1,
  runsOn: RunsOn = () => true,
  baseline?: BaselineVisits,
  processes = 1,
): PlannedTrial[] {
  const random = seededRandom(seed);
  const anchor = baseline && { ...baseline, visits: Math.max(baseline.visits, processes) };
  const trials: PlannedTrial[] = [];
  for (let round = firstRound; round < firstRound + repeats; round++) {
    for (const scenario of shuffled(scenarios, random)) {
      const pass = shuffled(targets, random).filter((target) => runsOn(target, scenario));
      // one shuffle more only when there are processes to mix, so a seed gives the order it gave before
      const entries =
        processes > 1
          ? shuffled(everyProcess(pass, processes, anchor?.target), random)
          : pass.map((target) => ({ target }));
      for (const visit of spreadVisits(entries, anchor)) trials.push({ round, scenario, ...visit });
    }
  }
  return trials;
}

type Visit = Pick<PlannedTrial, 'target' | 'process'>;

/** Each target once per process, numbered; the baseline once, unnumbered (spreadVisits places its visits). */
function everyProcess(pass: string[], processes: number, baseline: string | undefined): Visit[] {
  return pass.flatMap((target) =>
    target === baseline ? [{ target }] : Array.from({ length: processes }, (_, i) => ({ target, process: i + 1 })),
  );
}

/**
 * The pass with the baseline taken out and put back `visits` times at even spacing, visit v to
 * its process v; unchanged without one, or with nothing else to divide.
 */
function spreadVisits(pass: Visit[], baseline: BaselineVisits | undefined): Visit[] {
  if (!baseline || baseline.visits <= 1 || pass.length < 2 || !pass.some((v) => v.target === baseline.target))
    return pass;
  const others = pass.filter((v) => v.target !== baseline.target);
  const out: Visit[] = [];
  let placed = 0;
  for (let i = 0; i <= others.length; i++) {
    // visit v goes before the others' element at round(v × n / (visits − 1)): first, last and evenly between
    while (placed < baseline.visits && Math.round((placed * others.length) / (baseline.visits - 1)) === i) {
      placed++;
      out.push({ target: baseline.target, process: placed });
    }
    if (i < others.length) out.push(others[i]);
  }
  return out;
}

/** How many processes of a target a run starts: `processes`, and for the baseline at least one per visit. */
export function processCount(target: string, baseline: BaselineVisits | undefined, processes = 1): number {
  return baseline && target === baseline.target ? Math.max(1, baseline.visits, processes) : Math.max(1, processes);
}

/** One start before round 1: a target's process (1-based). */
export interface PlannedStart {
  target: string;
  process: number;
}

/**
 * The order the targets start in before round 1: shuffled, a target's processes in passes
 * (every target's first process, then every second one, …), and the baseline's processes side
 * by side in the middle. A start's figure goes with how long it waited between its warm-up and
 * round 1 (docs/statistics.md), and the baseline's figure divides every ratio: started
 * side by side at a drawn place, its two processes may wait a long time before round 1 in one
 * run and hardly at all in the next, moving every ratio; started first and last, they read
 * several % apart, which an interval drawing its starts takes for noise. In the middle, both
 * wait about as long as the average target, alike in every run.
 */
export function planStarts(targets: string[], seed: number, baseline?: BaselineVisits, processes = 1): PlannedStart[] {
  const order = shuffled(targets, seededRandom(seed));
  const count = (target: string) => processCount(target, baseline, processes);
  const anchor = baseline && order.includes(baseline.target) ? baseline.target : undefined;
  const others = order.filter((target) => target !== anchor);
  const passes = Math.max(0, ...others.map(count));
  const starts: PlannedStart[] = [];
  for (let process = 1; process <= passes; process++)
    for (const target of others) if (count(target) >= process) starts.push({ target, process });
  if (!anchor) return starts;
  const middle = Math.floor(starts.length / 2);
  const own = Array.from({ length: count(anchor) }, (_, i) => ({ target: anchor, process: i + 1 }));
  return [...starts.slice(0, middle), ...own, ...starts.slice(middle)];
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
