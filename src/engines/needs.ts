/** What a run's loads ask of an engine, so `--engine auto` can pick the cheapest one that carries them. */
import { protocolsOf } from '../suites/protocol.js';
import type { Scenario } from '../suites/types.js';
import type { EngineCapabilities } from './engine.js';

export function loadNeeds(scenarios: Scenario[], pipelining: number): Partial<EngineCapabilities> {
  const varied = scenarios.some((s) => s.load.length > 1 || s.load.some((r) => r.method !== 'GET' || r.body !== undefined || r.headers !== undefined));
  const protocols = protocolsOf(scenarios);
  const needs: Partial<EngineCapabilities> = { http1: protocols.length === 0 || protocols.includes('http1'), pipelining: pipelining > 1, requestSequences: varied };
  // HTTP/2 scenarios (the h2 suite) name their protocol; HTTP/1.1 ones need nothing more.
  if (protocols.includes('h2c')) needs.h2c = true;
  if (protocols.includes('h2')) needs.tlsHttp2 = true;
  return needs;
}
