/**
 * A distribution-free confidence interval for the median, from order statistics: for n
 * sorted repeats, [x(k), x(n-k+1)] holds the true median with probability
 * 1 - 2·P(Binomial(n, ½) < k), whatever the shape of the noise. Benchmark noise is skewed and
 * heavy-tailed (a GC pause, a neighbour on the machine), so no normality is assumed. With few
 * repeats the requested level cannot be reached: the widest interval [min, max] is returned
 * with the level it actually has (75 % for 3 repeats, 94 % for 5, 97 % for 6).
 */
export interface MedianInterval {
  low: number;
  high: number;
  /** The confidence this interval really has (≥ the requested level when n allows). */
  confidence: number;
}

function binomialCdfHalf(n: number, k: number): number {
  // P(X <= k) for X ~ Binomial(n, 1/2)
  let term = 0.5 ** n;
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term = (term * (n - i)) / (i + 1);
  }
  return sum;
}

export function medianInterval(values: number[], level = 0.95): MedianInterval {
  if (values.length === 0) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 1) return { low: sorted[0], high: sorted[0], confidence: 0 };
  // Largest k (1-based) whose interval still reaches the level; k = 1 is [min, max].
  let k = 1;
  while (k + 1 <= Math.floor((n + 1) / 2) && 1 - 2 * binomialCdfHalf(n, k) >= level) k++;
  return { low: sorted[k - 1], high: sorted[n - k], confidence: 1 - 2 * binomialCdfHalf(n, k - 1) };
}

/** Repeats needed before a 95 % interval of the median exists at all. */
export const REPEATS_FOR_95 = 6;
