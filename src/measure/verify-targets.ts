/**
 * Verification on its own (gauntlet verify): start each target, check every scenario, stop
 * it. No load. A suite served over several protocols (h2: h2c and TLS) starts each target
 * once per protocol and checks that protocol's scenarios over it.
 */
import type { Host } from '../hosts/host.js';
import type { Runtime } from '../runtimes/runtime.js';
import { protocolsOf, scenarioProtocol } from '../suites/protocol.js';
import type { Scenario, Suite } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import { startTarget } from './target-process.js';
import { type UpstreamWatch, verifyUpstreamCalls } from './upstream-check.js';
import { verifyScenarios, type VerificationFailure } from './verify.js';

export interface TargetVerdict {
  target: string;
  ok: boolean;
  failures: VerificationFailure[];
}

export async function verifyTargets(
  suite: Suite,
  scenarios: Scenario[],
  targets: Target[],
  runtime: Runtime,
  readyTimeoutMs: number,
  /** The upstream the suite's requests call: the calls of every check are counted. */
  upstream?: UpstreamWatch,
  /** Where the targets run (default: this machine). */
  host?: Host,
): Promise<TargetVerdict[]> {
  const verdicts: TargetVerdict[] = [];
  const protocols = protocolsOf(scenarios);
  for (const target of targets) {
    const failures: VerificationFailure[] = [];
    for (const protocol of protocols) {
      try {
        const running = await startTarget({ target, suite: suite.name, runtime, readyTimeoutMs, protocol, host });
        try {
          const checked = scenarios.filter((s) => scenarioProtocol(s) === protocol);
          failures.push(...(await verifyScenarios(running.baseUrl, checked, suite.extraChecks, protocol)));
          if (upstream) failures.push(...(await verifyUpstreamCalls(running.baseUrl, checked, upstream)));
        } finally {
          await running.process.stop();
        }
      } catch (error) {
        const request = protocol === 'http1' ? 'start' : `start over ${protocol}`;
        failures.push({ scenario: '*', request, reason: (error as Error).message });
      }
    }
    verdicts.push({ target: target.name, ok: failures.length === 0, failures });
  }
  return verdicts;
}
