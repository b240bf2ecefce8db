/** The measurement flags `run` and `ab` share, and the API options they become. */
import type { Command } from 'commander';
import { RUN_DEFAULTS, type LoadOptions } from '../api/settings.js';
import { findSuite } from '../suites/registry.js';
import { list, positiveInt, seconds, v8FlagList } from './options.js';
import { addRuntimeOptions, type RuntimeFlags } from './runtime-options.js';

export interface LoadFlags extends RuntimeFlags {
  suite: string;
  scenarios?: string[];
  /** Absent when not given to `run` on a suite with its own rounds (see applySuiteDefaults). */
  repeats?: number;
  /** Absent when not given (see applySuiteDefaults). */
  duration?: number;
  warmup: number;
  /** Absent when not given to `run` on a suite with its own rounds. */
  trialWarmup?: number;
  baselineVisits: number;
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
}

export function addLoadOptions(command: Command, repeats: number = RUN_DEFAULTS.repeats): Command {
  return addRuntimeOptions(command)
    .option('--suite <name>', 'suite to run', RUN_DEFAULTS.suite)
    .option(
      '--scenarios <a,b>',
      "scenarios of the suite to run (default: the suite's own; hello: json for run, json,param for verify and ab; others: all)",
      list,
    )
    .option(
      '--repeats <n>',
      'rounds; each round runs every target once, in a shuffled order (run --suite hello: 16)',
      positiveInt('--repeats'),
      repeats,
    )
    .option(
      '--duration <s>',
      'measured seconds per trial (run --suite hello: 0.25; wrk counts whole seconds)',
      seconds('--duration'),
      RUN_DEFAULTS.durationSec,
    )
    .option(
      '--warmup <s>',
      'longest warm-up after each target start, cycling all scenarios; it ends once throughput and CPU per request level off (0 for none)',
      seconds('--warmup', true),
      RUN_DEFAULTS.warmupSec,
    )
    .option(
      '--trial-warmup <s>',
      'unmeasured load right before each measured window, to bring a target that idled while the others were measured back to speed (run --suite hello: 0.15)',
      seconds('--trial-warmup', true),
      RUN_DEFAULTS.trialWarmupSec,
    )
    .option(
      '--baseline-visits <n>',
      'visits of the baseline in each scenario of a round, each to a process of its own; its figure is their median, each process read over its best quarter of rounds (1: once, like every target)',
      positiveInt('--baseline-visits'),
      RUN_DEFAULTS.baselineVisits,
    )
    .option(
      '--processes <n>',
      'processes of every target, each started and warmed up on its own and measured once in each scenario of a round; the figure is their median, each process read over its best quarter of rounds (two starts of the same code settle at speeds of their own: README, "A start\'s own speed")',
      positiveInt('--processes'),
      RUN_DEFAULTS.processes,
    )
    .option(
      '--connections <n>',
      'concurrent connections (h2 suite: 100)',
      positiveInt('--connections'),
      RUN_DEFAULTS.connections,
    )
    .option(
      '--pipelining <n>',
      'requests in flight per connection; HTTP/2: concurrent streams per connection (h2 suite: 100)',
      positiveInt('--pipelining'),
      RUN_DEFAULTS.pipelining,
    )
    .option(
      '--profile <profile>',
      'load shape of every trial: fixed (--connections for --duration), ramp:0-100/70s (virtual users; stages: ramp:0-100/30s,100/30s,0/10s), rate:500/20s (open model, requests per second; ramping: rate:100-1000/30s,1000/30s); ramp and rate run on k6, their window is the stages',
      'fixed',
    )
    .option(
      '--timeout <s>',
      'seconds after which a request counts as timed out',
      seconds('--timeout'),
      RUN_DEFAULTS.timeoutSec,
    )
    .option(
      '--engine <name>',
      'load generator: auto (per scenario, the cheapest installed engine that carries it: wrk, h2load, autocannon; HTTP/2: h2load, else node-http2; ramp and rate profiles: k6), autocannon, wrk, h2load (GET loads only), node-http2 (HTTP/2 only), k6 (HTTP/1.1, no pipelining)',
      'auto',
    )
    .option('--seed <n>', 'seed of the shuffled order (default: random, recorded in the result)', positiveInt('--seed'))
    .option('--out <dir>', 'folder for run folders (journal, result.json, report.md)', RUN_DEFAULTS.out)
    .option(
      '--ready-timeout <s>',
      'seconds a target may take to start answering',
      seconds('--ready-timeout'),
      RUN_DEFAULTS.readyTimeoutSec,
    )
    .option(
      '--until-stable <percent>',
      'add rounds until every req/s and CPU interval is within ± this % of its median',
      seconds('--until-stable'),
    )
    .option(
      '--budget <s>',
      `seconds a run's rounds may take: no round starts that would end, at the pace of the last, past this many seconds of the run (the main job, naming neither --repeats nor --scenarios, not --turns: 295 s, more when more than its 19 processes start; half the planned rounds always run); with --until-stable: stop adding rounds after this many seconds (default ${RUN_DEFAULTS.stableBudgetSec})`,
      seconds('--budget'),
    )
    .option(
      '--turns',
      'measure every target in turns with a process of the baseline: both loaded at once, the two servers take 25 ms turns on the server core, and each ratio to the baseline is taken within one window (README, "Turns"); each side runs --duration of its own, so a trial lasts twice as long; latencies include the turns a server waited',
      false,
    )
    .option(
      '--turn-ms <ms>',
      'with --turns: the length of a turn in milliseconds (default 25; longer turns share less of the machine\'s pace, README, "Turns")',
      positiveInt('--turn-ms'),
    )
    .option('--no-pin', 'do not pin server and generator to separate cores')
    .option(
      '--no-idle-polling',
      "leave a virtual machine's idle cores halting at once (guest_halt_poll_ns 0); by default a run as root lets them poll for its duration, since a server core that halts between batches and is woken again costs the server time that is not the framework's",
    )
    .option(
      '--memory-reducer',
      "leave V8's memory reducer on in node and deno targets (off by default: it collects garbage in an idle target seconds later, inside another target's window)",
      false,
    )
    .option(
      '--v8-flags <flags>',
      "V8 or Node flags added to every node and deno target's command line, comma-separated (--v8-flags=--max-semi-space-size=64); each runtime is checked to start with them, and the result records them",
      v8FlagList,
    )
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
  // and a scenario's own shape (fanout's seed ramp) apply; a value here would read as asked for.
  if (suite?.kind !== 'bench' && command.getOptionValueSource('duration') === 'default')
    command.setOptionValueWithSource('duration', undefined, 'default');
  // `run` on a suite with its own rounds (the hello suite's main job): left to the settings too (api/settings.ts withRunRounds).
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
  // k6 pipelines nothing: with it (and so with a ramp or rate profile) one request per connection, unless asked.
  const profile = String(command.getOptionValue('profile') ?? 'fixed').trim();
  const engine = String(command.getOptionValue('engine') ?? 'auto');
  if ((profile !== 'fixed' || engine === 'k6') && command.getOptionValueSource('pipelining') === 'default')
    command.setOptionValueWithSource('pipelining', 1, 'default');
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
