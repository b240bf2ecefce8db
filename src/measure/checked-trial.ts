/**
 * One trial as a run records it: measured on a running instance, measured again in a longer
 * window (twice at most) while the window was too short for its load, run once more when the
 * engine failed (engine-retry.ts), and checked under load:
 * - while the window runs, by gauntlet's checker (the scenario's checks on connections of its
 *   own, load-checker.ts) and, where the engine reads bodies, by the engine on every response;
 * - after it, by its bytes per response against the answers sampled at the start, and the
 *   scenario's checks sent again right after the window.
 * A target that fails any of these answered wrongly under load: the trial fails (flag
 * wrong-under-load, the wrong answers kept in the trial), a failed verification is recorded
 * for every scenario (a target that changes its answers once verified is trusted nowhere),
 * and it is not measured again.
 */
import type { LoadSpec } from '../engines/engine.js';
import type { TrialEngine } from '../engines/engine-plan.js';
import type { Trial, Verification } from '../model/schema.js';
import { scenarioProtocol } from '../suites/protocol.js';
import type { Scenario } from '../suites/types.js';
import { checkAnswerSize, sizeCheckReason } from './answer-size.js';
import type { Instance } from './instances.js';
import { measureInLongEnoughWindow } from './extend-window.js';
import { exitedSoon, runTrial, targetDied, type WindowWatch } from './trial.js';
import { retryEngineFailure } from './engine-retry.js';
import { CHECK_SHARE, type CheckerRecord, LoadChecker, type LoadRate } from './load-checker.js';
import { requestsInFlight } from '../engines/engine.js';
import { describeWrongAnswer, distinctWrongAnswers, type WrongAnswer } from './wrong-answers.js';
import {
  type UpstreamRecord,
  UpstreamWindow,
  type UpstreamWatch,
  upstreamCountReason,
  verifyUpstreamCalls,
} from './upstream-check.js';
import { type VerificationFailure, verifyScenarios } from './verify.js';

export interface CheckedTrialContext {
  round: number;
  instance: Instance;
  scenario: Scenario;
  engine: TrialEngine;
  /** The trial load; its durationSec is the window to try first. */
  load: Omit<LoadSpec, 'baseUrl' | 'requests'>;
  /** The window the user asked for (extensions are bounded by it). */
  askedSec: number;
  engineCores?: string;
  signal: AbortSignal;
  /** Process groups of the other running targets (see TrialContext.neighbours). */
  neighbours?: number[];
  /** The upstream the suite's requests call: its count is checked over the window and its CPU recorded. */
  upstream?: UpstreamWatch;
  /** Told when each measured window starts and ends (turns-trial.ts: the served share of a window). */
  windowWatch?: WindowWatch;
  /** The engine lane (EngineRunOptions.lane). */
  lane?: number;
  /** The checker's share of the load (default CHECK_SHARE); 0 sends no checks while the load runs (bench/checker-cost.md compares the two). */
  checkerShare?: number;
}

export interface CheckedTrial {
  trial: Omit<Trial, 'index'>;
  /** Set when the target answered wrongly under load: the failed verification to record. */
  wrongAnswer?: Verification;
}

/**
 * The requests a trial sends right after its window: each scenario's checks, and the upstream
 * calls they must make where the suite has an upstream. The warm-up sends them too (warmup.ts).
 */
export async function checksAfterWindow(
  baseUrl: string,
  scenarios: Scenario[],
  upstream: UpstreamWatch | undefined,
): Promise<VerificationFailure[]> {
  const failures: VerificationFailure[] = [];
  for (const scenario of scenarios) {
    failures.push(...(await verifyScenarios(baseUrl, [scenario], [], scenarioProtocol(scenario))));
    if (upstream) failures.push(...(await verifyUpstreamCalls(baseUrl, [scenario], upstream)));
  }
  return failures;
}

/**
 * What the checker knows of the load's rate: a rate profile's lowest rate, else the rate the
 * cell's last window measured, else the requests a closed load keeps in flight.
 */
