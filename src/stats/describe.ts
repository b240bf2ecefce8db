/** Medians, spreads and bootstrap intervals over the repeats of one cell. */
import { median, quantileSorted } from 'simple-statistics';
import type { Spread } from '../results/schema.js';
import { seededRandom } from './random.js';

export const BOOTSTRAP_RESAMPLES = 2000;

/**
 * 95 % percentile-bootstrap interval of the median: resample the trial values with
 * replacement, take each resample's median, and keep the middle 95 % of those medians.
 * With few repeats it is wide by design; it never claims more than the data shows.
 */
export function bootstrapMedianInterval(values: number[], seed = 1, resamples = BOOTSTRAP_RESAMPLES): [number, number] {
  if (values.length === 0) throw new Error('no values');
  if (values.length === 1) return [values[0], values[0]];
  const random = seededRandom(seed);
  const medians = new Array<number>(resamples);
  const sample = new Array<number>(values.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < values.length; i++) sample[i] = values[Math.floor(random() * values.length)];
    medians[r] = median(sample);
  }
  medians.sort((a, b) => a - b);
  return [quantileSorted(medians, 0.025), quantileSorted(medians, 0.975)];
}

export function spreadOf(values: number[]): Spread {
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    ci95: values.length >= 2 ? bootstrapMedianInterval(values) : undefined,
  };
}

/** (max - min) / median: how far apart the repeats landed. */
export function relativeRange(spread: Spread): number {
  return spread.median > 0 ? (spread.max - spread.min) / spread.median : 0;
}

export function medianOf(values: number[]): number | undefined {
  return values.length > 0 ? median(values) : undefined;
}
