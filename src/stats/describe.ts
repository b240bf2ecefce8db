/** Medians, spreads and intervals over the repeats of one cell. */
import { median } from 'simple-statistics';
import type { Spread } from '../model/schema.js';
import { medianInterval } from './median-interval.js';

export function spreadOf(values: number[]): Spread {
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    interval: medianInterval(values),
  };
}

/** (max - min) / median: how far apart the repeats landed. */
export function relativeRange(spread: Spread): number {
  return spread.median > 0 ? (spread.max - spread.min) / spread.median : 0;
}

/** Half the interval's width over the median: 0.03 = "± 3 %". */
export function relativeHalfWidth(spread: Spread): number {
  return spread.median > 0 ? (spread.interval.high - spread.interval.low) / 2 / spread.median : 0;
}

export function medianOf(values: number[]): number | undefined {
  return values.length > 0 ? median(values) : undefined;
}
