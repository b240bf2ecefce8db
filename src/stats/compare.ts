/**
 * Comparing one figure of two cells (A = before, B = after): the relative change of the
 * medians with a bootstrap interval, and a verdict from the Mann-Whitney test. A change the
 * test cannot tell from noise is "no difference the data can show", however large it looks.
 */
import { median, quantileSorted } from 'simple-statistics';
import { mannWhitney } from './mann-whitney.js';
import { seededRandom } from './random.js';

export type Direction = 'higher-is-better' | 'lower-is-better';
export type Verdict = 'better' | 'worse' | 'no-difference';

export const DEFAULT_ALPHA = 0.05;

export interface Comparison {
  nA: number;
  nB: number;
  medianA: number;
  medianB: number;
  /** medianB / medianA - 1 (0.05 = B is 5 % higher). */
  change: number;
  /** 95 % percentile-bootstrap interval of the change. */
  interval: [number, number];
  pValue: number;
  verdict: Verdict;
}

function bootstrapChange(a: number[], b: number[], seed: number, resamples = 2000): [number, number] {
  const random = seededRandom(seed);
  const draw = (values: number[]) => values.map(() => values[Math.floor(random() * values.length)]);
  const changes: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const base = median(draw(a));
    if (base !== 0) changes.push(median(draw(b)) / base - 1);
  }
  changes.sort((x, y) => x - y);
  return changes.length ? [quantileSorted(changes, 0.025), quantileSorted(changes, 0.975)] : [0, 0];
}

export function compareSamples(
  a: number[],
  b: number[],
  direction: Direction,
  alpha = DEFAULT_ALPHA,
  seed = 1,
): Comparison {
  if (a.length === 0 || b.length === 0) throw new Error('both sides need at least one trial');
  const medianA = median(a);
  const medianB = median(b);
  const change = medianA !== 0 ? medianB / medianA - 1 : 0;
  const { pValue } = mannWhitney(a, b);
  let verdict: Verdict = 'no-difference';
  if (pValue < alpha && medianA !== medianB) {
    const higher = medianB > medianA;
    verdict = higher === (direction === 'higher-is-better') ? 'better' : 'worse';
  }
  return {
    nA: a.length,
    nB: b.length,
    medianA,
    medianB,
    change,
    interval: bootstrapChange(a, b, seed),
    pValue,
    verdict,
  };
}

/** A regression that gates a release: the test says worse, and by more than the threshold. */
export function isRegression(comparison: Comparison, thresholdShare: number, direction: Direction): boolean {
  if (comparison.verdict !== 'worse') return false;
  const worseBy = direction === 'higher-is-better' ? -comparison.change : comparison.change;
  return worseBy > thresholdShare;
}

/** Smallest p-value Mann-Whitney can give for these sample sizes: below alpha, or no verdict is possible. */
export function smallestPValue(nA: number, nB: number): number {
  let ways = 1;
  for (let i = 1; i <= nA; i++) ways = (ways * (nB + i)) / i; // C(nA + nB, nA)
  return 2 / ways;
}
