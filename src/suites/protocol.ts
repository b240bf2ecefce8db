/** Which protocol each scenario is served over, and the order a visit takes them in. */
import type { Scenario } from './types.js';

/**
 * What the load speaks on the wire: HTTP/1.1 (http or https URL), HTTP/2 over cleartext with
 * prior knowledge (h2c, http URL), or HTTP/2 over TLS negotiated by ALPN (h2, https URL).
 */
export type LoadProtocol = 'http1' | 'h2c' | 'h2';

/** What the target serves and the load speaks for a scenario: its HTTP/2 protocol, else HTTP/1.1. */
export function scenarioProtocol(scenario: Pick<Scenario, 'protocol'>): LoadProtocol {
  return scenario.protocol ?? 'http1';
}

/** Every protocol the scenarios use, in order of first appearance. */
export function protocolsOf(scenarios: Array<Pick<Scenario, 'protocol'>>): LoadProtocol[] {
  return [...new Set(scenarios.map(scenarioProtocol))];
}

/**
 * The scenarios with those of one protocol together, protocols in the order they first
 * appear, and the given (shuffled) order kept within each: a target serves one protocol per
 * start, so a visit restarts it once per protocol, not once per change. A list of one
 * protocol (every HTTP/1.1 suite) comes back in its order, unchanged.
 */
export function groupByProtocol<S extends Pick<Scenario, 'protocol'>>(scenarios: S[]): S[] {
  return protocolsOf(scenarios).flatMap((protocol) => scenarios.filter((s) => scenarioProtocol(s) === protocol));
}
