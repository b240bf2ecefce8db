/**
 * Mann-Whitney U test (two-sided): does one sample tend to be larger than the other? It
 * compares ranks, not means, so one outlier trial cannot decide a verdict, and it needs no
 * assumption about the noise's shape. Exact p-values for small samples without ties (the
 * usual case for benchmark figures), the normal approximation with tie correction otherwise.
 */
export interface MannWhitney {
  u: number;
  pValue: number;
  exact: boolean;
}

/** Ranks from 1, ties given their average rank; tieTerm = Σ(t³ − t) over groups of t tied values (for the normal approximation's variance). */
export function ranks(values: number[]): { ranks: number[]; tieTerm: number } {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  let tieTerm = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1].value === order[i].value) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) result[order[k].index] = rank;
    const t = j - i + 1;
    tieTerm += t * t * t - t;
    i = j + 1;
  }
  return { ranks: result, tieTerm };
}

/** Number of ways to get each U for sample sizes m, n (no ties): counts[m][n][u]. */
function exactUDistribution(m: number, n: number): number[] {
  // f(m, n, u) = f(m-1, n, u-n) + f(m, n-1, u)
  const memo = new Map<string, number[]>();
  const f = (a: number, b: number): number[] => {
    if (a === 0 || b === 0) return [1];
    const key = `${a},${b}`;
    const hit = memo.get(key);
    if (hit) return hit;
    const left = f(a - 1, b); // the largest value is in sample A: contributes b to U
    const right = f(a, b - 1);
    const out = new Array<number>(a * b + 1).fill(0);
    left.forEach((count, u) => {
      out[u + b] += count;
    });
    right.forEach((count, u) => {
      out[u] += count;
    });
    memo.set(key, out);
    return out;
  };
  return f(m, n);
}

const EXACT_LIMIT = 2500; // m·n up to this: exact distribution (fast enough, no overflow worries)

export function mannWhitney(a: number[], b: number[]): MannWhitney {
  const m = a.length;
  const n = b.length;
  if (m === 0 || n === 0) return { u: 0, pValue: 1, exact: true };
  const { ranks: r, tieTerm } = ranks([...a, ...b]);
  const rankSumA = r.slice(0, m).reduce((sum, x) => sum + x, 0);
  const u = rankSumA - (m * (m + 1)) / 2;
  const mean = (m * n) / 2;
  if (tieTerm === 0 && m * n <= EXACT_LIMIT) {
    const counts = exactUDistribution(m, n);
    const total = counts.reduce((sum, c) => sum + c, 0);
    const extreme = Math.min(u, m * n - u);
    let tail = 0;
    for (let k = 0; k <= extreme; k++) tail += counts[k];
    return { u, pValue: Math.min(1, (2 * tail) / total), exact: true };
  }
  const N = m + n;
  const variance = ((m * n) / 12) * (N + 1 - tieTerm / (N * (N - 1)));
  if (variance <= 0) return { u, pValue: 1, exact: false };
  const z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
  return { u, pValue: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))), exact: false };
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, error < 1.5e-7). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(z)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
