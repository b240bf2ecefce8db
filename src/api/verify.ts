/** `verify` as a function: every chosen target checked against every scenario, no load. */
import { verifyTargets, type TargetVerdict } from '../measure/verify-targets.js';
import type { Runtime } from '../runtimes/runtime.js';
import { UserError } from '../core/errors.js';
import { serviceOptions, suiteServices, withServiceEnv, withServices } from '../backends/services.js';
import type { Suite } from '../suites/types.js';
import { chosenRuntimes, selectTargetsOnRuntimes } from './runtime-selection.js';
import { selectScenarios, selectSuite } from './selection.js';
import { RUN_DEFAULTS } from './settings.js';
import { upstreamWatch } from './upstream-watch.js';
import { refuseOnServerHost, withHost } from './server-host.js';

export interface VerifyOptions {
  suite?: string;
  targets?: string[];
  scenarios?: string[];
  runtimes?: string[];
  installRuntimes?: boolean;
  readyTimeoutSec?: number;
  /** fanout: the upstream's delay and answer size (see LoadOptions). */
  upstreamLatencyMs?: number;
  upstreamPayloadBytes?: number;
  log?: (line: string) => void;
  /** Check the targets on another host over SSH (api/server-host.ts). */
  serverHost?: string;
  serverGauntlet?: string;
}

export interface VerifyOutcome {
  suite: Suite;
  runtimes: Runtime[];
  verdicts: TargetVerdict[];
  /** Targets (or target and runtime pairs) that cannot run here, with why. */
  unavailable: Array<{ target: string; reason: string }>;
}

export async function verify(options: VerifyOptions = {}): Promise<VerifyOutcome> {
  const suite = selectSuite(options.suite);
  if (suite.kind === 'bench') {
    // Its cases are checked by run itself, before and after every window: a wrong one exits 3 there.
    throw new UserError(
      'GAUNTLET_OPTION_NOT_FOR_SUITE',
      `verify checks the answers of HTTP targets; the ${suite.name} suite checks every case's answer in run, before and after timing`,
      `gauntlet run --suite ${suite.name} --repeats 1 --duration 0.05 --warmup 0 (exit code 3 when a case answers wrongly)`,
    );
  }
  const scenarios = selectScenarios(suite, options.scenarios);
  const runtimes = await chosenRuntimes(options.runtimes, options.installRuntimes, options.log);
  const selection = await selectTargetsOnRuntimes(suite, options.targets, runtimes);
  const readyTimeoutMs = (options.readyTimeoutSec ?? RUN_DEFAULTS.readyTimeoutSec) * 1000;
  // Verification starts what the suite needs with its default options (the in-memory store needs nothing).
  const services = suiteServices(suite);
  refuseOnServerHost(options, { suite: suite.name, services });
  const verdicts = await withServices(
    services,
    (started) =>
      withHost(options, (host) =>
        verifyTargets(
          suite,
          scenarios,
          withServiceEnv(selection.runnable, started),
          runtimes[0],
          readyTimeoutMs,
          upstreamWatch(suite, started),
          host,
        ),
      ),
    serviceOptions(options),
  );
  return { suite, runtimes, verdicts, unavailable: selection.unavailable };
}
