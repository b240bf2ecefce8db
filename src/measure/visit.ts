/**
 * One visit: start a target, verify every scenario, warm up, then one trial per scenario of
 * the visit; stop it. A target that crashes is restarted for the next scenario; one that
 * will not start or answers wrongly is marked broken and not visited again.
 */
import type { Engine, LoadSpec } from '../engines/engine.js';
import type { Visit } from '../plan/plan.js';
import type { Trial, Verification } from '../results/schema.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Check, Scenario } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import type { CoreSets } from './pinning.js';
import { startTarget, TargetStartError, type RunningTarget } from './target-process.js';
import { runTrial } from './trial.js';
import { verifyScenarios } from './verify.js';
import { warmUp } from './warmup.js';

export interface VisitContext {
  suite: string;
  scenarios: Scenario[];
  /** The suite's checks of routes no scenario loads. */
  extraChecks: Check[];
  engine: Engine;
  runtime: Runtime;
  cores: CoreSets;
  /** Per-trial load (no warm-up: that runs once per start). */
  load: Omit<LoadSpec, 'baseUrl' | 'requests'>;
  warmupSec: number;
  readyTimeoutMs: number;
  signal: AbortSignal;
  /** Targets not to visit again, with why. */
  broken: Map<string, string>;
  onTrialStart(round: number, target: string, scenario: string): void;
  onTrial(trial: Omit<Trial, 'index'>): void;
  onVerification(verification: Verification): void;
  note(message: string): void;
}

/** Starts and verifies the target; undefined when it cannot be measured (recorded already). */
async function startAndVerify(target: Target, visit: Visit, firstScenario: Scenario, context: VisitContext): Promise<RunningTarget | undefined> {
  let running: RunningTarget;
  try {
    running = await startTarget({ target, suite: context.suite, runtime: context.runtime, cores: context.cores.server, readyTimeoutMs: context.readyTimeoutMs });
  } catch (error) {
    const reason = (error as Error).message;
    const exit = error instanceof TargetStartError ? { code: error.exitCode ?? null, signal: null, lastOutput: error.lastOutput } : undefined;
    context.broken.set(target.name, reason);
    context.onTrial({ round: visit.round, target: target.name, scenario: firstScenario.name, startedAt: new Date().toISOString(), flags: [], status: 'failed', reason, exit });
    return undefined;
  }
  const failures = await verifyScenarios(running.baseUrl, context.scenarios, context.extraChecks);
  context.onVerification({ target: target.name, round: visit.round, ok: failures.length === 0, failures });
  if (failures.length > 0) {
    context.broken.set(target.name, 'failed verification');
    context.note(`${target.name} answered wrongly, it is not measured:\n${failures.map((f) => `  ${f.scenario}: ${f.request}: ${f.reason}`).join('\n')}`);
    await running.process.stop();
    return undefined;
  }
  return running;
}

export async function runVisit(target: Target, visit: Visit, context: VisitContext): Promise<void> {
  const scenarios = visit.scenarios.map((name) => context.scenarios.find((s) => s.name === name)!);
  let running: RunningTarget | undefined;
  try {
    for (const scenario of scenarios) {
      if (context.signal.aborted || context.broken.has(target.name)) break;
      context.onTrialStart(visit.round, target.name, scenario.name);
      if (!running || running.process.hasExited()) {
        running = await startAndVerify(target, visit, scenario, context);
        if (!running) break;
        if (context.warmupSec > 0) {
          const warmupLoad = { ...context.load, durationSec: context.warmupSec };
          await warmUp(running, scenarios, context.engine, warmupLoad, { cores: context.cores.engine, signal: context.signal }).catch(
            () => undefined, // a target that died warming up is caught by the trial that follows
          );
        }
      }
      context.onTrial(
        await runTrial({ round: visit.round, running, scenario, engine: context.engine, load: context.load, engineCores: context.cores.engine, signal: context.signal }),
      );
    }
  } finally {
    await running?.process.stop();
  }
}
