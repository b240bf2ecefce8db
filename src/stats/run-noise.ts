/**
 * How far two runs should agree given each run's own noise: the stability benchmark's
 * yardstick for telling a noisy machine from a harness whose runs differ.
 *
 * A cell's figure is the median of its per-round values. Its standard error is taken on the
 * log scale, as ratios are: 1.2533 × s / √n, the median's large-sample error for normal noise
 * (s the sample standard deviation of the logs). Two runs of the same job then differ by about
 * √(se₁² + se₂²), and the share of cells expected to move by at most a tolerance is the mean,
 * over cells, of the normal probability of a move that small. With 3 rounds s rests on three
 * values, so this is a rough figure: it says whether the runs' own spread explains a miss, not
 * to the percent.
 */
import { errorFunction, probit, sampleStandardDeviation } from 'simple-statistics';

/** The median's standard error relative to the standard error of a mean, for normal noise (√(π/2)). */
const MEDIAN_EFFICIENCY_FACTOR = Math.sqrt(Math.PI / 2);

/** Standard error of the median of `values` on the log scale; undefined below two positive values. */
export function logMedianStandardError(values: number[]): number | undefined {
  const logs = values.filter((v) => v > 0).map(Math.log);
  if (logs.length < 2) return undefined;
  return (MEDIAN_EFFICIENCY_FACTOR * sampleStandardDeviation(logs)) / Math.sqrt(logs.length);
}

/** Probability that a cell with these standard errors in two runs moves by at most `tolerance` (a share) between them. */
export function chanceWithin(errorA: number, errorB: number, tolerance: number): number {
  const spread = Math.hypot(errorA, errorB);
  if (spread === 0) return 1;
  // P(|Z| ≤ z) for a standard normal Z is erf(z / √2).
  return errorFunction(Math.log(1 + tolerance) / spread / Math.SQRT2);
}

/**
 * The standard error each of two runs needs, alike in both, for `share` of the cells to move
 * by at most `tolerance`: the bound is the normal quantile of (1 + share) / 2 times √2 · se.
 */
export function errorNeeded(share: number, tolerance: number): number {
  return Math.log(1 + tolerance) / (probit((1 + share) / 2) * Math.SQRT2);
}

/** The normal quantile a 95 % interval reaches on either side (1.96). */
const Z95 = probit(0.975);

/**
 * Whether a move between two runs lies within what their 95 % intervals allow: |ln(b / a)| at
 * most 1.96 √(se₁² + se₂²). If each run's interval held what a second run of the job gives,
 * 95 % of the cells would; fewer means the runs differ by something their intervals leave out.
 */
export function withinIntervals(ratio: number, errorA: number, errorB: number): boolean {
  return Math.abs(Math.log(ratio)) <= Z95 * Math.hypot(errorA, errorB);
}
