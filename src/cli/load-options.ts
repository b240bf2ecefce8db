/** The measurement options `run` and `ab` share, and how they become run settings. */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Engine, LoadProtocol } from '../engines/engine.js';
import { loadNeeds } from '../engines/needs.js';
import { chooseEngine, selectEngine } from '../engines/registry.js';
import { protocolsOf } from '../suites/protocol.js';
import { findSuite } from '../suites/registry.js';
import type { Scenario } from '../suites/types.js';
import type { RunSettings } from '../measure/run.js';
import { nodeRuntime } from '../runtimes/runtime.js';
import { list, positiveInt, seconds } from './options.js';

/** Defaults sized so the whole hello suite (every target, 3 rounds) finishes in about 4 minutes on 2 cores. */
export const RUN_DEFAULTS = {
  suite: 'hello',
  repeats: 3,
  durationSec: 1,
  warmupSec: 1,
  connections: 100,
  pipelining: 10,
  timeoutSec: 10,
  readyTimeoutSec: 30,
  out: 'results',
  stableBudgetSec: 600,
} as const;

export interface LoadFlags {
  suite: string;
  scenarios?: string[];
  repeats: number;
  duration: number;
  warmup: number;
  connections: number;
  pipelining: number;
  timeout: number;
  engine: string;
  seed?: number;
  out: string;
  readyTimeout: number;
  pin: boolean;
  quiet: boolean;
  untilStable?: number;
  budget: number;
}

export function addLoadOptions(command: Command, repeats: number = RUN_DEFAULTS.repeats): Command {
  return command
    .option('--suite <name>', 'suite to run', RUN_DEFAULTS.suite)
    .option('--scenarios <a,b>', 'scenarios of the suite to run (default: all)', list)
    .option('--repeats <n>', 'rounds; each round runs every target once, in a shuffled order', positiveInt('--repeats'), repeats)
    .option('--duration <s>', 'measured seconds per trial (autocannon counts whole seconds)', seconds('--duration'), RUN_DEFAULTS.durationSec)
    .option('--warmup <s>', 'warm-up seconds after each target start, cycling all scenarios (0 for none)', seconds('--warmup', true), RUN_DEFAULTS.warmupSec)
    .option('--connections <n>', 'concurrent connections (h2 suite: 100)', positiveInt('--connections'), RUN_DEFAULTS.connections)
    .option('--pipelining <n>', 'requests in flight per connection; HTTP/2: concurrent streams per connection (h2 suite: 100)', positiveInt('--pipelining'), RUN_DEFAULTS.pipelining)
    .option('--timeout <s>', 'seconds after which a request counts as timed out', seconds('--timeout'), RUN_DEFAULTS.timeoutSec)
    .option('--engine <name>', 'load generator: auto (autocannon; HTTP/2 suites: h2load, else node-http2), autocannon, wrk, h2load (GET loads only), node-http2 (HTTP/2 only)', 'auto')
    .option('--seed <n>', 'seed of the shuffled order (default: random, recorded in the result)', positiveInt('--seed'))
    .option('--out <dir>', 'folder for run folders (journal, result.json, report.md)', RUN_DEFAULTS.out)
    .option('--ready-timeout <s>', 'seconds a target may take to start answering', seconds('--ready-timeout'), RUN_DEFAULTS.readyTimeoutSec)
    .option('--until-stable <percent>', 'add rounds until every req/s and CPU interval is within ± this % of its median', seconds('--until-stable'))
    .option('--budget <s>', 'with --until-stable: stop adding rounds after this many seconds', seconds('--budget'), RUN_DEFAULTS.stableBudgetSec)
    .option('--no-pin', 'do not pin server and generator to separate cores')
    .option('--quiet', 'no progress output', false)
    .hook('preAction', (action) => applySuiteDefaults(action));
}

/**
 * A suite's own load defaults (Suite.defaults: the h2 suite's 100 connections x 100 streams,
 * as seed 003) replace gauntlet's for the flags the user did not pass; a flag given on the
 * command line always wins.
 */
export function applySuiteDefaults(command: Command): void {
  const suite = findSuite(String(command.getOptionValue('suite')));
  const defaults = suite?.defaults ?? {};
  for (const key of ['connections', 'pipelining'] as const) {
    const value = defaults[key];
    if (value !== undefined && command.getOptionValueSource(key) === 'default') command.setOptionValueWithSource(key, value, 'default');
  }
}

/** The parts of RunSettings that come from the shared flags. */
export function loadSettings(flags: LoadFlags, scenarios: Scenario[]): Omit<RunSettings, 'suite' | 'targets' | 'unavailable' | 'scenarios' | 'baseline'> {
  return {
    repeats: flags.repeats,
    durationSec: flags.duration,
    warmupSec: flags.warmup,
    connections: flags.connections,
    pipelining: flags.pipelining,
    timeoutSec: flags.timeout,
    engine: loadEngine(flags.engine, scenarios, flags.pipelining),
    runtime: nodeRuntime,
    seed: flags.seed ?? Math.floor(Math.random() * 2 ** 31),
    outDir: resolve(flags.out),
    readyTimeoutMs: flags.readyTimeout * 1000,
    pin: flags.pin,
    quiet: flags.quiet,
    untilStable: flags.untilStable === undefined ? undefined : { halfWidthShare: flags.untilStable / 100, budgetSec: flags.budget },
  };
}

/**
 * The engine of a run. HTTP/1.1: auto stays on autocannon until the other engines' figures
 * are checked against it in CI (see issue 5). HTTP/2 (scenarios that name a protocol: the h2
 * suite): autocannon cannot carry it, so auto takes the cheapest installed engine that can,
 * h2load, else node-http2. A named engine is checked for what these loads need.
 */
export function loadEngine(name: string, scenarios: Scenario[], pipelining: number): Engine {
  const http2 = protocolsOf(scenarios).filter((protocol) => protocol !== 'http1');
  if (http2.length === 0) return name === 'auto' ? selectEngine('auto') : chooseEngine(loadNeeds(scenarios, pipelining), name);
  return describedOver(chooseEngine(loadNeeds(scenarios, pipelining), name), http2[0]);
}

/**
 * The run describes its engine's flags (environment manifest, compared by `compare`) from
 * the load settings alone, which carry no protocol and so read as HTTP/1.1 (h2load would
 * say --h1). For an HTTP/2 run the description defaults to its protocol; h2c and h2 give the
 * same flags (the URL scheme tells them apart). Running is untouched: trials set the protocol.
 */
function describedOver(engine: Engine, protocol: LoadProtocol): Engine {
  return { ...engine, describeFlags: (spec) => engine.describeFlags({ ...spec, protocol: spec.protocol ?? protocol }) };
}
