/**
 * Whether a measured window was long enough for the load it carried. A window shorter than a
 * few latencies measures the ramp of the load, not its steady flow: the h2 suite at 100 × 100
 * streams gave p50 latencies of 0.3–0.9 s in 1 s windows, cells of 100–800 responses, and
 * koa at 4 % of node-http2 where the Tuft benchmark comparison has 38 %.
 */
import type { Measurement } from '../model/schema.js';

/** Fewer responses than this give no stable p99 (ten responses above it) and a coarse rate. */
export const MIN_WINDOW_RESPONSES = 1000;
/** The window must last this many median latencies: each request slot then turns over five times, and the ramp of the load at its start stays a small part. */
export const WINDOW_LATENCY_MULTIPLE = 5;
/** A measured window is extended by this margin over the bare need, so the next try does not fall just short. */
const EXTENSION_MARGIN = 1.25;

/** The longest window gauntlet extends to: enough for the h2 suite's 10,000 streams at a few thousand req/s. */
export function maxWindowSec(askedSec: number): number {
  return Math.max(15, 5 * askedSec);
}

export interface WindowShortfall {
  /** A window this long would have been enough (margin included), in whole steps (`stepSec`). */
  neededSec: number;
  reason: string;
}

/**
 * The step a window is extended in: whole seconds when whole seconds were asked (wrk counts
 * no less), else a twentieth. Rounding a 0.25 s window up to 1 s quadrupled it where 0.35 s was
 * enough: at the default run's 1000 requests in flight a target under 20k req/s has a p50 over
 * 50 ms, and in a slow hour nearly half the default run's trials ran in extended windows.
 */
export function windowStepSec(askedSec: number): number {
  return Number.isInteger(askedSec) ? 1 : 0.05;
}

/** Undefined when the window was long enough, else how long it should have been (in `stepSec` steps) and why. */
export function windowShortfall(
  m: Pick<Measurement, 'durationSec' | 'requests' | 'requestsPerSec' | 'latencyMs'>,
  stepSec = 1,
): WindowShortfall | undefined {
  // No response finished: every latency was longer than the window, so five are at least five windows.
  const p50Ms = m.requests === 0 ? m.durationSec * 1000 : m.latencyMs.p50;
  const byLatencySec = (WINDOW_LATENCY_MULTIPLE * p50Ms) / 1000;
  const tooFew = m.requests < MIN_WINDOW_RESPONSES;
  const tooBrief = m.durationSec < byLatencySec;
  if (!tooFew && !tooBrief) return undefined;
  const byCountSec = m.requestsPerSec > 0 ? MIN_WINDOW_RESPONSES / m.requestsPerSec : 0;
  const bareSec = Math.max(byLatencySec, byCountSec, m.durationSec) * EXTENSION_MARGIN;
  // the rounding guards against 0.35 / 0.05 = 7.000000000000001 becoming 8 steps
  const steps = Math.ceil(Math.round((bareSec / stepSec) * 1e6) / 1e6);
  const neededSec = Number((steps * stepSec).toFixed(3));
  const reasons = [
    ...(tooFew ? [`${m.requests} responses (at least ${MIN_WINDOW_RESPONSES} are needed)`] : []),
    ...(tooBrief
      ? [
          m.requests === 0
            ? `${m.durationSec.toFixed(2)} s, in which no response finished`
            : `${m.durationSec.toFixed(2)} s, under ${WINDOW_LATENCY_MULTIPLE} × its p50 latency of ${m.latencyMs.p50.toFixed(0)} ms`,
        ]
      : []),
  ];
  return { neededSec, reason: `the window was too short for its load: ${reasons.join('; ')}` };
}
