/**
 * `run` as a function: choose the suite, scenarios, runtimes and targets, start the services
 * the suite declares, measure, and return the result with the folder it was written to. The
 * CLI's `run` parses flags, calls this, prints and sets the exit code; a script can do the same.
 */
import { UserError } from '../core/errors.js';
import { allowedCores } from '../proc/pinning.js';
import { executeRun, type RunOutcome } from '../measure/run.js';
import { clusterRuntime, parseWorkers } from '../runtimes/cluster.js';
import { checkV8Flags, refuseV8FlagsOffTargets } from '../runtimes/v8-flags.js';
import { serviceOptions, suiteServices, withServiceEnv, withServices } from '../backends/services.js';
import { parseStores } from '../stores/store-spec.js';
import { storeVariantName, storeVariants } from '../stores/store-variants.js';
import { runBenchSuite, type BenchRunOptions } from './run-inproc.js';
import { chosenRuntimes, selectTargetsOnRuntimes } from './runtime-selection.js';
import { scenariosOfTargets, selectScenarios, selectSuite } from './selection.js';
import { resolveLoad, runSettings, withRunRounds, type LoadOptions } from './settings.js';
import { loadHostsPlan, refuseOnLoadHosts, withRunHosts } from './load-hosts.js';
import { upstreamWatch } from './upstream-watch.js';
import { refuseOnServerHost } from './server-host.js';
import { refuseTurnsOf, refuseTurnsWithout } from './turns-check.js';

export interface RunOptions extends LoadOptions, BenchRunOptions {
  /** Targets to run (default: every target of the suite); `fastify@bun` names one runtime's. */
  targets?: string[];
  /** The target ratios are taken against (default: node-http, or node-http2 for h2). */
  baseline?: string;
  /** saas: the stores behind every handler (memory, delay:<ms>, redis); default memory. */
  stores?: string[];
  /** saas: also one load that mixes every scenario by its traffic share. */
  mixed?: boolean;
  /** Cluster mode: workers per target, a number or 'auto' (one per server core). */
  workers?: number | string;
}

export async function run(options: RunOptions = {}): Promise<RunOutcome> {
  const log = options.log ?? (() => undefined);
  const suite = selectSuite(options.suite);
  refuseV8FlagsOffTargets(suite, options.v8Flags);
  refuseTurnsOf(suite, options);
  if (suite.kind === 'bench') {
    refuseOnLoadHosts(options, { suite: suite.name, scenarios: [], bench: true });
    return runBenchSuite(suite, options);
  }
  const stores = parseStores(options.stores ?? ['memory']);
  if (!suite.usesStore && stores.some((s) => s.kind !== 'memory')) {
    throw new UserError(
      'GAUNTLET_OPTION_NOT_FOR_SUITE',
      `the ${suite.name} suite's apps call no store, so --stores has no effect there`,
      'use --stores with --suite saas',
    );
  }
  const withRounds = withRunRounds(options, suite);
  const chosenScenarios = selectScenarios(suite, withRounds.scenarios, options.mixed ?? false);
  let runtimes = await chosenRuntimes(options.runtimes, options.installRuntimes, log);
  await checkV8Flags(runtimes, options.v8Flags);
  const serviceNames = suiteServices(suite, stores);
  refuseOnServerHost(options, {
    suite: suite.name,
    services: serviceNames,
    turns: options.turns,
    workers: options.workers,
  });
  if (options.workers !== undefined) {
    const usable = allowedCores().length;
    const serverCores = usable >= 2 && options.pin !== false ? usable - 1 : usable;
    const workers = parseWorkers(String(options.workers), serverCores);
    runtimes = runtimes.map((runtime) => clusterRuntime(runtime, workers)); // each runtime runs its own primary
  }
  const selection = await selectTargetsOnRuntimes(suite, options.targets, runtimes, options.baseline);
  const scenarios = scenariosOfTargets(
    chosenScenarios,
    selection.runnable.map((t) => t.name),
  );
  refuseOnLoadHosts(options, {
    suite: suite.name,
    scenarios,
    engine: options.engine,
    turns: options.turns,
    connections: resolveLoad(withRounds, suite, scenarios).connections,
  });
  const { loadHosts, loadOptions } = loadHostsPlan(withRounds);
  const settings = runSettings(loadOptions, suite, scenarios, runtimes[0], loadHosts?.engine);
  if (settings.turns)
    refuseTurnsWithout(
      selection.runnable.map((t) => t.name),
      selection.baseline,
    );
  return withServices(
    serviceNames,
    (services) =>
      withRunHosts(options, loadHosts, (host) =>
        executeRun({
          ...settings,
          suite,
          scenarios,
          targets: withServiceEnv(storeVariants(selection.runnable, stores, services.url('redis')), services),
          unavailable: selection.unavailable,
          baseline: storeVariantName(selection.baseline, stores),
          services: services.running(),
          upstream: upstreamWatch(suite, services),
          host,
          loadHosts,
        }),
      ),
    serviceOptions(options),
  );
}
