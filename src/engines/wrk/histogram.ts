/**
 * wrk's latency histogram, as it recorded it. Before done() runs, wrk 4 "corrects" its
 * latencies for coordinated omission (stats_correct in wrk's stats.c): for every recorded
 * latency n of at least 2e microseconds, where e = duration / (requests / connections) is the
 * mean time between responses on one connection, it adds the same count again at n - e,
 * n - 2e, … down to just above e. Two things follow:
 *  - the figures are no longer what was measured, unlike every other engine's (and with
 *    pipelining, where one latency covers a batch of several e, most points are synthetic);
 *  - wrk does not lower its minimum for the points it adds, and its percentile walks from that
 *    minimum up, so when points land below it the upper percentiles never reach their rank and
 *    read 0 (seen in 2 of 18 pipelined trials).
 * The correction is exactly undone here. For a bucket v above e, the corrected count is
 * data[v] = orig[v] + orig[v+e] + orig[v+2e] + …, so orig[v] = data[v] - data[v+e]; buckets at
 * or below e got nothing. Every measured latency lies within wrk's [min, max], which done()
 * can read bucket by bucket, so the walk needs nothing wrk hides.
 */
import type { LatencyMs } from '../engine.js';
import { nearestRank } from '../latency-samples.js';

/** [latency µs, count] per non-empty bucket, ascending. */
export type Buckets = Array<[number, number]>;

/** The interval e wrk's correction used (integer arithmetic, as in wrk.c), or undefined when it made none. */
export function correctionInterval(durationUs: number, requests: number, connections: number): number | undefined {
  const perConnection = Math.floor(requests / connections);
  if (perConnection <= 0) return undefined;
  const interval = Math.floor(durationUs / perConnection);
  return interval > 0 ? interval : undefined;
}

export interface Uncorrected {
  buckets: Buckets;
  /** False when some bucket came out negative: wrk's correction was not the one undone here (another wrk version?). */
  consistent: boolean;
}

/** The histogram as measured, before wrk's coordinated-omission correction. */
export function undoCorrection(corrected: Buckets, interval: number | undefined): Uncorrected {
  if (interval === undefined) return { buckets: corrected.filter(([, count]) => count > 0), consistent: true };
  const counts = new Map(corrected);
  let consistent = true;
  const buckets: Buckets = [];
  for (const [value, count] of corrected) {
    let original = count;
    if (value > interval) original -= counts.get(value + interval) ?? 0;
    if (original < 0) {
      consistent = false;
      original = 0;
    }
    if (original > 0) buckets.push([value, original]);
  }
  return { buckets, consistent };
}

/** Mean, nearest-rank percentiles and max in milliseconds, as LatencySamples gives them for the other engines. */
export function latencyOfBuckets(buckets: Buckets): LatencyMs & { samples: number } {
  const samples = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (samples === 0) return { mean: 0, p50: 0, p75: 0, p90: 0, p99: 0, p99_9: 0, max: 0, samples };
  const ms = (us: number) => us / 1000;
  const total = buckets.reduce((sum, [value, count]) => sum + value * count, 0);
  const rank = (p: number) => {
    const wanted = nearestRank(p, samples);
    let seen = 0;
    for (const [value, count] of buckets) {
      seen += count;
      if (seen >= wanted) return ms(value);
    }
    return ms(buckets[buckets.length - 1][0]);
  };
  return {
    mean: ms(total / samples),
    p50: rank(50),
    p75: rank(75),
    p90: rank(90),
    p95: rank(95),
    p99: rank(99),
    p99_9: rank(99.9),
    max: ms(buckets[buckets.length - 1][0]),
    samples,
  };
}
