/**
 * Which engine carries each scenario's trials, and each warm-up. With `--engine auto` every
 * scenario gets the cheapest installed engine that can carry its load (chooseEngine), so a
 * hello run may take h2load for its GET cycles and a saas run wrk for its request sequences;
 * every target of a scenario is measured by the same engine, so a scenario's table compares
 * like with like. A named engine carries everything or is refused with what it lacks.
 */
import { scenarioProtocol } from '../suites/protocol.js';
import type { Scenario } from '../suites/types.js';
import type { Engine, LoadSpec } from './engine.js';
import { loadNeeds } from './needs.js';
import { chooseEngine } from './registry.js';

/** The load settings every trial shares (from the flags). */
export type SharedLoad = Pick<LoadSpec, 'connections' | 'pipelining' | 'warmupSec' | 'durationSec' | 'timeoutSec'>;

export interface ScenarioEngine {
  engine: Engine;
  /** The engine's flags for this scenario's trials, as its own CLI would spell them. */
  flags: string;
}

export interface EnginePlan {
  /** What was asked: 'auto' or an engine name. */
  requested: string;
  /** The engine of one scenario's trials. */
  forScenario(scenario: string): ScenarioEngine;
  /** The engine of a warm-up that cycles these scenarios together. */
  forWarmup(scenarios: Scenario[]): Engine;
  /** Each engine the plan uses, once, in the order of the scenarios. */
  engines(): Engine[];
  close(): Promise<void>;
}

export function planEngines(requested: string, scenarios: Scenario[], load: SharedLoad): EnginePlan {
  const byScenario = new Map<string, ScenarioEngine>();
  for (const scenario of scenarios) {
    const engine = chooseEngine(loadNeeds([scenario], load.pipelining), requested);
    const spec = { ...load, baseUrl: 'http://127.0.0.1/', requests: scenario.load, protocol: scenarioProtocol(scenario) };
    byScenario.set(scenario.name, { engine, flags: engine.describeFlags(spec) });
  }
  const engines = () => [...new Set([...byScenario.values()].map((e) => e.engine))];
  const warmupEngines = new Set<Engine>();
  return {
    requested,
    forScenario(name) {
      const found = byScenario.get(name);
      if (!found) throw new Error(`no engine planned for scenario ${name}`);
      return found;
    },
    forWarmup(together) {
      const engine = chooseEngine(loadNeeds(together, load.pipelining, true), requested);
      warmupEngines.add(engine);
      return engine;
    },
    engines,
    async close() {
      // A warm-up may have used an engine no trial uses.
      await Promise.all([...new Set([...engines(), ...warmupEngines])].map((engine) => engine.close()));
    },
  };
}
