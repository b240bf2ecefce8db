/**
 * Which load engine measured each scenario (`--engine auto` picks per scenario), in the words
 * the reports use: one clause per engine and its flags, the scenarios it carried, and how
 * close to its one-core ceiling it may run here (from gauntlet doctor --calibrate).
 */
import { FAKE_ENGINE_NAME } from '../engines/fake/enabled.js';
import type { Result } from '../model/schema.js';
import { engineOfScenario, type ScenarioEngine } from '../model/scenario-engine.js';
import { medianOf } from '../stats/describe.js';
import { formatInt } from './format.js';

export interface EngineGroup {
  engine: ScenarioEngine;
  scenarios: string[];
}

/** Scenarios grouped by the engine that measured them, in scenario order (flags may differ by scenario: its request cycle). */
export function engineGroups(result: Result): EngineGroup[] {
  const groups = new Map<string, EngineGroup>();
  for (const scenario of result.plan.scenarios) {
    const engine = engineOfScenario(result, scenario);
    const group = groups.get(engine.name) ?? { engine, scenarios: [] };
    group.scenarios.push(scenario);
    groups.set(engine.name, group);
  }
  return [...groups.values()];
}

/** The group's flags: those of its first scenario, and a word when other scenarios' differ (their request cycles). */
function groupFlags(result: Result, group: EngineGroup): string {
  const varied = group.scenarios.some((s) => engineOfScenario(result, s).flags !== group.engine.flags);
  return `${group.engine.flags}${varied ? ' (request cycles differ by scenario: see result.json)' : ''}`;
}

function ceiling(engine: ScenarioEngine): string {
  const c = engine.calibration;
  return c
    ? ` (${engine.name} costs ${c.usPerRequest.toFixed(1)} µs CPU per request here, a ceiling of about ${formatInt(c.ceilingRequestsPerSec)} req/s on one core: ` +
        `calibrated ${c.calibratedAt.slice(0, 10)} ${(c.pipelining ?? 10) <= 1 ? 'without pipelining' : `at pipelining ${c.pipelining ?? 10}`}${c.cycled ? ' over a cycle of paths' : ''})`
    : '';
}

/** Said first in the method line when any trial ran on the fake engine (a test run): nobody may read its figures as measured. */
export function fakeEngineWarning(result: Result): string | undefined {
  const fake =
    engineGroups(result).some((g) => g.engine.name === FAKE_ENGINE_NAME) ||
    result.trials.some((t) => t.engine === FAKE_ENGINE_NAME);
  return fake ? 'fake engine: figures are not measurements' : undefined;
}

/** How targets were started and warmed: once per run to steady state (results with `starts`), or per start for a fixed time (older results). */
function warmupClause(result: Result): string {
  const { warmupSec } = result.plan;
  if (!result.starts) return warmupSec > 0 ? `; a ${warmupSec} s warm-up per target start` : '';
  if (warmupSec === 0) return '; each target process started once for the run, no warm-up';
  const median = medianOf(result.starts.map((s) => s.warmup.seconds)) ?? 0;
  const beforeEach = result.plan.trialWarmupSec
    ? `, and loaded ${result.plan.trialWarmupSec} s unmeasured before each window`
    : '';
  return `; each target process started once for the run and warmed up until its throughput levelled off (median ${median} s, at most ${warmupSec} s)${beforeEach}`;
}

/** "each trial h2load -t 1 … (ceiling …)", or one such clause per engine with the scenarios it carried. */
export function enginesLine(result: Result): string {
  const groups = engineGroups(result);
  const warmup = warmupClause(result);
  if (groups.length === 1)
    return `each trial ${groups[0].engine.name} ${groupFlags(result, groups[0])}${ceiling(groups[0].engine)}${warmup}`;
  return (
    groups
      .map((g) => `${g.scenarios.join(', ')}: ${g.engine.name} ${groupFlags(result, g)}${ceiling(g.engine)}`)
      .join('; ') + warmup
  );
}

/** Said under a scenario's table when its latency is per pipelined batch (wrk), not per request. */
export function latencyBasisNote(result: Result, scenario: string): string | undefined {
  const batch = result.trials.some((t) => t.scenario === scenario && t.measurement?.latencyPer === 'batch');
  if (!batch) return undefined;
  const engine = engineOfScenario(result, scenario).name;
  return `latency here is per pipelined batch of ${result.plan.pipelining} requests (${engine} times a batch from its write to its last response), not per request`;
}

/** Said under a scenario's table for each target whose trials another engine ran, and why. */
export function fallbackNote(result: Result, scenario: string): string | undefined {
  const byTarget = new Map<string, string>();
  for (const trial of result.trials) {
    if (trial.scenario !== scenario || !trial.engineFallback || byTarget.has(trial.target)) continue;
    byTarget.set(trial.target, `${trial.target} measured by ${trial.engine} (${trial.engineFallback.reason})`);
  }
  return byTarget.size > 0 ? [...byTarget.values()].join('; ') : undefined;
}