export function loadRateOf(load: CheckedTrialContext['load'], measured: number | undefined): LoadRate {
  const profile = load.profile;
  if (profile?.kind === 'rate')
    return { kind: 'known', ratePerSec: Math.max(1, Math.min(...profile.stages.map((s) => Math.min(s.from, s.to)))) };
  // A ramp's virtual users start low: judged as one, the checker stays within its share all along.
  if (profile?.kind === 'ramp') return { kind: 'closed', inFlight: 1 };
  if (measured !== undefined && measured > 0) return { kind: 'known', ratePerSec: measured };
  return { kind: 'closed', inFlight: requestsInFlight(load) };
}

/**
 * A measured trial with the checker's record: its counts, its wrong answers, why the engine
 * compared no bodies (where it could have), and the server's CPU per request over the checks
 * it answered in the window too.
 */
function withChecker(
  trial: Omit<Trial, 'index'>,
  record: CheckerRecord,
  notCompared: string | undefined,
): Omit<Trial, 'index'> {
  const { wrongAnswers, ...checker } = record;
  const wrong = [...(trial.wrongAnswers ?? []), ...wrongAnswers];
  const m = trial.measurement;
  const served = m ? m.requests + checker.inWindow : 0;
  const engine = trial.answerChecks!.engine;
  return {
    ...trial,
    answerChecks: { engine: notCompared ? { ...engine, notCompared } : engine, checker },
    ...(wrong.length > 0 && { wrongAnswers: wrong }),
    ...(m &&
      served > 0 && {
        measurement: { ...m, server: { ...m.server, cpuUsPerRequest: (m.server.cpuSeconds * 1e6) / served } },
      }),
  };
}

/** One watch told of a window that several watch: undefined where none does. */
function allWatches(...watches: Array<WindowWatch | undefined>): WindowWatch | undefined {
  const present = watches.filter((watch) => watch !== undefined);
  if (present.length < 2) return present[0];
  return {
    loadStart: () => {
      for (const watch of present) watch.loadStart?.();
    },
    begin: () => {
      for (const watch of present) watch.begin();
    },
    end: () => {
      for (const watch of present) watch.end();
    },
  };
}

export async function checkedTrial(context: CheckedTrialContext): Promise<CheckedTrial> {
  const { instance, scenario } = context;
  const protocol = scenarioProtocol(scenario);
  const answers = instance.loadAnswers?.get(scenario.name);
  let window: UpstreamWindow | undefined;
  let checks: CheckerRecord | undefined;
  /** Wrong answers seen in any window of this trial, a dropped shorter one included. */
  const caught: WrongAnswer[] = [];
  const attempt = async (durationSec: number) => {
    window = context.upstream && new UpstreamWindow(context.upstream);
    const checker = new LoadChecker({
      baseUrl: instance.running.baseUrl,
      protocol,
      checks: scenario.checks,
      load: loadRateOf(context.load, instance.measuredRates?.get(scenario.name)),
      timeoutMs: context.load.timeoutSec * 1000,
      share: context.checkerShare ?? CHECK_SHARE,
    });
    await checker.prepare();
    let trial = await runTrial({
      round: context.round,
      running: instance.running,
      scenario,
      engine: context.engine.engine,
      ...(context.engine.fallbackReason && {
        engineFallback: { flags: context.engine.flags, reason: context.engine.fallbackReason },
      }),
      load: { ...context.load, durationSec },
      engineCores: context.engineCores,
      signal: context.signal,
      neighbours: context.neighbours,
      windowWatch: allWatches(window, checker, context.windowWatch),
      lane: context.lane,
      ...(answers && 'answers' in answers && { expectedAnswers: answers.answers }),
    });
    checks = await checker.finished();
    // wrong answers count even where the trial failed (an engine that died after the checker saw them)
    caught.push(...(trial.wrongAnswers ?? []), ...checks.wrongAnswers);
    if (trial.answerChecks) trial = withChecker(trial, checks, answers && 'off' in answers ? answers.off : undefined);
    if (trial.measurement && trial.measurement.durationSec > 0)
      instance.measuredRates?.set(scenario.name, trial.measurement.requests / trial.measurement.durationSec);
    return trial;
  };
  const measure = (durationSec: number) => retryEngineFailure(() => attempt(durationSec), context.signal);
  // A ramp or rate profile's window is its stages: it is never stretched.
  const stretchable = !context.load.profile || context.load.profile.kind === 'fixed';
  let trial = stretchable
    ? await measureInLongEnoughWindow(
        { firstSec: context.load.durationSec, askedSec: context.askedSec, signal: context.signal },
        measure,
      )
    : await measure(context.load.durationSec);
  if (context.signal.aborted || (!trial.measurement && caught.length === 0)) return { trial };

  const distinct = distinctWrongAnswers(caught);
  const wrong = distinct.map((answer) => ({
    request: answer.request,
    reason: describeWrongAnswer(answer, context.engine.engine.name, scenario.name),
  }));
  if (distinct.length > 0) trial = { ...trial, wrongAnswers: distinct };
  if (trial.measurement) {
    const after = await checksAfterMeasuring(context, trial, window, checks?.inWindow ?? 0);
    trial = after.trial;
    wrong.push(...after.wrong);
  }
  if (wrong.length === 0) return { trial };
  // A target that died as the window ended refuses the checks after it: its death is the failure, not a wrong answer.
  if (await exitedSoon(instance.running)) {
    const { measurement: _unused, ...unmeasured } = trial;
    return { trial: { ...unmeasured, ...(await targetDied(instance.running)) } };
  }
  const reason = `answered wrongly under load: ${wrong.map((w) => `${w.request}: ${w.reason}`).join('; ')}${wrongCounts(trial)}`;
  return {
    trial: { ...trial, status: 'failed', reason, flags: [...trial.flags, 'wrong-under-load'] },
    wrongAnswer: {
      target: instance.running.target.name,
      round: context.round,
      ok: false,
      phase: 'under-load',
      failures: wrong.map((w) => ({ scenario: '*', request: w.request, reason: `under load: ${w.reason}` })),
    },
  };
}

