/**
 * The one owner of a run's settings: gauntlet's defaults, a suite's own defaults (the h2
 * suite's 100 × 100), and what the caller asked for, turned into the settings the measuring
 * core runs with. The CLI's flags and the API's options both come through here.
 */
import { resolve } from 'node:path';
import { planEngines } from '../engines/engine-plan.js';
import type { RunSettings } from '../measure/run.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Scenario, Suite } from '../suites/types.js';

/** Sized so the hello suite (every target, 3 rounds) fits in about 5 minutes on 2 cores. */
export const RUN_DEFAULTS = {
  suite: 'hello',
  repeats: 3,
  durationSec: 1,
  warmupSec: 10,
  trialWarmupSec: 0.5,
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
  connections?: number;
  pipelining?: number;
  timeoutSec?: number;
  /** auto, autocannon, wrk, h2load, node-http2. */
  engine?: string;
  seed?: number;
  /** Folder for run folders. */
  outDir?: string;
  readyTimeoutSec?: number;
  /** Pin the server and the generator to separate cores (default true). */
  pin?: boolean;
  /** No progress output. */
  quiet?: boolean;
  /** Add rounds until every req/s and CPU interval is within ± this % of its median. */
  untilStablePercent?: number;
  budgetSec?: number;
  /** Runtime ids (node@24, bun, …); default node@24. */
  runtimes?: string[];
  /** Install a runtime that is missing instead of refusing. */
  installRuntimes?: boolean;
  /** fanout: the upstream's delay before each answer, ms (default 2). */
  upstreamLatencyMs?: number;
  /** fanout: filler bytes in each upstream answer (default 256). */
  upstreamPayloadBytes?: number;
  /** Where progress lines about runtimes and services go (default: nowhere). */
  log?: (line: string) => void;
}

/** The load fields with every default applied. */
export type ResolvedLoad = Required<
  Pick<
    LoadOptions,
    'repeats' | 'durationSec' | 'warmupSec' | 'trialWarmupSec' | 'connections' | 'pipelining' | 'timeoutSec' | 'engine'
  >
>;

export function resolveLoad(options: LoadOptions, suite: Suite): ResolvedLoad {
  return {
    repeats: options.repeats ?? RUN_DEFAULTS.repeats,
    durationSec: options.durationSec ?? RUN_DEFAULTS.durationSec,
    warmupSec: options.warmupSec ?? RUN_DEFAULTS.warmupSec,
    trialWarmupSec: options.trialWarmupSec ?? RUN_DEFAULTS.trialWarmupSec,
    connections: options.connections ?? suite.defaults?.connections ?? RUN_DEFAULTS.connections,
    pipelining: options.pipelining ?? suite.defaults?.pipelining ?? RUN_DEFAULTS.pipelining,
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
): Omit<RunSettings, 'suite' | 'targets' | 'unavailable' | 'scenarios' | 'baseline'> {
  const load = resolveLoad(options, suite);
  return {
    repeats: load.repeats,
    durationSec: load.durationSec,
    warmupSec: load.warmupSec,
    trialWarmupSec: load.trialWarmupSec,
    connections: load.connections,
    pipelining: load.pipelining,
    timeoutSec: load.timeoutSec,
    engines: planEngines(load.engine, scenarios, { ...load, warmupSec: load.trialWarmupSec }),
    runtime,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    outDir: resolve(options.outDir ?? RUN_DEFAULTS.out),
    readyTimeoutMs: (options.readyTimeoutSec ?? RUN_DEFAULTS.readyTimeoutSec) * 1000,
    pin: options.pin ?? true,
    quiet: options.quiet ?? false,
    untilStable:
      options.untilStablePercent === undefined
        ? undefined
        : {
            halfWidthShare: options.untilStablePercent / 100,
            budgetSec: options.budgetSec ?? RUN_DEFAULTS.stableBudgetSec,
          },
  };
}
