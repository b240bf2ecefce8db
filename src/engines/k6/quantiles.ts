/**
 * Latency percentiles of a load split over several k6 hosts. Percentiles cannot be averaged:
 * the p99 of two hosts is not the mean of their p99s. Each host's k6 keeps every request's
 * latency and, asked through `summaryTrendStats`, reports its quantile function on a dense grid
 * (QUANTILE_GRID: every 0.1 % to p99, every 0.01 % to p99.9, every 0.001 % above, min and max
 * exact). From it each host's distribution is rebuilt (linear between grid points), the hosts'
 * distributions are mixed in proportion to their request counts, and the merged percentile is
 * read from the mixture. Counts and the mean are exact; a percentile is off by at most the
 * distance between two neighbouring grid points of the hosts' own distributions there.
 *
 * This costs the load hosts no work per request (k6 keeps every latency for its summary anyway),
 * where a histogram kept by the script would add a metric sample to each request.
 */

/** Quantiles (0–100) each host reports: fine where the tail is. */
export const QUANTILE_GRID: number[] = (() => {
  const grid: number[] = [];
  for (let i = 0; i <= 990; i++) grid.push(i / 10);
  for (let i = 1; i <= 90; i++) grid.push(Number((99 + i / 100).toFixed(2)));
  for (let i = 1; i <= 100; i++) grid.push(Number((99.9 + i / 1000).toFixed(3)));
  return grid;
})();

/** k6's name of a quantile stat: `p(99.9)`. */
export const quantileStat = (q: number) => `p(${q})`;

/** The trend stats a host must report for its distribution to be rebuilt. */
export const QUANTILE_STATS = ['avg', 'max', 'count', ...QUANTILE_GRID.map(quantileStat)];

/** One host's latency distribution: its request count, mean and quantile function. */
export interface HostDistribution {
  count: number;
  mean: number;
  max: number;
  /** (quantile 0–1, latency) pairs, quantile ascending, latency non-decreasing. */
  points: Array<[number, number]>;
}

/** A host's distribution from a k6 trend's values (`p(…)`, `avg`, `max`); `count`: the trend's samples. */
export function hostDistribution(values: Record<string, number>, count: number): HostDistribution {
  const points: Array<[number, number]> = [];
  for (const q of QUANTILE_GRID) {
    const value = values[quantileStat(q)];
    if (typeof value === 'number') points.push([q / 100, value]);
  }
  if (typeof values.max === 'number') points.push([1, values.max]);
  // k6 interpolates between sorted samples, so its quantiles never fall; rounding may make them wobble
  for (let i = 1; i < points.length; i++) points[i][1] = Math.max(points[i][1], points[i - 1][1]);
  return { count, mean: values.avg ?? 0, max: values.max ?? 0, points };
}

/** Share (0–1) of a host's requests at or below `latency`, linear between its grid points. */
export function shareAtOrBelow(host: HostDistribution, latency: number): number {
  const { points } = host;
  if (points.length === 0 || latency < points[0][1]) return 0;
  if (latency >= points[points.length - 1][1]) return 1;
  // the last point at or below `latency` (binary search: points are sorted by latency too)
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (points[middle][1] <= latency) low = middle;
    else high = middle;
  }
  const [q0, x0] = points[low];
  const [q1, x1] = points[high];
  return x1 > x0 ? q0 + ((q1 - q0) * (latency - x0)) / (x1 - x0) : q0;
}

/** The latency below which share `q` (0–1) of all the hosts' requests fall. */
export function mergedQuantile(hosts: HostDistribution[], q: number): number {
  const counted = hosts.filter((host) => host.count > 0 && host.points.length > 0);
  if (counted.length === 0) return 0;
  if (counted.length === 1) return quantileOf(counted[0], q);
  const total = counted.reduce((sum, host) => sum + host.count, 0);
  const share = (latency: number) =>
    counted.reduce((sum, host) => sum + host.count * shareAtOrBelow(host, latency), 0) / total;
  let low = Math.min(...counted.map((host) => host.points[0][1]));
  let high = Math.max(...counted.map((host) => host.points[host.points.length - 1][1]));
  if (q <= 0) return low;
  if (q >= 1) return high;
  // the mixture's share grows with latency: bisect to well under a nanosecond of the answer
  for (let i = 0; i < 100 && high - low > 1e-9 * Math.max(1, high); i++) {
    const middle = (low + high) / 2;
    if (share(middle) >= q) high = middle;
    else low = middle;
  }
  return high;
}

/** One host's own quantile, linear between its grid points. */
function quantileOf(host: HostDistribution, q: number): number {
  const { points } = host;
  if (q <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [q1, x1] = points[i];
    if (q <= q1) {
      const [q0, x0] = points[i - 1];
      return q1 > q0 ? x0 + ((x1 - x0) * (q - q0)) / (q1 - q0) : x1;
    }
  }
  return points[points.length - 1][1];
}

/** The request-weighted mean of the hosts' means: exact. */
export function mergedMean(hosts: HostDistribution[]): number {
  const total = hosts.reduce((sum, host) => sum + host.count, 0);
  return total > 0 ? hosts.reduce((sum, host) => sum + host.count * host.mean, 0) / total : 0;
}
