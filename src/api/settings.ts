/**
 * The one owner of a run's settings: gauntlet's defaults, a suite's own defaults (the h2
 * suite's 100 × 100), and what the caller asked for, turned into the settings the measuring
 * core runs with. The CLI's flags and the API's options both come through here.
 */
import { resolve } from 'node:path';
import { planEngines } from '../engines/engine-plan.js';
import { findK6 } from '../engines/k6/locate.js';
import { engines } from '../engines/registry.js';
import type { Engine } from '../engines/engine.js';
import {
  FIXED_PROFILE,
  type LoadProfile,
  parseProfile,
  profileDurationSec,
  type ScenarioShape,
} from '../engines/profile.js';
import type { RunSettings } from '../measure/run.js';
import type { Runtime } from '../runtimes/runtime.js';
import { targetV8Flags } from '../runtimes/v8-flags.js';
import type { Scenario, Suite } from '../suites/types.js';

/** Gauntlet's defaults; the default run (the hello suite's) takes its own rounds (Suite.defaults.rounds, withRunRounds). */
export const RUN_DEFAULTS = {
  suite: 'hello',
  repeats: 3,
  durationSec: 1,
  warmupSec: 10,
  trialWarmupSec: 0.5,
  baselineVisits: 2,
  processes: 1,
  connections: 100,
  pipelining: 10,
  timeoutSec: 10,
  readyTimeoutSec: 30,
  out: 'results',
  stableBudgetSec: 600,
  engine: 'auto',
} as const;

/** How a run loads its targets; every field is optional and defaults as RUN_DEFAULTS and the suite say. */
export interface LoadOptions {
  suite?: string;
  scenarios?: string[];
  repeats?: number;
  durationSec?: number;
  /** Longest warm-up per target start (it ends once throughput levels off); 0: none. */
  warmupSec?: number;
  /** Unmeasured load right before each window (the engine's own warm-up), seconds. */
  trialWarmupSec?: number;
  /** Visits of the baseline in each scenario's pass of a round (default 2: first and last; 1: once, like every target). */
  baselineVisits?: number;
  /**
   * Processes of every target (default 1), each measured once in each scenario's pass of a
   * round, combined by their median: two starts of the same code settle at speeds of their own.
   */
  processes?: number;
  connections?: number;
  pipelining?: number;
  /**
   * How each trial's load is shaped: 'fixed' (default: `connections` for `durationSec`),
   * 'ramp:0-100/70s' (virtual users through stages; k6), 'rate:500/20s' (an open arrival rate;
   * k6). A ramp or rate profile's window is its stages' total; a string is parsed
   * (GAUNTLET_BAD_PROFILE when malformed). See src/engines/profile.ts.
   */
  profile?: string | LoadProfile;
  timeoutSec?: number;
  /** auto, autocannon, wrk, h2load, node-http2. */
  engine?: string;
  seed?: number;
  /** Folder for run folders. */
  outDir?: string;
  readyTimeoutSec?: number;
  /** Pin the server and the generator to separate cores (default true). */
  pin?: boolean;
  /**
   * Where idle cores halt at once (a KVM guest with haltpoll polling off), make them poll for
   * the run and put the setting back after (default true; needs root; proc/idle-polling.ts).
   */
  idlePolling?: boolean;
  /** No progress output. */
  quiet?: boolean;
  /** Measure every target in turns with a baseline process on the server core (measure/turns-trial.ts). */
  turns?: boolean;
  /** With turns: the length of a turn, ms (default TURN_MS, 25). */
  turnMs?: number;
  /** Add rounds until every req/s and CPU interval is within ± this % of its median. */
  untilStablePercent?: number;
  /**
   * With untilStablePercent: stop adding rounds after this many seconds (default 600). Without
   * it: no planned round starts that would end, at the pace of the last, past this many
   * seconds of the run (measure/round-budget.ts).
   */
  budgetSec?: number;
  /**
   * The rounds are the suite's own for a ranking, as in the default run (withRunRounds sets it
   * when the caller named neither repeats nor scenarios): unless budgetSec says otherwise, they
   * end, whole, where the run would pass the default run's budget (measure/round-budget.ts).
   * Runs in turns keep every round.
   */
  mainJob?: boolean;
  /** Runtime ids (node@24, bun, …); default node@24. */
  runtimes?: string[];
  /** Install a runtime that is missing instead of refusing. */
  installRuntimes?: boolean;
  /**
   * Leave V8's memory reducer on in the targets (default off: it collects garbage in an idle
   * target seconds later, inside another target's window; see KEPT_UP_V8_FLAGS).
   */
  memoryReducer?: boolean;
  /** Flags added to node and deno targets' command line after gauntlet's own (`--max-semi-space-size=64`); recorded in plan.v8Flags. */
  v8Flags?: string[];
  /** fanout: the upstream's delay before each answer, ms (default 2). */
  upstreamLatencyMs?: number;
  /** fanout: filler bytes in each upstream answer (default 256). */
  upstreamPayloadBytes?: number;
  /** Where progress lines about runtimes and services go (default: nowhere). */
  log?: (line: string) => void;
  /** Run the targets on another host over SSH: `user@host[:port]` or an ssh_config alias (api/server-host.ts). */
  serverHost?: string;
  /** With serverHost or loadHosts: the command that runs gauntlet there (default: this node and gauntlet, at the same paths). */
  serverGauntlet?: string;
  /** Split the k6 load over these hosts, each reached over SSH (api/load-hosts.ts). */
  loadHosts?: string[];
}

