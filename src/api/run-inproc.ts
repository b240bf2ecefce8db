/**
 * `run` on a bench suite (in-process benchmarks): the parts and targets chosen, the services
 * the chosen parts declare started, then every case measured in child processes.
 */
import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { executeBenchRun } from '../inproc/run-cases.js';
import { selectTables, selectVariants } from '../inproc/select.js';
import type { RunOutcome } from '../measure/run.js';
import { withServices } from '../backends/services.js';
import type { Suite } from '../suites/types.js';
import type { RunOptions } from './run.js';
import { RUN_DEFAULTS } from './settings.js';

/** What a bench run takes when neither the caller nor the suite says. */
export const BENCH_DEFAULTS = { repeats: 3, durationSec: 1, warmupSec: 0.5 } as const;

export interface BenchRunOptions {
  /** One child process per table and round (default), or a fresh one per case. */
  isolate?: 'table' | 'case';
}

export async function runBenchSuite(suite: Suite, options: RunOptions & BenchRunOptions): Promise<RunOutcome> {
  const spec = suite.bench;
  if (!spec) throw new Error(`suite ${suite.name} is a bench suite without its bench spec`);
  for (const [flag, given] of [
    ['--stores', options.stores && options.stores.join(',') !== 'memory'],
    ['--workers', options.workers !== undefined],
    ['--mixed', options.mixed],
    ['--until-stable', options.untilStablePercent !== undefined],
    ['--budget', options.budgetSec !== undefined],
  ] as const) {
    if (given)
      throw new UserError(
        'GAUNTLET_OPTION_NOT_FOR_SUITE',
        `${flag} applies to HTTP suites, not to the in-process ${suite.name} suite`,
        `leave out ${flag}`,
      );
  }
  const log = options.quiet ? () => undefined : (options.log ?? (() => undefined));
  const tables = selectTables(spec, options.scenarios);
  const { variants, unavailable } = await selectVariants(
    spec,
    options.targets,
    options.runtimes,
    options.installRuntimes ?? false,
    log,
  );
  const services = [...new Set(tables.flatMap((t) => t.part.services ?? []))];
  const defaults = { ...BENCH_DEFAULTS, ...spec.defaults };
  return withServices(services, (running) =>
    executeBenchRun({
      suite,
      variants,
      unavailable,
      tables,
      repeats: options.repeats ?? defaults.repeats,
      durationSec: options.durationSec ?? defaults.durationSec,
      warmupSec: options.warmupSec ?? defaults.warmupSec,
      seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
      outDir: resolve(options.outDir ?? RUN_DEFAULTS.out),
      pin: options.pin ?? true,
      idlePolling: options.idlePolling ?? true,
      isolate: options.isolate ?? 'table',
      setupTimeoutSec: options.readyTimeoutSec ?? RUN_DEFAULTS.readyTimeoutSec,
      services: running,
      log,
    }),
  );
}
