/** Verification on its own (gauntlet verify): start each target, check every scenario, stop it. No load. */
import type { Runtime } from '../runtimes/runtime.js';
import type { Scenario, Suite } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import { startTarget } from './target-process.js';
import { verifyScenarios, type VerificationFailure } from './verify.js';

export interface TargetVerdict {
  target: string;
  ok: boolean;
  failures: VerificationFailure[];
}

export async function verifyTargets(suite: Suite, scenarios: Scenario[], targets: Target[], runtime: Runtime, readyTimeoutMs: number): Promise<TargetVerdict[]> {
  const verdicts: TargetVerdict[] = [];
  for (const target of targets) {
    let failures: VerificationFailure[];
    try {
      const running = await startTarget({ target, suite: suite.name, runtime, readyTimeoutMs });
      try {
        failures = await verifyScenarios(running.baseUrl, scenarios, suite.extraChecks);
      } finally {
        await running.process.stop();
      }
    } catch (error) {
      failures = [{ scenario: '*', request: 'start', reason: (error as Error).message }];
    }
    verdicts.push({ target: target.name, ok: failures.length === 0, failures });
  }
  return verdicts;
}
