/** What a run's loads ask of an engine, so `--engine auto` can pick the cheapest one that carries them. */
import type { Scenario } from '../suites/types.js';
import type { EngineCapabilities } from './engine.js';

export function loadNeeds(scenarios: Scenario[], pipelining: number): Partial<EngineCapabilities> {
  const varied = scenarios.some((s) => s.load.length > 1 || s.load.some((r) => r.method !== 'GET' || r.body !== undefined || r.headers !== undefined));
  return { http1: true, pipelining: pipelining > 1, requestSequences: varied };
}
