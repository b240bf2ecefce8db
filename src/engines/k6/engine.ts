/**
 * k6 (Go, built with `go install go.k6.io/k6@v1.8.1`): the engine of the ramp and rate
 * profiles, and a closed HTTP/1.1 load like the others with the fixed one (one connection
 * per virtual user; no pipelining). gauntlet writes the scenario's k6 script (script.ts), runs
 * `k6 run` in its own process group, pinned to the generator's cores, and reads the figures
 * from k6's end-of-test summary (`--summary-export`, summary.ts).
 *
 * The trial warm-up is a separate short k6 run (a constant load at the profile's level). The
 * measured window is k6's own: setup() logs a marker with k6's clock just before the
 * scenario starts and teardown() one after its last iteration (in-flight requests included);
 * the server's CPU is sampled between the two lines, and the window's length is the
 * difference of k6's two timestamps. teardown() then waits a moment so k6's CPU time can
 * still be read in /proc.
 */
import {
  protocolOf,
  type Engine,
  type EngineHooks,
  type EngineMeasurement,
  type EngineRunOptions,
  type LoadSpec,
} from '../engine.js';
import { FIXED_PROFILE, formatDuration, formatProfile, peakLevel, type LoadProfile } from '../profile.js';
import { K6_RUN_FLAGS, type K6Window, runK6Job, stopK6Jobs } from './job.js';
import { findK6, K6_INSTALL_HINT, k6Version } from './locate.js';
import { atLeastOneSecond, k6Script } from './script.js';
import { k6Figures } from './summary.js';

/** Refuses a load k6 cannot carry, saying why. */
export function checkK6Spec(spec: LoadSpec): void {
  const protocol = protocolOf(spec);
  if (protocol !== 'http1')
    throw new Error(`k6 is used for HTTP/1.1 loads only, not ${protocol}: use h2load or node-http2 for HTTP/2`);
  const scheme = new URL(spec.baseUrl).protocol;
  if (scheme !== 'http:' && scheme !== 'https:') throw new Error(`k6: ${spec.baseUrl} is not an http(s) URL`);
  if (spec.pipelining > 1)
    throw new Error('k6 does not pipeline: each virtual user has one request in flight (--pipelining 1)');
  if (spec.connections < 1) throw new Error('k6 needs at least one virtual user');
  if (spec.requests.length === 0) throw new Error('k6: the load has no requests');
}

export const profileOf = (spec: LoadSpec): LoadProfile => spec.profile ?? FIXED_PROFILE;

/** The warm-up's load: the profile's level held constant (the fixed profile's own connections). */
function warmupProfile(spec: LoadSpec): { profile: LoadProfile; connections: number } {
  const profile = profileOf(spec);
  if (profile.kind === 'ramp') return { profile: FIXED_PROFILE, connections: Math.max(1, peakLevel(profile)) };
  if (profile.kind === 'rate') {
    const rate = Math.max(1, profile.stages[0].from, profile.stages[0].to);
    return {
      profile: { kind: 'rate', stages: [{ from: rate, to: rate, durationSec: spec.warmupSec }] },
      connections: spec.connections,
    };
  }
  return { profile, connections: spec.connections };
}

/**
 * The scripts of one load: its warm-up (absent without one) and its measured window (markers
 * around the scenario). `trendStats`: the latency stats the summary keeps (default TREND_STATS).
 */
export function k6LoadScripts(spec: LoadSpec, trendStats?: string[]): { warmup?: string; measured: string } {
  const script = (profile: LoadProfile, connections: number, durationSec: number, markers: boolean) =>
    k6Script({
      baseUrl: spec.baseUrl,
      requests: spec.requests,
      profile,
      connections,
      durationSec,
      timeoutSec: spec.timeoutSec,
      expectedStatuses: spec.expectedStatuses ?? [200],
      markers,
      ...(markers && trendStats && { trendStats }),
      title: `gauntlet k6 engine: ${markers ? 'measured window' : 'warm-up'}`,
    });
  const warm = warmupProfile(spec);
  return {
    ...(spec.warmupSec > 0 && { warmup: script(warm.profile, warm.connections, spec.warmupSec, false) }),
    measured: script(profileOf(spec), spec.connections, spec.durationSec, true),
  };
}

export const k6Engine: Engine = {
  name: 'k6',
  description: `k6 (Go; ${K6_INSTALL_HINT.split(' (')[0]}): HTTP/1.1 with request sequences, one connection per virtual user; the engine of --profile ramp and rate`,
  capabilities: {
    http1: true,
    pipelining: false,
    h2c: false,
    tlsHttp2: false,
    pathCycles: true,
    requestSequences: true,
    timesEachPipelinedRequest: true,
    readsStatusWithoutReason: true,
    subSecondWindows: true,
    rampingLoad: true,
    arrivalRate: true,
    rampingArrivalRate: true,
    openArrivalRate: true,
  },
  unavailableReason: () => (findK6() ? undefined : `k6 is not installed (${K6_INSTALL_HINT})`),
  version: k6Version,
  describeFlags: (spec) => {
    const profile = profileOf(spec);
    const load =
      profile.kind === 'fixed'
        ? `constant-vus ${spec.connections} VUs for ${formatDuration(spec.durationSec)}`
        : `${formatProfile(profile)}${profile.kind === 'rate' ? ` (max ${spec.connections} VUs in flight)` : ''}`;
    return (
      `run ${K6_RUN_FLAGS.join(' ')} <generated script: ${load}, timeout ${formatDuration(spec.timeoutSec)}${spec.requests.length > 1 ? `, cycling ${spec.requests.length} requests` : ''}>` +
      (spec.warmupSec > 0 ? ` after a ${atLeastOneSecond(spec.warmupSec)} s warm-up k6` : '')
    );
  },
  run,
  close: stopK6Jobs,
};

async function run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
  checkK6Spec(spec);
  const scripts = k6LoadScripts(spec);
  const started = Date.now();
  if (scripts.warmup) await runK6Job(scripts.warmup, undefined, options);
  const rest = { ...options, deadlineMs: Math.max(1000, options.deadlineMs - (Date.now() - started)) };
  const { summary, window } = await runK6Job(scripts.measured, hooks, rest);
  return k6Measurement(summary, profileOf(spec), window);
}

/** The measurement of one measured k6 run: its summary's figures over the window its markers timed. */
export function k6Measurement(summary: unknown, profile: LoadProfile, window: K6Window): EngineMeasurement {
  const figures = k6Figures(summary, profile);
  const durationSec =
    window.startMs !== undefined && window.endMs !== undefined
      ? (window.endMs - window.startMs) / 1000
      : (figures.durationSec ?? 0);
  if (figures.requests + figures.errors === 0)
    throw new Error('k6 sent no request in the measured window (can it connect?)');
  return {
    requests: figures.requests,
    errors: figures.errors,
    timeouts: figures.timeouts,
    statusCounts: figures.statusCounts,
    bytes: figures.bytes,
    durationSec,
    latencyMs: figures.latencyMs,
    latencySamples: figures.latencySamples,
    ...(figures.latencyFrom === 'schedule' && { latencyFrom: 'schedule' as const }),
    ...(profile.kind === 'rate' && { dropped: figures.dropped, scheduled: figures.scheduled }),
    ...(figures.stages && { stages: figures.stages }),
  };
}
