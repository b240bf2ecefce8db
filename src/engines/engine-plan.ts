/**
 * Which engine carries each scenario's trials, and each warm-up. With `--engine auto` every
 * scenario gets the cheapest installed engine that can carry its load (chooseEngine), so a
 * hello run takes h2load for its pipelined GETs, and the same run without pipelining wrk;
 * every target of a scenario is measured by the same engine, so a scenario's table compares
 * like with like, unless that engine cannot read a target's answers (forTrial). A named
 * engine carries everything or is refused with what it lacks.
 */
import { scenarioProtocol } from '../suites/protocol.js';
import type { Scenario } from '../suites/types.js';
import type { Engine, LoadSpec } from './engine.js';
import { type LoadNeeds, loadNeeds, profileNeeds, windowNeeds } from './needs.js';
import type { LoadProfile } from './profile.js';
import { chooseEngine as chooseFromRegistry, requireCapabilities } from './registry.js';

/** The load settings every trial shares (from the flags); `durationSec` is the fixed window. */
export type SharedLoad = Pick<LoadSpec, 'connections' | 'pipelining' | 'warmupSec' | 'durationSec' | 'timeoutSec'>;

export interface ScenarioEngine {
  engine: Engine;
  /** The engine's flags for this scenario's trials, as its own CLI would spell them. */
  flags: string;
}

/** What a target's answers ask of an engine, found when it was verified. */
export interface TargetQuirks {
  /** Its HTTP/1.1 status lines have no reason phrase. */
  statusWithoutReason: boolean;
}

/** The engine of one target's trials of a scenario: the scenario's, or another one and why. */
export interface TrialEngine extends ScenarioEngine {
  /** Set when the scenario's engine cannot read this target's answers. */
  fallbackReason?: string;
}

export interface EnginePlan {
  /** The engine of one scenario's trials. */
  forScenario(scenario: string): ScenarioEngine;
  /**
   * The engine of one target's trials of a scenario: the scenario's, unless it cannot read the
   * target's answers; then (with auto) the cheapest one that can, with the reason. A named
   * engine that cannot is refused with the reason (the trial fails saying so).
   */
  forTrial(scenario: Scenario, quirks: TargetQuirks): TrialEngine;
  /** The engine of a warm-up that cycles these scenarios together against a target with these quirks. */
  forWarmup(scenarios: Scenario[], quirks: TargetQuirks): Engine;
  /** Each engine the plan uses, once, in the order of the scenarios. */
  engines(): Engine[];
  close(): Promise<void>;
}

export function planEngines(
  requested: string,
  scenarios: Scenario[],
  load: SharedLoad,
  /** Scenarios whose trials run a profile or window of their own (absent: fixed, `load.durationSec`). */
  shapes: Record<string, { profile: LoadProfile; durationSec: number }> = {},
  /** The one engine every load runs on (k6 split over load hosts), refused where it lacks a capability. */
  only?: Engine,
): EnginePlan {
  const chooseEngine = (needs: LoadNeeds, preferred?: string) =>
    only ? requireCapabilities(only, needs) : chooseFromRegistry(needs, preferred);
  const profileOf = (scenario: Scenario) => shapes[scenario.name]?.profile;
  /** Everything a scenario's trials ask of an engine beyond its quirks: requests, profile, window lengths. */
  const trialNeeds = (scenario: Scenario) => ({
    ...loadNeeds([scenario], load.pipelining),
    ...profileNeeds(profileOf(scenario)),
    ...windowNeeds(shapes[scenario.name]?.durationSec ?? load.durationSec),
  });
  /** The engine's flags for a scenario's trials, their own warm-up included (the URL does not appear in them). */
  const flagsFor = (engine: Engine, scenario: Scenario) =>
    engine.describeFlags({
      ...load,
      durationSec: shapes[scenario.name]?.durationSec ?? load.durationSec,
      ...(profileOf(scenario)?.kind !== 'fixed' && { profile: profileOf(scenario) }),
      baseUrl: 'http://127.0.0.1/',
      requests: scenario.load,
      protocol: scenarioProtocol(scenario),
    });
  const byScenario = new Map<string, ScenarioEngine>();
  for (const scenario of scenarios) {
    const engine = chooseEngine(trialNeeds(scenario), requested);
    byScenario.set(scenario.name, { engine, flags: flagsFor(engine, scenario) });
  }
  const engines = () => [...new Set([...byScenario.values()].map((e) => e.engine))];
  const forScenario = (name: string): ScenarioEngine => {
    const found = byScenario.get(name);
    if (!found) throw new Error(`no engine planned for scenario ${name}`);
    return found;
  };
  const warmupEngines = new Set<Engine>();
  const fallbackEngines = new Set<Engine>();
  return {
    forScenario,
    forTrial(scenario, quirks) {
      const planned = forScenario(scenario.name);
      if (!quirks.statusWithoutReason || planned.engine.capabilities.readsStatusWithoutReason) return planned;
      const engine = chooseEngine({ ...trialNeeds(scenario), readsStatusWithoutReason: true }, requested);
      fallbackEngines.add(engine);
      return {
        engine,
        flags: flagsFor(engine, scenario),
        fallbackReason: `${planned.engine.name} cannot read its HTTP/1.1 status lines, which have no reason phrase`,
      };
    },
    forWarmup(together, quirks) {
      const needs = loadNeeds(together, load.pipelining, true);
      let engine: Engine;
      try {
        engine = chooseEngine(
          quirks.statusWithoutReason ? { ...needs, readsStatusWithoutReason: true } : needs,
          requested,
        );
      } catch {
        engine = chooseEngine(needs, requested); // a named engine still warms up: its figures are not kept
      }
      warmupEngines.add(engine);
      return engine;
    },
    engines,
    async close() {
      // A warm-up or a fallback may have used an engine the plan does not name.
      await Promise.all(
        [...new Set([...engines(), ...warmupEngines, ...fallbackEngines])].map((engine) => engine.close()),
      );
    },
  };
}
