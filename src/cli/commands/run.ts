import type { Command } from 'commander';
import { UserError } from '../../core/errors.js';
import { allowedCores } from '../../measure/pinning.js';
import { executeRun } from '../../measure/run.js';
import { clusterRuntime, parseWorkers } from '../../runtimes/cluster.js';
import { startRedis, type RunningRedis } from '../../stores/redis-server.js';
import { parseStores } from '../../stores/store-spec.js';
import { storeVariantName, storeVariants } from '../../stores/store-variants.js';
import { addLoadOptions, loadSettings, type LoadFlags } from '../load-options.js';
import { list } from '../options.js';
import { publishRun } from '../run-output.js';
import { chosenRuntimes, selectTargetsOnRuntimes } from '../runtime-selection.js';
import { selectScenarios, selectSuite } from '../selection.js';

interface RunFlags extends LoadFlags {
  targets?: string[];
  baseline?: string;
  stores: string[];
  mixed: boolean;
  workers?: string;
}

export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .description('verify, then measure every chosen target on a suite, in repeated interleaved rounds')
    .option('--targets <a,b,c>', 'targets to run (default: every target of the suite)', list)
    .option('--baseline <target>', 'target the "vs baseline" column compares with (default: node-http)')
    .option('--stores <list>', 'saas: the store behind every handler, one run per target and store (memory, delay:<ms>, redis)', list, ['memory'])
    .option('--mixed', 'saas: also measure one load that mixes every scenario by its traffic share', false)
    .option('--workers <n|auto>', 'cluster mode: run each target under node:cluster with n workers (auto: one per server core)');
  addLoadOptions(command)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet run                                   every target of the hello suite, defaults
  gauntlet run --targets fastify,express5 --repeats 6 --duration 5
  gauntlet run --scenarios json --connections 50 --pipelining 1
  gauntlet run --suite saas --mixed              seed 000: 20 scenarios, weighted, plus the mixed load
  gauntlet run --suite saas --stores memory,delay:1,redis --targets fastify,nest-fastify
  gauntlet run --targets fastify,koa --until-stable 3 --budget 300
  gauntlet run --targets node-http,fastify --workers auto   cluster mode, one worker per server core
  gauntlet run --targets node-http,fastify --runtime node@20,node@24,bun   one run, each target on each runtime
  gauntlet run --out /tmp/bench --seed 42        reproducible order, results elsewhere

Each run writes results/<run-id>/journal.ndjson as trials finish, then result.json, report.md
and report.html. Ctrl-C keeps every finished trial; gauntlet report <run folder> renders it.`,
    )
    .action(async (flags: RunFlags) => {
      const suite = selectSuite(flags.suite);
      const stores = parseStores(flags.stores);
      if (!suite.usesStore && stores.some((s) => s.kind !== 'memory')) {
        throw new UserError('GAUNTLET_OPTION_NOT_FOR_SUITE', `the ${suite.name} suite's apps call no store, so --stores has no effect there`, 'use --stores with --suite saas');
      }
      const scenarios = selectScenarios(suite, flags.scenarios, flags.mixed);
      let runtimes = await chosenRuntimes(flags, flags.quiet);
      if (flags.workers !== undefined) {
        const usable = allowedCores().length;
        const serverCores = usable >= 2 && flags.pin ? usable - 1 : usable;
        const workers = parseWorkers(flags.workers, serverCores);
        runtimes = runtimes.map((runtime) => clusterRuntime(runtime, workers)); // each runtime runs its own primary
      }
      const selection = await selectTargetsOnRuntimes(suite, flags.targets, runtimes, flags.baseline);
      const settings = loadSettings(flags, scenarios, runtimes[0]);
      let redis: RunningRedis | undefined;
      try {
        if (stores.some((s) => s.kind === 'redis')) redis = await startRedis();
        publishRun(
          await executeRun({
            ...settings,
            suite,
            scenarios,
            targets: storeVariants(selection.runnable, stores, redis?.url),
            unavailable: selection.unavailable,
            baseline: storeVariantName(selection.baseline, stores),
          }),
        );
      } finally {
        await redis?.stop();
      }
    });
}
