/**
 * `--cost instructions` for `run` and `ab`: the same selection of suite, scenarios, runtime and
 * targets as a timed run, then each target counted under callgrind (instructions/).
 */
import { join, resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import {
  COUNT_THRESHOLD_PERCENT,
  COUNTS_FILE,
  countAbChanges,
  type CountChange,
} from '../instructions/count-result.js';
import type { CountPlan } from '../instructions/count-process.js';
import { executeCountRun, type CountRunOutcome } from '../instructions/count-run.js';
import { requireValgrind } from '../instructions/valgrind.js';
import { writeAtomic } from '../results/store.js';
import { writeCountRunReports } from './count-reports.js';
import type { Runtime } from '../runtimes/runtime.js';
import { targetV8Flags } from '../runtimes/v8-flags.js';
import { suiteServices } from '../backends/services.js';
import type { Scenario, Suite } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import { RUN_DEFAULTS, type LoadOptions } from './settings.js';

export const COSTS = ['time', 'instructions'] as const;
export type Cost = (typeof COSTS)[number];

export interface CountOptions {
  /** Processes per target, one per round (default 3). */
  countProcesses?: number;
  /** Requests before counting starts, uninstrumented (default 20,000). */
  countWarmup?: number;
  /**
   * Requests counted per process, in blocks of 1,000 (two blocks of half of them below 2,000).
   * Default 10,000, and up to 60,000 for a target whose blocks are uneven; when given, exactly
   * this many.
   */
  countRequests?: number;
}

export const COUNT_DEFAULTS = {
  processes: 3,
  warmup: 20_000,
  requests: 10_000,
  /** For a target whose blocks are uneven: as many as keep one block's error within blockErrorShare. */
  maxRequests: 60_000,
  blockErrorShare: 0.0025,
  block: 1_000,
};

export function countPlan(options: CountOptions): CountPlan {
  const requests = options.countRequests ?? COUNT_DEFAULTS.requests;
  // Fewer requests than two blocks (a quick check of the mechanics): two blocks of half of them.
  const block = requests < 2 * COUNT_DEFAULTS.block ? Math.ceil(requests / 2) : COUNT_DEFAULTS.block;
  const countedBlocks = Math.max(2, Math.round(requests / block));
  return {
    warmupRequests: options.countWarmup ?? COUNT_DEFAULTS.warmup,
    blockRequests: block,
    countedBlocks,
    maxBlocks: options.countRequests === undefined ? COUNT_DEFAULTS.maxRequests / block : countedBlocks,
    blockErrorShare: COUNT_DEFAULTS.blockErrorShare,
    settleShare: 0.01,
    blocksLeftOut: 'highest tenth',
    concurrency: 10,
    timeoutMs: 60_000,
    // Node starts in about 5 s under Valgrind here; a loaded machine takes longer.
    readyTimeoutMs: 120_000,
  };
}

/** Refuses what a count cannot measure: another runtime than node, HTTP/2, a suite that needs backends. */
export function checkCountable(suite: Suite, scenarios: Scenario[], runtimes: Runtime[]): void {
  requireValgrind();
  const refuse = (what: string, hint: string) =>
    new UserError('GAUNTLET_OPTION_NOT_FOR_SUITE', `--cost instructions ${what}`, hint);
  if (suite.kind === 'bench')
    throw refuse(`counts HTTP suites; ${suite.name} is in-process`, 'use --suite hello or saas');
  if (suiteServices(suite).length > 0)
    throw refuse(
      `runs targets on their own; the ${suite.name} suite needs ${suiteServices(suite).join(', ')}`,
      'use --suite hello or saas',
    );
  const http2 = scenarios.filter((s) => s.protocol !== undefined);
  if (http2.length > 0)
    throw refuse(`speaks HTTP/1.1; ${http2.map((s) => s.name).join(', ')} speak HTTP/2`, 'use --suite hello or saas');
  if (runtimes.length !== 1 || runtimes[0].name !== 'node' || runtimes[0].workers)
    throw refuse(
      `counts one node runtime at a time, without cluster mode (asked: ${runtimes.map((r) => r.id).join(', ')})`,
      'name one node runtime with --runtime, e.g. node@24',
    );
}

export function countRunSettings(
  options: LoadOptions & CountOptions,
  suite: Suite,
  scenarios: Scenario[],
  targets: Target[],
  baseline: string,
  runtime: Runtime,
) {
  return {
    suite,
    scenarios,
    targets,
    baseline,
    runtime,
    rounds: options.countProcesses ?? COUNT_DEFAULTS.processes,
    plan: countPlan(options),
    // gauntlet's own flags (the memory reducer off) as in timed runs, then the user's
    v8Flags: targetV8Flags(options),
    outDir: resolve(options.outDir ?? RUN_DEFAULTS.out),
    pin: options.pin ?? true,
    log: options.log ?? (() => undefined),
  };
}

/** Counts, then writes the reports beside instructions.json. */
export async function countAndReport(settings: Parameters<typeof executeCountRun>[0]): Promise<CountRunOutcome> {
  const outcome = await executeCountRun(settings);
  writeCountRunReports(outcome.document, outcome.runDir);
  return outcome;
}

export interface CountAbOutcome extends CountRunOutcome {
  a: string;
  b: string;
  changes: CountChange[];
  thresholdShare: number;
}

/** Counts A and B, judges B against A scenario by scenario, keeps the judgement in instructions.json, and writes the reports. */
export async function countAbAndReport(
  settings: Parameters<typeof executeCountRun>[0],
  labels: { a: string; b: string },
  thresholdPercent?: number,
): Promise<CountAbOutcome> {
  const outcome = await executeCountRun(settings);
  const thresholdShare = (thresholdPercent ?? COUNT_THRESHOLD_PERCENT) / 100;
  const { a, b } = labels;
  outcome.document.ab = { a, b, thresholdShare };
  writeAtomic(join(outcome.runDir, COUNTS_FILE), `${JSON.stringify(outcome.document, null, 2)}\n`);
  writeCountRunReports(outcome.document, outcome.runDir);
  return { ...outcome, a, b, changes: countAbChanges(outcome.document), thresholdShare };
}
