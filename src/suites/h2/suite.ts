/**
 * h2 (the HTTP/2 part of the Tuft benchmark comparison, https://github.com/tuftjs/bench): hello world served over HTTP/2, cleartext with prior
 * knowledge (h2c, as that comparison's apps listened) and over TLS with ALPN h2 (how browsers
 * speak HTTP/2), loaded like its `h2load -c100 -m100` after a warm-up.
 *
 * Design: one scenario per protocol and answer (`h2c-text`, `h2c-json`, `h2-text`,
 * `h2-json`), each carrying its `protocol`, rather than one `text` scenario run once per
 * protocol. Everything downstream (plan, --scenarios, journal, summaries, report tables,
 * compare) is keyed by scenario name, so each protocol gets its own cell, table and figures
 * with no new dimension anywhere, and every trial says its protocol in its scenario name.
 * A target serves one protocol per start (GAUNTLET_PROTOCOL): a visit runs the scenarios
 * of one protocol together, then restarts the target for the other (see measure/visit.ts).
 *
 * The answers are hello's `text` and `json`, exactly: same requests, same checks.
 */
import { helloSuite } from '../hello/suite.js';
import type { Http2Protocol, Scenario, Suite } from '../types.js';

const PROTOCOLS: Http2Protocol[] = ['h2c', 'h2'];
const ANSWERS = ['text', 'json'];

const wire: Record<Http2Protocol, string> = {
  h2c: 'over cleartext HTTP/2 (h2c, prior knowledge)',
  h2: 'over HTTP/2 on TLS (ALPN h2, throwaway self-signed certificate)',
};

function helloScenario(name: string): Scenario {
  const scenario = helloSuite.scenarios.find((s) => s.name === name);
  if (!scenario) throw new Error(`the hello suite has no ${name} scenario`);
  return scenario;
}

export function overProtocol(scenario: Scenario, protocol: Http2Protocol): Scenario {
  return {
    ...scenario,
    name: `${protocol}-${scenario.name}`,
    description: `${scenario.description}, ${wire[protocol]}`,
    protocol,
  };
}

export const h2Suite: Suite = {
  name: 'h2',
  description: 'hello world over HTTP/2: h2c and TLS (ALPN h2), many streams per connection',
  reproduces:
    'the Tuft benchmark comparison (HTTP/2 hello world: node:http2, Tuft, Fastify, Koa, hapi; h2load -c100 -m100 with warm-up)',
  protocols: PROTOCOLS,
  scenarios: PROTOCOLS.flatMap((protocol) => ANSWERS.map((name) => overProtocol(helloScenario(name), protocol))),
  // The comparison's load: 100 connections with 100 concurrent streams each.
  defaults: { connections: 100, pipelining: 100 },
};
