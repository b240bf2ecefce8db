/**
 * The running targets of a run. Each target is started once per protocol it serves (HTTP/1.1,
 * or h2c and h2 for the h2 suite; the baseline once per visit of a pass, see plan.ts),
 * verified, its answers' sizes sampled, warmed up to steady state, and then kept running for
 * the whole run: its trials, spread over the rounds, all hit the same warm process. A target
 * that died is started again (verified and warmed up again) for its next trial; one that will
 * not start or answers wrongly is marked broken and not measured again (over HTTP/2, for that
 * protocol only, so a TLS problem does not hide its h2c figures).
 *
 * Why keep them running: restarting a target for every visit made every round pay a start and
 * a warm-up per target, and a warm-up long enough for the JIT (fastify needs about 5 s under
 * load) did not fit in a 5-minute run; idle targets on the server core cost nothing measurable.
 */
import type { LoadProtocol, LoadSpec } from '../engines/engine.js';
import type { EnginePlan, TargetQuirks } from '../engines/engine-plan.js';
import type { TargetStart, Trial, Verification } from '../model/schema.js';
import type { Host } from '../hosts/host.js';
import type { Runtime } from '../runtimes/runtime.js';
import { scenarioProtocol } from '../suites/protocol.js';
import type { Check, Scenario } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import { measureAnswerSize, type AnswerSize } from './answer-size.js';
import { type LoadAnswers, loadAnswers } from './load-answers.js';
import type { CoreSets } from '../proc/pinning.js';
import { startTarget, TargetStartError, type RunningTarget } from './target-process.js';
import { type UpstreamWatch, verifyUpstreamCalls } from './upstream-check.js';
import { verifyScenarios } from './verify.js';
import { checksAfterWindow } from './checked-trial.js';
import { warmUp } from './warmup.js';

export interface Instance {
  running: RunningTarget;
  /** What its answers ask of an engine, found when it was verified. */
  quirks: TargetQuirks;
  /** Mean size of the answers to each scenario's load, sampled at the start. */
  answerSizes: Map<string, AnswerSize>;
  /** Each scenario's answers for engines that read bodies to compare, or why they do not (load-answers.ts). */
  loadAnswers?: Map<string, LoadAnswers>;
  /** Each scenario's rate (responses a second) in its last measured window: the checker sends its share of it (load-checker.ts). */
  measuredRates?: Map<string, number>;
}

export interface InstanceContext {
  suite: string;
  scenarios: Scenario[];
  /** The suite's checks of routes no scenario loads. */
  extraChecks: Check[];
  engines: EnginePlan;
  runtime: Runtime;
  /** Where the targets run. */
  host: Host;
  cores: CoreSets;
  /** The load of the warm-up (its length is warmupMaxSec). */
  load: Omit<LoadSpec, 'baseUrl' | 'requests' | 'warmupSec' | 'durationSec'>;
  /** Longest warm-up per start; it ends earlier once throughput levels off. 0: none. */
  warmupMaxSec: number;
  readyTimeoutMs: number;
  /** V8 flags of every target start (see KEPT_UP_V8_FLAGS). */
  v8Flags: string[];
  signal: AbortSignal;
  /** Targets not to measure again, with why (HTTP/2: `<target> over <protocol>` for one protocol, see brokenKey). */
  broken: Map<string, string>;
  onStart(start: TargetStart): void;
  onVerification(verification: Verification): void;
  onTrial(trial: Omit<Trial, 'index'>): void;
  note(message: string): void;
  /** The upstream the suite's requests call: each start also counts the calls of every check. */
  upstream?: UpstreamWatch;
}

/** The key under which a target is broken for one protocol: its name for HTTP/1.1, else `<name> over <protocol>`. */
export function brokenKey(target: string, protocol: LoadProtocol): string {
  return protocol === 'http1' ? target : `${target} over ${protocol}`;
}

/** A trial that never measured: the target would not start, or no engine could measure it. */
export function failedTrial(
  round: number,
  target: string,
  scenario: string,
  reason: string,
  exit?: Trial['exit'],
): Omit<Trial, 'index'> {
  return { round, target, scenario, startedAt: new Date().toISOString(), flags: [], status: 'failed', reason, exit };
}

export class Instances {
  private readonly live = new Map<string, Instance>();
  private readonly started = new Set<string>();

  constructor(private readonly context: InstanceContext) {}

