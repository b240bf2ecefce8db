/** What a load asks of an engine, so `--engine auto` can pick the cheapest one that carries it. */
import { scenarioProtocol } from '../suites/protocol.js';
import type { RequestSpec, Scenario } from '../suites/types.js';
import { protocolCapability, type EngineCapabilities } from './engine.js';
import type { LoadProfile } from './profile.js';

/** What the capabilities name (capabilities that are preferences, not needs, are left out). */
export type LoadNeeds = Partial<Omit<EngineCapabilities, 'timesEachPipelinedRequest' | 'openArrivalRate'>>;

/** A request's headers as one comparable string (names lower-cased, order ignored): equal keys, the same headers. */
export function headersKey(headers: Record<string, string> | undefined): string {
  return JSON.stringify(
    Object.entries(headers ?? {})
      .map(([name, value]) => [name.toLowerCase(), value])
      .sort(),
  );
}

/** Needs of one request cycle: several GET paths with one set of headers, or requests that differ in more. */
function requestNeeds(requests: RequestSpec[]): LoadNeeds {
  const common = headersKey(requests[0].headers);
  const varied = requests.some(
    (r) => r.method !== 'GET' || (r.body !== undefined && r.body !== '') || headersKey(r.headers) !== common,
  );
  return { pathCycles: requests.length > 1 && !varied, requestSequences: varied };
}

/**
 * Needs of the scenarios' loads, each cycled on its own (a trial), or all interleaved in one
 * cycle (`together`: the warm-up, which cycles every scenario of a target start).
 */
export function loadNeeds(scenarios: Scenario[], pipelining: number, together = false): LoadNeeds {
  const cycles = together ? [scenarios.flatMap((s) => s.load)] : scenarios.map((s) => s.load);
  const needs: LoadNeeds = { pipelining: pipelining > 1, pathCycles: false, requestSequences: false };
  for (const cycle of cycles) {
    const cycleNeeds = requestNeeds(cycle);
    needs.pathCycles ||= cycleNeeds.pathCycles;
    needs.requestSequences ||= cycleNeeds.requestSequences;
  }
  for (const scenario of scenarios) needs[protocolCapability[scenarioProtocol(scenario)] as keyof LoadNeeds] = true;
  return needs;
}

/** What a load profile asks beyond the fixed connections every engine runs (nothing for fixed). */
export function profileNeeds(profile: LoadProfile | undefined): LoadNeeds {
  if (!profile || profile.kind === 'fixed') return {};
  if (profile.kind === 'ramp') return { rampingLoad: true };
  const constant = profile.stages.length === 1 && profile.stages[0].from === profile.stages[0].to;
  return constant ? { arrivalRate: true } : { rampingArrivalRate: true };
}

/**
 * What a trial's measured window asks: a fraction of a second needs an engine that can time
 * one. (A trial warm-up of a fraction is only lengthened to a whole second by wrk: unmeasured.)
 */
export function windowNeeds(windowSec: number): LoadNeeds {
  return Number.isInteger(windowSec) ? {} : { subSecondWindows: true };
}
