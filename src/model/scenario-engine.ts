/** Which engine measured a scenario, read from a result's environment. */
import type { Environment, Result } from './schema.js';

export type ScenarioEngine = NonNullable<Environment['scenarioEngines']>[string];

/** The engine of a scenario's trials: as recorded per scenario, else the run's one engine (older results). */
export function engineOfScenario(result: Result, scenario: string): ScenarioEngine {
  return result.environment.scenarioEngines?.[scenario] ?? result.environment.engine;
}