/** The load fields with every default applied. */
export type ResolvedLoad = Required<
  Pick<
    LoadOptions,
    | 'repeats'
    | 'warmupSec'
    | 'trialWarmupSec'
    | 'baselineVisits'
    | 'processes'
    | 'connections'
    | 'pipelining'
    | 'timeoutSec'
    | 'engine'
  >
> & { shapes: Record<string, ScenarioShape> };

/** The profile of the options (fixed when absent). */
export function resolveProfile(profile: LoadOptions['profile']): LoadProfile {
  if (profile === undefined) return FIXED_PROFILE;
  return typeof profile === 'string' ? parseProfile(profile) : profile;
}

/**
 * Engines that pipeline nothing (k6, and so every ramp or rate profile) get one request in
 * flight per connection unless the caller asked for more (then the engine refuses, saying so).
 */
export function defaultPipelining(profile: LoadProfile, engine: string | undefined): number | undefined {
  return profile.kind !== 'fixed' || engine === 'k6' ? 1 : undefined;
}

/**
 * The profile a scenario's trials take: the one asked for; else the scenario's own shape
 * (fanout's ramp, as its published report loads it) when k6 is here and no --duration or
 * other engine asks for a fixed window; else fixed. `reason` says why, when the scenario's own shape was or was not taken.
 */
export function chooseProfile(
  options: LoadOptions,
  scenario: Scenario,
  suite: Suite,
): { profile: LoadProfile; reason?: string } {
  const wanted = scenario.profile;
  if (options.profile !== undefined || !wanted) return { profile: resolveProfile(options.profile) };
  const fixed = `fixed ${options.connections ?? suite.defaults?.connections ?? RUN_DEFAULTS.connections} connections`;
  if (options.durationSec !== undefined)
    return {
      profile: FIXED_PROFILE,
      reason: `${fixed}: --duration asked for a fixed window (the scenario's own shape is ${wanted})`,
    };
  const engine = options.engine ?? RUN_DEFAULTS.engine;
  if (engine !== 'auto' && engine !== 'k6')
    return {
      profile: FIXED_PROFILE,
      reason: `${fixed}: --engine ${engine} (the scenario's own shape, ${wanted}, runs on k6)`,
    };
  if (!findK6())
    return {
      profile: FIXED_PROFILE,
      reason: `${fixed}: k6 is not installed (the scenario's own shape, ${wanted}, runs on k6; see gauntlet doctor)`,
    };
  return {
    profile: parseProfile(wanted),
    reason: `${wanted}: the scenario's own load shape (its published report's), on k6`,
  };
}

/**
 * `run`'s rounds: what the caller set, else the suite's own rounds for a ranking (the hello
 * suite's 15 short ones of json alone), else gauntlet's defaults (applied later, by resolveLoad), which are
 * also what `--engine wrk` gets.
 */
export function withRunRounds(options: LoadOptions, suite: Suite): LoadOptions {
  const rounds = suite.defaults?.rounds;
  // A named engine that times only whole seconds (wrk) runs gauntlet's 1 s windows instead.
  const named = engines.find((engine) => engine.name === options.engine);
  if (!rounds || (named && !named.capabilities.subSecondWindows)) return options;
  return {
    ...options,
    // the default run's time is bounded; a run that names its scenarios or rounds asked for that work
    ...(options.repeats === undefined && !options.scenarios?.length && { mainJob: true }),
    repeats: options.repeats ?? rounds.repeats,
    durationSec: options.durationSec ?? rounds.durationSec,
    trialWarmupSec: options.trialWarmupSec ?? rounds.trialWarmupSec,
    scenarios: options.scenarios?.length ? options.scenarios : rounds.scenarios,
  };
}

