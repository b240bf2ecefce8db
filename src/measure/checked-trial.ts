/**
 * One trial as a run records it: measured on a running instance, measured again in a longer
 * window (twice at most) while the window was too short for its load, and checked under
 * load: its bytes per response against the answers sampled at the start, and the scenario's
 * checks sent again right after the window. A target that fails either check answered
 * wrongly under load: the trial fails, a failed verification is recorded for every scenario
 * (a target that changes its answers once verified is trusted nowhere), and it is not
 * measured again.
 */
import type { LoadSpec } from '../engines/engine.js';
import type { TrialEngine } from '../engines/engine-plan.js';
import type { Trial, Verification } from '../model/schema.js';
import { scenarioProtocol } from '../suites/protocol.js';
import type { Scenario } from '../suites/types.js';
import { checkAnswerSize, sizeCheckReason } from './answer-size.js';
import type { Instance } from './instances.js';
import { measureInLongEnoughWindow } from './extend-window.js';
import { runTrial, type WindowWatch } from './trial.js';
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

/** One watch told of a window that two watch: undefined where neither does. */
function bothWatches(...watches: Array<WindowWatch | undefined>): WindowWatch | undefined {
  const present = watches.filter((watch) => watch !== undefined);
  if (present.length < 2) return present[0];
  return {
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
  let window: UpstreamWindow | undefined;
  const measure = (durationSec: number) => {
    window = context.upstream && new UpstreamWindow(context.upstream);
    return runTrial({
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
      windowWatch: bothWatches(window, context.windowWatch),
      lane: context.lane,
    });
  };
  // A ramp or rate profile's window is its stages: it is never stretched.
  const stretchable = !context.load.profile || context.load.profile.kind === 'fixed';
  let trial = stretchable
    ? await measureInLongEnoughWindow(
        { firstSec: context.load.durationSec, askedSec: context.askedSec, signal: context.signal },
        measure,
      )
    : await measure(context.load.durationSec);
  if (!trial.measurement || context.signal.aborted) return { trial };

  const expected = instance.answerSizes.get(scenario.name);
  const size = expected && checkAnswerSize(expected, trial.measurement);
  if (size) trial = { ...trial, answerSize: size };
  const wrong: Array<{ request: string; reason: string }> = [];
  if (size && !size.ok) wrong.push({ request: `the ${scenario.name} load`, reason: sizeCheckReason(size) });
  const measured = trial.measurement;
  if (context.upstream && window && measured) {
    // A ramp holds up to its largest stage of virtual users; a rate up to --connections.
    const profile = context.load.profile;
    const vus = profile?.kind === 'ramp' ? Math.max(...profile.stages.map((s) => Math.max(s.from, s.to))) : 0;
    const inFlight = Math.max(vus, context.load.connections * context.load.pipelining);
    const upstream: UpstreamRecord | undefined = await window.record(measured.requests, inFlight);
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
  if (wrong.length === 0) return { trial };
  const reason = `answered wrongly under load: ${wrong.map((w) => `${w.request}: ${w.reason}`).join('; ')}`;
  return {
    trial: { ...trial, status: 'failed', reason },
    wrongAnswer: {
      target: instance.running.target.name,
      round: context.round,
      ok: false,
      phase: 'under-load',
      failures: wrong.map((w) => ({ scenario: '*', request: w.request, reason: `under load: ${w.reason}` })),
    },
  };
}
