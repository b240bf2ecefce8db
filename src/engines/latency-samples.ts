/**
 * Latency samples kept exactly and summarised by nearest rank: percentiles are values that
 * were measured, not bucket edges. Past `cap` samples (a million by default: 8 MB) the kept
 * ones are a uniform reservoir sample; count, mean and max stay exact. Used by the node-http2
 * worker and by the h2load engine (reading h2load's per-request log).
 */
import type { LatencyMs } from './engine.js';

/** The 1-based nearest rank of percentile p among `count` sorted values (every engine's percentiles use it). */
export function nearestRank(p: number, count: number): number {
  return Math.min(count, Math.max(1, Math.ceil((p / 100) * count)));
}

export class LatencySamples {
  private values = new Float64Array(4096);
  private kept = 0;
  private seen = 0;
  private sum = 0;
  private max = 0;

  constructor(private readonly cap = 1_000_000) {}

  get count(): number {
    return this.seen;
  }

  add(ms: number): void {
    this.seen++;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
    if (this.kept < this.cap) {
      if (this.kept === this.values.length) {
        const grown = new Float64Array(Math.min(this.cap, this.values.length * 2));
        grown.set(this.values);
        this.values = grown;
      }
      this.values[this.kept++] = ms;
    } else {
      const slot = Math.floor(Math.random() * this.seen);
      if (slot < this.cap) this.values[slot] = ms;
    }
  }

  reset(): void {
    this.kept = 0;
    this.seen = 0;
    this.sum = 0;
    this.max = 0;
  }

  /** Milliseconds, rounded to the microsecond. */
  summary(): LatencyMs {
    const sorted = this.values.subarray(0, this.kept).sort();
    const us = (ms: number) => Math.round(ms * 1000) / 1000;
    const rank = (p: number) => (this.kept === 0 ? 0 : us(sorted[nearestRank(p, this.kept) - 1]));
    return {
      mean: this.seen === 0 ? 0 : us(this.sum / this.seen),
      p50: rank(50),
      p75: rank(75),
      p90: rank(90),
      p95: rank(95),
      p99: rank(99),
      p99_9: rank(99.9),
      max: us(this.max),
    };
  }
}
