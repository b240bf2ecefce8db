/**
 * One visit: start a target, verify every scenario, warm up, then one trial per scenario of
 * the visit; stop it. A target that crashes is restarted for the next scenario; one that
 * will not start or answers wrongly is marked broken and not visited again.
 *
 * A target serves one protocol per start (HTTP/1.1, or h2c or h2 for the h2 suite): the
 * visit takes the scenarios of one protocol together, and starts, verifies (the scenarios of
 * that protocol) and warms up the target once per protocol. A target that fails over one
 * HTTP/2 protocol is broken for that protocol only (key `<target> over <protocol>`), so a
 * TLS problem does not hide its h2c figures.
 */
import type { LoadProtocol, LoadSpec } from '../engines/engine.js';
import type { EnginePlan, TargetQuirks, TrialEngine } from '../engines/engine-plan.js';
import type { Visit } from '../plan/plan.js';
import type { Trial, Verification } from '../results/schema.js';
import type { Runtime } from '../runtimes/runtime.js';
import { groupByProtocol, scenarioProtocol } from '../suites/protocol.js';
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
  engines: EnginePlan;
  runtime: Runtime;
  cores: CoreSets;
  /** Per-trial load (no warm-up: that runs once per start). */
  load: Omit<LoadSpec, 'baseUrl' | 'requests'>;
  warmupSec: number;
  readyTimeoutMs: number;
  signal: AbortSignal;
  /** Targets not to visit again, with why (HTTP/2: `<target> over <protocol>` for one protocol, see brokenKey). */
  broken: Map<string, string>;
  onTrialStart(round: number, target: string, scenario: string): void;
  onTrial(trial: Omit<Trial, 'index'>): void;
  onVerification(verification: Verification): void;
  note(message: string): void;
}

/** A trial that never measured: the target would not start, or no engine could measure it. */
function failedTrial(visit: Visit, target: Target, scenario: Scenario, reason: string, exit?: Trial['exit']): Omit<Trial, 'index'> {
  return { round: visit.round, target: target.name, scenario: scenario.name, startedAt: new Date().toISOString(), flags: [], status: 'failed', reason, exit };
}

/** The key under which a target is broken for one protocol: its name for HTTP/1.1 (as before), else `<name> over <protocol>`. */
export function brokenKey(target: string, protocol: LoadProtocol): string {
  return protocol === 'http1' ? target : `${target} over ${protocol}`;
}

/**
 * Starts and verifies the target, and says what its answers ask of an engine (an HTTP/1.1
 * status line without a reason phrase, which h2load cannot read); undefined when it cannot be
 * measured (recorded already).
 */
async function startAndVerify(
  target: Target,
  visit: Visit,
  firstScenario: Scenario,
  context: VisitContext,
): Promise<{ running: RunningTarget; quirks: TargetQuirks } | undefined> {
  const protocol = scenarioProtocol(firstScenario);
  const key = brokenKey(target.name, protocol);
  let running: RunningTarget;
  try {
    running = await startTarget({ target, suite: context.suite, runtime: context.runtime, cores: context.cores.server, readyTimeoutMs: context.readyTimeoutMs, protocol });
  } catch (error) {
    const reason = (error as Error).message;
    const exit = error instanceof TargetStartError ? { code: error.exitCode ?? null, signal: null, lastOutput: error.lastOutput } : undefined;
    context.broken.set(key, reason);
    context.onTrial(failedTrial(visit, target, firstScenario, reason, exit));
    return undefined;
  }
  const scenarios = context.scenarios.filter((s) => scenarioProtocol(s) === protocol);
  const quirks: TargetQuirks = { statusWithoutReason: false };
  const failures = await verifyScenarios(running.baseUrl, scenarios, context.extraChecks, protocol, (answer) => {
    if (answer.statusMessage === '') quirks.statusWithoutReason = true; // HTTP/2 answers have no statusMessage
  });
  context.onVerification({ target: target.name, round: visit.round, ok: failures.length === 0, failures });
  if (failures.length > 0) {
    context.broken.set(key, 'failed verification');
    const over = protocol === 'http1' ? '' : ` over ${protocol}`;
    context.note(`${target.name} answered wrongly${over}, it is not measured${over}:\n${failures.map((f) => `  ${f.scenario}: ${f.request}: ${f.reason}`).join('\n')}`);
    await running.process.stop();
    return undefined;
  }
  return { running, quirks };
}

export async function runVisit(target: Target, visit: Visit, context: VisitContext): Promise<void> {
  const scenarios = groupByProtocol(visit.scenarios.map((name) => context.scenarios.find((s) => s.name === name)!));
  let running: RunningTarget | undefined;
  let quirks: TargetQuirks = { statusWithoutReason: false };
  try {
    for (const scenario of scenarios) {
      if (context.signal.aborted || context.broken.has(target.name)) break;
      const protocol = scenarioProtocol(scenario);
      if (context.broken.has(brokenKey(target.name, protocol))) continue;
      context.onTrialStart(visit.round, target.name, scenario.name);
      if (running && running.protocol !== protocol) {
        await running.process.stop(); // the next protocol needs a start of its own
        running = undefined;
      }
      if (!running || running.process.hasExited()) {
        const started = await startAndVerify(target, visit, scenario, context);
        if (!started) continue; // broken for this protocol (or the whole target, for HTTP/1.1: the loop ends above)
        ({ running, quirks } = started);
        if (context.warmupSec > 0) {
          const warmupLoad = { ...context.load, durationSec: context.warmupSec };
          const sameProtocol = scenarios.filter((s) => scenarioProtocol(s) === protocol);
          await warmUp(running, sameProtocol, context.engines.forWarmup(sameProtocol, quirks), warmupLoad, { cores: context.cores.engine, signal: context.signal }).catch(
            () => undefined, // a target that died warming up is caught by the trial that follows
          );
        }
      }
      let engine: TrialEngine;
      try {
        engine = context.engines.forTrial(scenario, quirks);
      } catch (error) {
        // A named engine (--engine) that cannot read this target's answers.
        context.onTrial(failedTrial(visit, target, scenario, (error as Error).message));
        continue;
      }
      context.onTrial(
        await runTrial({
          round: visit.round,
          running,
          scenario,
          engine: engine.engine,
          ...(engine.fallbackReason && { engineFallback: { flags: engine.flags, reason: engine.fallbackReason } }),
          load: context.load,
          engineCores: context.cores.engine,
          signal: context.signal,
        }),
      );
    }
  } finally {
    await running?.process.stop();
  }
}
