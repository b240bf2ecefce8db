/**
 * The fake engine's report: a fixed number of responses shaped like the real answers it got.
 * Statuses, bytes per response and latency come from what the target really sent, so the
 * checks that read them (unexpected statuses, the answer-size check) still judge the target;
 * only the counts are made up.
 */
import { LatencySamples } from '../latency-samples.js';
import type { EngineMeasurement, LoadProtocol } from '../engine.js';

/** Responses the fake engine reports per second of window: enough for any window check (at least 1,000). */
export const FAKE_REQUESTS_PER_SEC = 5000;

/** One real answer to a request of the load. */
export interface SampledAnswer {
  status: number;
  bodyBytes: number;
  /** HTTP/1.1: the whole answer as read from the socket. */
  wireBytes?: number;
  /** The round trip, in milliseconds. */
  latencyMs: number;
}

/**
 * Splits `total` over the keys in proportion to `counts`, in whole numbers that add up to
 * `total` exactly (largest remainder first, ties by key).
 */
export function scaleCounts(counts: Record<string, number>, total: number): Record<string, number> {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  const sum = entries.reduce((acc, [, n]) => acc + n, 0);
  if (sum === 0 || total <= 0) return {};
  const shares = entries.map(([key, n]) => ({ key, exact: (n * total) / sum }));
  const scaled = Object.fromEntries(shares.map(({ key, exact }) => [key, Math.floor(exact)]));
  let left = total - Object.values(scaled).reduce((acc, n) => acc + n, 0);
  const byRemainder = [...shares].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.key.localeCompare(b.key),
  );
  for (const { key } of byRemainder) {
    if (left === 0) break;
    scaled[key]++;
    left--;
  }
  return scaled;
}

const mean = (values: number[]) => values.reduce((acc, v) => acc + v, 0) / values.length;

/**
 * The measurement of a window of `durationSec` from the real answers (at least one) and the
 * number of requests that got none: FAKE_REQUESTS_PER_SEC × durationSec requests in all, split
 * into responses and errors, statuses and bytes scaled from the answers.
 */
export function fakeMeasurement(
  answers: SampledAnswer[],
  failed: number,
  durationSec: number,
  protocol: LoadProtocol,
): EngineMeasurement {
  if (answers.length === 0) throw new Error('the fake engine needs at least one answer to scale');
  const total = Math.round(FAKE_REQUESTS_PER_SEC * durationSec);
  const requests = Math.round((total * answers.length) / (answers.length + failed));
  const statuses: Record<string, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  const bodyPerResponse = mean(answers.map((a) => a.bodyBytes));
  // HTTP/2 frames are not counted by a probe: bytes are the bodies there, which is what the answer-size check reads.
  const bytesPerResponse = protocol === 'http1' ? mean(answers.map((a) => a.wireBytes ?? 0)) : bodyPerResponse;
  const latency = new LatencySamples();
  for (const answer of answers) latency.add(answer.latencyMs);
  return {
    requests,
    errors: total - requests,
    timeouts: 0,
    statusCounts: scaleCounts(statuses, requests),
    bytes: Math.round(bytesPerResponse * requests),
    bodyBytes: Math.round(bodyPerResponse * requests),
    durationSec,
    latencyMs: latency.summary(),
    latencySamples: answers.length,
  };
}