  /** True when the target may not be measured over this protocol (or at all). */
  isBroken(target: string, protocol: LoadProtocol): boolean {
    return this.context.broken.has(target) || this.context.broken.has(brokenKey(target, protocol));
  }

  /**
   * The target's running instance for a protocol, started (verified, sized, warmed up) when it
   * has none or it died; undefined when it cannot be measured (recorded already, as a failed
   * trial of `round`/`scenario` or a failed verification).
   */
  async get(
    target: Target,
    protocol: LoadProtocol,
    round: number,
    scenario: string,
    processIndex?: number,
  ): Promise<Instance | undefined> {
    const key = `${brokenKey(target.name, protocol)}#${processIndex ?? 1}`;
    if (this.isBroken(target.name, protocol)) return undefined;
    const current = this.live.get(key);
    if (current && !current.running.process.hasExited()) return current;
    this.live.delete(key);
    const instance = await this.start(target, protocol, round, scenario, key, processIndex);
    if (instance) this.live.set(key, instance);
    return instance;
  }

  /** Process groups of every running target. */
  groups(): number[] {
    return [...this.live.values()].filter((i) => !i.running.process.hasExited()).map((i) => i.running.process.pid);
  }

  async stopAll(): Promise<void> {
    const all = [...this.live.values()];
    this.live.clear();
    await Promise.all(all.map((instance) => instance.running.process.stop()));
  }

  private async start(
    target: Target,
    protocol: LoadProtocol,
    round: number,
    scenario: string,
    liveKey: string,
    processIndex: number | undefined,
  ): Promise<Instance | undefined> {
    const { context } = this;
    const key = brokenKey(target.name, protocol);
    const cause = this.started.has(liveKey) ? 'restart' : 'first';
    this.started.add(liveKey);
    const at = new Date().toISOString();
    const startMs = performance.now();
    let running: RunningTarget;
    try {
      running = await startTarget({
        target,
        suite: context.suite,
        runtime: context.runtime,
        host: context.host,
        cores: context.cores.server,
        readyTimeoutMs: context.readyTimeoutMs,
        protocol,
        v8Flags: context.v8Flags,
      });
    } catch (error) {
      const reason = (error as Error).message;
      const exit =
        error instanceof TargetStartError
          ? { code: error.exitCode ?? null, signal: null, lastOutput: error.lastOutput }
          : undefined;
      context.broken.set(key, reason);
      context.onTrial(failedTrial(round, target.name, scenario, reason, exit));
      return undefined;
    }
    const readyMs = Math.round(performance.now() - startMs);
    const scenarios = context.scenarios.filter((s) => scenarioProtocol(s) === protocol);
    const quirks: TargetQuirks = { statusWithoutReason: false };
    const failures = await verifyScenarios(running.baseUrl, scenarios, context.extraChecks, protocol, (answer) => {
      if (answer.statusMessage === '') quirks.statusWithoutReason = true; // HTTP/2 answers have no statusMessage
    });
    if (context.upstream) failures.push(...(await verifyUpstreamCalls(running.baseUrl, scenarios, context.upstream)));
    context.onVerification({ target: target.name, round, ok: failures.length === 0, phase: 'start', failures });
    if (failures.length > 0) {
      context.broken.set(key, 'failed verification');
      const over = protocol === 'http1' ? '' : ` over ${protocol}`;
      context.note(
        `${target.name} answered wrongly${over}, it is not measured${over}:\n${failures.map((f) => `  ${f.scenario}: ${f.request}: ${f.reason}`).join('\n')}`,
      );
      await running.process.stop();
      return undefined;
    }
    const answerSizes = new Map<string, AnswerSize>();
    for (const s of scenarios) answerSizes.set(s.name, await measureAnswerSize(running.baseUrl, s, protocol));
    const answers = new Map<string, LoadAnswers>();
    for (const s of scenarios) answers.set(s.name, await loadAnswers(running.baseUrl, s, protocol));
    const warmup = await warmUp(running, scenarios, context.engines.forWarmup(scenarios, quirks), context.load, {
      cores: context.cores.engine,
      signal: context.signal,
      maxSec: context.warmupMaxSec,
      afterBlock: () => checksAfterWindow(running.baseUrl, scenarios, context.upstream),
    });
    context.onStart({
      target: target.name,
      protocol,
      at,
      cause,
      ...(processIndex !== undefined && { process: processIndex }),
      readyMs,
      warmup,
      answerSizes: Object.fromEntries(answerSizes),
    });
    return { running, quirks, answerSizes, loadAnswers: answers, measuredRates: new Map() };
  }
}
