/** The measurement flags `run` and `ab` share, the suite defaults applied to them, and the API options they become. */
import { loadHostsOf } from '../api/load-hosts.js';
import type { ExportFlags } from './export-option.js';
import type { Command, Option } from 'commander';
import type { CountOptions } from '../api/cost.js';
import type { LoadOptions } from '../api/settings.js';
import { findSuite } from '../suites/registry.js';
import { loadOptionGroups } from './load-option-defs.js';
import type { RuntimeFlags } from './runtime-options.js';
import type { LoadCommand } from './suite-defaults.js';

export interface LoadFlags extends RuntimeFlags, ExportFlags {
  suite: string;
  scenarios?: string[];
  /** Absent when not given to `run` on a suite with its own rounds (see applySuiteDefaults). */
  repeats?: number;
  /** Absent when not given (see applySuiteDefaults). */
  duration?: number;
  warmup: number;
  /** Absent when not given to `run` on a suite with its own rounds. */
  trialWarmup?: number;
  /** Absent for `ab`, which measures A and B once each per round. */
  baselineVisits?: number;
  processes: number;
  connections: number;
  pipelining: number;
  profile?: string;
  timeout: number;
  engine: string;
  seed?: number;
  out: string;
  readyTimeout: number;
  pin: boolean;
  serverHost?: string;
  serverGauntlet?: string;
  loadHosts?: string[];
  /** --no-idle-polling: leave idle cores that halt at once as they are. */
  idlePolling: boolean;
  quiet: boolean;
  untilStable?: number;
  budget?: number;
  turns: boolean;
  turnMs?: number;
  /** --memory-reducer: leave V8's memory reducer on in the targets. */
  memoryReducer: boolean;
  /** --v8-flags: flags added to node and deno targets' command line. */
  v8Flags?: string[];
  cost: 'time' | 'instructions';
  countProcesses: number;
  countWarmup: number;
  countRequests?: number;
}

/**
 * The measurement flags of `run` or `ab`, under their help headings; `own` are the command's
 * own options, each shown after the shared ones of its heading (Option.helpGroup).
 */
export function addLoadOptions(command: Command, use: LoadCommand, own: Option[] = []): Command {
  const groups = loadOptionGroups(use);
  for (const { heading, options } of groups)
    for (const option of [...options, ...own.filter((o) => o.helpGroupHeading === heading)])
      command.addOption(option.helpGroup(heading));
  const headings: string[] = groups.map((group) => group.heading);
  for (const option of own.filter((o) => !headings.includes(o.helpGroupHeading ?? ''))) command.addOption(option);
  return command.hook('preAction', (action) => applySuiteDefaults(action));
}

/**
 * A suite's own load defaults (Suite.defaults: the h2 suite's 100 connections x 100 streams,
 * as in the report it reproduces) replace gauntlet's for the flags the user did not pass; a
 * flag given on the command line always wins.
 */
export function applySuiteDefaults(command: Command): void {
  const suite = findSuite(String(command.getOptionValue('suite')));
  const defaults = suite?.defaults ?? {};
  // A bench suite's own repeats, window and per-case warm-up (the services suite's short windows).
  const bench = suite?.bench?.defaults ?? {};
  // A command whose own default asks for more rounds keeps them: ab's 6 are what its test needs to reach a verdict.
  const repeats = bench.repeats && Math.max(Number(command.getOptionValue('repeats')), bench.repeats);
  for (const [key, value] of [
    ['repeats', repeats],
    ['duration', bench.durationSec],
    ['warmup', bench.warmupSec],
  ] as const) {
    if (value !== undefined && command.getOptionValueSource(key) === 'default')
      command.setOptionValueWithSource(key, value, 'default');
  }
  // Not given: left to the settings (api/settings.ts), where a suite's own window (fanout's 5 s)
  // and a scenario's own shape (fanout-ramp's) apply; a value here would read as asked for.
  if (suite?.kind !== 'bench' && command.getOptionValueSource('duration') === 'default')
    command.setOptionValueWithSource('duration', undefined, 'default');
  // `run` on a suite with its own rounds (the hello suite's default run): left to the settings too (api/settings.ts withRunRounds).
  if (command.name() === 'run' && suite?.defaults?.rounds)
    for (const key of ['repeats', 'trialWarmup'] as const)
      if (command.getOptionValueSource(key) === 'default') command.setOptionValueWithSource(key, undefined, 'default');
  if (command.getOptionValueSource('profile') === 'default')
    command.setOptionValueWithSource('profile', undefined, 'default');
  // A bench suite runs each target on its own default runtime (Moleculer 0.14 on node@20) unless --runtime says otherwise.
  if (suite?.kind === 'bench' && command.getOptionValueSource('runtime') === 'default')
    command.setOptionValueWithSource('runtime', undefined, 'default');
  for (const key of ['connections', 'pipelining'] as const) {
    const value = defaults[key];
    if (value !== undefined && command.getOptionValueSource(key) === 'default')
      command.setOptionValueWithSource(key, value, 'default');
  }
  // k6 pipelines nothing: with it (and so with a ramp or rate profile, or load hosts) one request per connection, unless asked.
  const profile = String(command.getOptionValue('profile') ?? 'fixed').trim();
  const engine = String(command.getOptionValue('engine') ?? 'auto');
  const onK6 = engine === 'k6' || loadHostsOf({ loadHosts: command.getOptionValue('loadHosts') }) !== undefined;
  if ((profile !== 'fixed' || onK6) && command.getOptionValueSource('pipelining') === 'default')
    command.setOptionValueWithSource('pipelining', 1, 'default');
}

/** The API's count options (`--cost instructions`) from the shared flags. */
export function countOptions(flags: LoadFlags): CountOptions {
  return { countProcesses: flags.countProcesses, countWarmup: flags.countWarmup, countRequests: flags.countRequests };
}

/** The API's load options from the shared flags. */
export function loadOptions(flags: LoadFlags): LoadOptions {
  return {
    suite: flags.suite,
    scenarios: flags.scenarios,
    repeats: flags.repeats,
    durationSec: flags.duration,
    warmupSec: flags.warmup,
    trialWarmupSec: flags.trialWarmup,
    baselineVisits: flags.baselineVisits,
    processes: flags.processes,
    connections: flags.connections,
    pipelining: flags.pipelining,
    profile: flags.profile,
    timeoutSec: flags.timeout,
    engine: flags.engine,
    seed: flags.seed,
    outDir: flags.out,
    readyTimeoutSec: flags.readyTimeout,
    pin: flags.pin,
    idlePolling: flags.idlePolling,
    serverHost: flags.serverHost,
    serverGauntlet: flags.serverGauntlet,
    loadHosts: flags.loadHosts,
    quiet: flags.quiet,
    untilStablePercent: flags.untilStable,
    turns: flags.turns,
    turnMs: flags.turnMs,
    memoryReducer: flags.memoryReducer,
    v8Flags: flags.v8Flags,
    budgetSec: flags.budget,
    runtimes: flags.runtime,
    installRuntimes: flags.installRuntimes,
    log: flags.quiet ? undefined : (line: string) => console.error(line),
  };
}
