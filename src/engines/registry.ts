import { UserError, unknownValue } from '../core/errors.js';
import { autocannonEngine } from './autocannon/engine.js';
import type { Engine, EngineCapabilities } from './engine.js';
import type { LoadNeeds } from './needs.js';
import { fakeEngineEnabled } from './fake/enabled.js';
import { fakeEngine } from './fake/engine.js';
import { h2loadEngine } from './h2load/engine.js';
import { k6Engine } from './k6/engine.js';
import { K6_INSTALL_HINT } from './k6/locate.js';
import { nodeHttp1Engine } from './node-http1/engine.js';
import { nodeHttp2Engine } from './node-http2/engine.js';
import { wrkEngine } from './wrk/engine.js';

/** Every engine gauntlet can drive: autocannon (always installed) first, then the optional ones. */
export const engines: Engine[] = [
  autocannonEngine,
  nodeHttp1Engine,
  wrkEngine,
  h2loadEngine,
  nodeHttp2Engine,
  k6Engine,
];

/**
 * The engines `--engine` accepts: every real one, and the fake one (no load, made-up counts)
 * only when GAUNTLET_FAKE_ENGINE=1, for tests. It is in neither `engines` nor
 * `enginesByEfficiency`, so list, doctor, calibration and auto never see it.
 */
function nameableEngines(): Engine[] {
  return fakeEngineEnabled() ? [...engines, fakeEngine] : engines;
}

/**
 * Engines by client CPU per request, cheapest first (gauntlet doctor --calibrate on a 2-core
 * EPYC, pipelined hello: wrk 4.4–5.8 µs, h2load 6.7–7.9, autocannon 8.5–11; node-http2 tens):
 * chooseEngine takes the first usable one that can carry the load.
 */
export const enginesByEfficiency: Engine[] = [
  wrkEngine,
  h2loadEngine,
  nodeHttp1Engine,
  autocannonEngine,
  nodeHttp2Engine,
  k6Engine,
];

type Need = keyof LoadNeeds;

const capabilityNames: Record<Need, string> = {
  http1: 'HTTP/1.1',
  pipelining: 'pipelining',
  h2c: 'h2c (HTTP/2 over cleartext)',
  tlsHttp2: 'HTTP/2 over TLS',
  pathCycles: 'a cycle of several GET paths',
  requestSequences: 'request sequences (several methods, headers or bodies)',
  readsStatusWithoutReason: 'reading status lines without a reason phrase',
  subSecondWindows: 'windows of a fraction of a second (--duration)',
  rampingLoad: 'ramping virtual users (--profile ramp)',
  arrivalRate: 'a constant arrival rate (--profile rate)',
  rampingArrivalRate: 'a ramping arrival rate (--profile rate with stages)',
};

/** How to make an engine usable, for error messages. */
const installHints: Record<string, string> = {
  autocannon: 'npm install',
  wrk: 'apt-get install -y wrk',
  h2load: 'apt-get install -y nghttp2-client',
  'node-http1': 'built in (node:net)',
  'node-http2': 'built in (node:http2)',
  k6: K6_INSTALL_HINT,
};

/** The engine of that name, refused with the reason when it is unknown or not installed. */
function selectEngine(name: string): Engine {
  const engine = nameableEngines().find((candidate) => candidate.name === name);
  if (!engine) throw unknownValue('engine', name, ['auto', ...nameableEngines().map((e) => e.name)], '--engine');
  const reason = engine.unavailableReason();
  if (reason)
    throw new UserError(
      'GAUNTLET_ENGINE_UNAVAILABLE',
      `engine ${name} is not usable here: ${reason}`,
      'see gauntlet doctor',
    );
  return engine;
}

function neededCapabilities(needs: LoadNeeds): Need[] {
  return (Object.keys(needs) as Need[]).filter((capability) => needs[capability] === true);
}

function missingCapabilities(engine: Engine, needed: Need[]): Need[] {
  return needed.filter((capability) => !(engine.capabilities as EngineCapabilities)[capability]);
}

/**
 * Capable engines in the order auto tries them: cheapest first, except that a pipelined load
 * goes first to the engines that time each request (wrk times a batch), so latency keeps one
 * meaning wherever it can.
 */
function preferenceOrder(capable: Engine[], needs: LoadNeeds): Engine[] {
  if (!needs.pipelining) return capable;
  return [
    ...capable.filter((e) => e.capabilities.timesEachPipelinedRequest),
    ...capable.filter((e) => !e.capabilities.timesEachPipelinedRequest),
  ];
}

/** `engine` when it has every capability `needs` sets, else refused naming what it lacks. */
export function requireCapabilities(engine: Engine, needs: LoadNeeds): Engine {
  const missing = missingCapabilities(engine, neededCapabilities(needs));
  if (missing.length === 0) return engine;
  const capable = enginesByEfficiency.filter(
    (other) => missingCapabilities(other, neededCapabilities(needs)).length === 0,
  );
  throw new UserError(
    'GAUNTLET_ENGINE_INCAPABLE',
    `engine ${engine.name} cannot carry this load: it has no ${missing.map((c) => capabilityNames[c]).join(', ')}`,
    capable.length > 0
      ? `use --engine ${capable.map((e) => e.name).join(' or ')}, or --engine auto`
      : 'no engine gauntlet knows can',
  );
}

/**
 * The cheapest usable engine that has every capability set to true in `needs` (false or
 * absent: not needed), see preferenceOrder. `preferred` (an engine name; 'auto' or undefined
 * to choose) is taken as it is or refused with the reason: it is never silently replaced by
 * another engine.
 */
export function chooseEngine(needs: LoadNeeds, preferred?: string): Engine {
  const needed = neededCapabilities(needs);
  const names = (capabilities: Need[]) => capabilities.map((c) => capabilityNames[c]).join(', ');
  const capable = enginesByEfficiency.filter((engine) => missingCapabilities(engine, needed).length === 0);

  // unknown or not installed: refused with the reason
  if (preferred !== undefined && preferred !== 'auto') return requireCapabilities(selectEngine(preferred), needs);

  // A rate profile is an open model: auto never runs it on a closed loop with a rate cap (autocannon -R).
  const openOnly = needs.arrivalRate || needs.rampingArrivalRate;
  const candidates = openOnly ? capable.filter((engine) => engine.capabilities.openArrivalRate) : capable;
  const usable = preferenceOrder(candidates, needs).find((engine) => !engine.unavailableReason());
  if (usable) return usable;
  const wanted = needed.length > 0 ? names(needed) : 'any load';
  if (openOnly && candidates.length > 0) {
    throw new UserError(
      'GAUNTLET_ENGINE_UNAVAILABLE',
      `no installed load engine runs ${wanted} as an open model: ${candidates.map((e) => `${e.name} could, but ${e.unavailableReason()}`).join('; ')}`,
      `install k6: ${K6_INSTALL_HINT}; or name --engine autocannon for a rate cap on a closed loop (not an open model: see docs/engines.md)`,
    );
  }
  if (capable.length === 0) {
    throw new UserError(
      'GAUNTLET_NO_CAPABLE_ENGINE',
      `no load engine gauntlet knows has ${wanted} together`,
      'run the scenario with fewer needs',
    );
  }
  throw new UserError(
    'GAUNTLET_ENGINE_UNAVAILABLE',
    `no installed load engine can carry ${wanted}: ${capable.map((e) => `${e.name} could, but ${e.unavailableReason()}`).join('; ')}`,
    `install one: ${capable.map((e) => `${e.name}: ${installHints[e.name] ?? 'see gauntlet doctor'}`).join('; ')}`,
  );
}