/**
 * The time the planned rounds may take: --budget when given (and not --until-stable's), else
 * the default run's own, sized by the run's starts (`sec` absent); none for other runs.
 */
export function roundBudget(options: LoadOptions): RunSettings['roundBudget'] {
  if (options.untilStablePercent !== undefined) return undefined;
  if (options.budgetSec !== undefined) return { sec: options.budgetSec };
  return options.mainJob && !options.turns ? {} : undefined;
}

/** The fixed window: --duration, else the suite's, else gauntlet's default. */
export function fixedWindowSec(options: LoadOptions, suite: Suite): number {
  return options.durationSec ?? suite.defaults?.durationSec ?? RUN_DEFAULTS.durationSec;
}

/** Each scenario's profile and window. */
export function scenarioShapes(
  options: LoadOptions,
  suite: Suite,
  scenarios: Scenario[],
): Record<string, ScenarioShape> {
  const fixedSec = fixedWindowSec(options, suite);
  return Object.fromEntries(
    scenarios.map((scenario) => {
      const { profile, reason } = chooseProfile(options, scenario, suite);
      return [
        scenario.name,
        { profile, ...(reason && { reason }), durationSec: profileDurationSec(profile, fixedSec) },
      ];
    }),
  );
}

export function resolveLoad(options: LoadOptions, suite: Suite, scenarios: Scenario[]): ResolvedLoad {
  const shapes = scenarioShapes(options, suite, scenarios);
  const shaped = Object.values(shapes).find((shape) => shape.profile.kind !== 'fixed');
  return {
    shapes,
    repeats: options.repeats ?? RUN_DEFAULTS.repeats,
    warmupSec: options.warmupSec ?? RUN_DEFAULTS.warmupSec,
    trialWarmupSec: options.trialWarmupSec ?? RUN_DEFAULTS.trialWarmupSec,
    baselineVisits: options.baselineVisits ?? RUN_DEFAULTS.baselineVisits,
    processes: options.processes ?? RUN_DEFAULTS.processes,
    connections: options.connections ?? suite.defaults?.connections ?? RUN_DEFAULTS.connections,
    pipelining:
      options.pipelining ??
      defaultPipelining(shaped?.profile ?? FIXED_PROFILE, options.engine) ??
      suite.defaults?.pipelining ??
      RUN_DEFAULTS.pipelining,
    timeoutSec: options.timeoutSec ?? RUN_DEFAULTS.timeoutSec,
    engine: options.engine ?? RUN_DEFAULTS.engine,
  };
}

/** The parts of RunSettings that come from the load options; `runtime` is the run's first (each target carries its own). */
export function runSettings(
  options: LoadOptions,
  suite: Suite,
  scenarios: Scenario[],
  runtime: Runtime,
  /** The one engine every load runs on (k6 over --load-hosts); absent: chosen by --engine. */
  engine?: Engine,
): Omit<RunSettings, 'suite' | 'targets' | 'unavailable' | 'scenarios' | 'baseline'> {
  const load = resolveLoad(options, suite, scenarios);
  return {
    repeats: load.repeats,
    shapes: load.shapes,
    warmupSec: load.warmupSec,
    trialWarmupSec: load.trialWarmupSec,
    baselineVisits: load.baselineVisits,
    processes: load.processes,
    connections: load.connections,
    pipelining: load.pipelining,
    timeoutSec: load.timeoutSec,
    engines: planEngines(
      load.engine,
      scenarios,
      { ...load, warmupSec: load.trialWarmupSec, durationSec: fixedWindowSec(options, suite) },
      load.shapes,
      engine,
    ),
    runtime,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    outDir: resolve(options.outDir ?? RUN_DEFAULTS.out),
    readyTimeoutMs: (options.readyTimeoutSec ?? RUN_DEFAULTS.readyTimeoutSec) * 1000,
    pin: options.pin ?? true,
    idlePolling: options.idlePolling ?? true,
    v8Flags: targetV8Flags(options),
    quiet: options.quiet ?? false,
    turns: options.turns ?? false,
    ...(options.turnMs !== undefined && { turnMs: options.turnMs }),
    roundBudget: roundBudget(options),
    untilStable:
      options.untilStablePercent === undefined
        ? undefined
        : {
            halfWidthShare: options.untilStablePercent / 100,
            budgetSec: options.budgetSec ?? RUN_DEFAULTS.stableBudgetSec,
          },
  };
}