/** " (wrong: 98 of 9,800 bodies the engine compared, 1 of 25 checks)" where any were counted, else "". */
function wrongCounts(trial: Omit<Trial, 'index'>): string {
  const { engine, checker } = trial.answerChecks ?? {};
  const parts: string[] = [];
  if (engine && engine.wrong > 0) parts.push(`${engine.wrong} of ${engine.compared} bodies the engine compared`);
  if (checker && checker.wrong > 0) parts.push(`${checker.wrong} of ${checker.answered} checks`);
  return parts.length > 0 ? ` (wrong: ${parts.join(', ')})` : '';
}

/**
 * The checks of a measured window once it is over: bytes per response against the answers
 * sampled at the start, the upstream's count of calls, and the scenario's checks sent again.
 */
async function checksAfterMeasuring(
  context: CheckedTrialContext,
  measuredTrial: Omit<Trial, 'index'>,
  window: UpstreamWindow | undefined,
  /** Checks answered in the window: their requests call the upstream as the load's do. */
  checksInWindow: number,
): Promise<{ trial: Omit<Trial, 'index'>; wrong: Array<{ request: string; reason: string }> }> {
  const { instance, scenario } = context;
  let trial = measuredTrial;
  const wrong: Array<{ request: string; reason: string }> = [];
  const measured = trial.measurement!;
  const expected = instance.answerSizes.get(scenario.name);
  const size = expected && checkAnswerSize(expected, measured);
  if (size) trial = { ...trial, answerSize: size };
  if (size && !size.ok) wrong.push({ request: `the ${scenario.name} load`, reason: sizeCheckReason(size) });
  if (context.upstream && window) {
    // A ramp holds up to its largest stage of virtual users; a rate up to --connections.
    const profile = context.load.profile;
    const vus = profile?.kind === 'ramp' ? Math.max(...profile.stages.map((s) => Math.max(s.from, s.to))) : 0;
    const inFlight = Math.max(vus, context.load.connections * context.load.pipelining);
    // Checks in flight as the window opens or closes are within the allowance for requests in flight.
    const upstream: UpstreamRecord | undefined = await window.record(measured.requests + checksInWindow, inFlight);
    if (upstream) trial = { ...trial, measurement: { ...measured, upstream } };
    if (upstream && !upstream.ok)
      wrong.push({
        request: `the ${scenario.name} load`,
        reason: upstreamCountReason(upstream, context.upstream.contract.callsPerRequest),
      });
  }
  const after = await checksAfterWindow(instance.running.baseUrl, [scenario], context.upstream);
  for (const failure of after)
    wrong.push({ request: failure.request, reason: `right after the ${scenario.name} window: ${failure.reason}` });
  return { trial, wrong };
}
