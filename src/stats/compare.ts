/**
 * Comparing one figure of two cells (A = before, B = after), and a verdict: a change the test
 * cannot tell from noise is "no difference the data can show", however large it looks.
 * Two saved runs are two samples: the change of the medians with a bootstrap interval, and
 * the Mann-Whitney test. A and B of one run (`ab`) are pairs, measured seconds apart in each
 * round: the per-round change, Hodges-Lehmann with its signed-rank interval, and Wilcoxon's
 * signed-rank test, so that noise both sides of a round share cancels.
 */
import { median, quantileSorted } from 'simple-statistics';
import { mannWhitney } from './mann-whitney.js';
import { bootstrap } from './random.js';
import { pairedShift, signedRank } from './signed-rank.js';

export type Direction = 'higher-is-better' | 'lower-is-better';
export type Verdict = 'better' | 'worse' | 'no-difference';

export const DEFAULT_ALPHA = 0.05;

export type ComparisonTest = 'mann-whitney' | 'signed-rank';

export interface Comparison {
  /** Two samples (mann-whitney), or pairs by round (signed-rank). */
  test: ComparisonTest;
  nA: number;
  nB: number;
  medianA: number;
  medianB: number;
  /** B over A less 1 (0.05 = B is 5 % higher): of the medians (two samples), or the per-round change (pairs). */
  change: number;
  /** Interval of the change: 95 % percentile bootstrap (two samples), or the signed-rank interval (pairs; see intervalConfidence). */
  interval: [number, number];
  /** Pairs: the rounds both were measured in; and what their interval holds the change with (below 0.95 with fewer than 6). */
  pairs?: number;
  intervalConfidence?: number;
  pValue: number;
  verdict: Verdict;
}

function bootstrapChange(a: number[], b: number[], seed: number): [number, number] {
  const changes = bootstrap((draw) => {
    const base = median(draw(a));
    return base !== 0 ? median(draw(b)) / base - 1 : undefined;
  }, seed);
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
  return {
    test: 'mann-whitney',
    nA: a.length,
    nB: b.length,
    medianA,
    medianB,
    change,
    interval: bootstrapChange(a, b, seed),
    pValue,
    verdict: verdictOf(pValue, medianA === medianB ? undefined : medianB > medianA, direction, alpha),
  };
}

/** A significant change read in the figure's direction; `higher`: whether B is above A (undefined: level). */
function verdictOf(pValue: number, higher: boolean | undefined, direction: Direction, alpha: number): Verdict {
  if (pValue >= alpha || higher === undefined) return 'no-difference';
  return higher === (direction === 'higher-is-better') ? 'better' : 'worse';
}

/**
 * Pairs [A, B] measured side by side (one per round): the change is exp(Hodges-Lehmann of
 * ln(B / A)) − 1, a ratio like the two-sample change, with the signed-rank interval; the
 * medians are each side's own, as the table shows them.
 */
export function comparePaired(pairs: Array<[number, number]>, direction: Direction, alpha = DEFAULT_ALPHA): Comparison {
  const usable = pairs.filter(([a, b]) => a > 0 && b > 0);
  if (usable.length === 0) throw new Error('a paired comparison needs at least one pair of positive figures');
  const logs = usable.map(([a, b]) => Math.log(b / a));
  const shift = pairedShift(logs);
  const change = Math.exp(shift.estimate) - 1;
  const { pValue } = signedRank(logs);
  return {
    test: 'signed-rank',
    nA: usable.length,
    nB: usable.length,
    medianA: median(usable.map(([a]) => a)),
    medianB: median(usable.map(([, b]) => b)),
    change,
    interval: [Math.exp(shift.low) - 1, Math.exp(shift.high) - 1],
    pairs: usable.length,
    intervalConfidence: shift.confidence,
    pValue,
    verdict: verdictOf(pValue, shift.estimate === 0 ? undefined : shift.estimate > 0, direction, alpha),
  };
}

/** Round by round where the two sides share rounds with figures above 0, as two samples otherwise. */
export function compareRoundsOrSamples(
  pairs: Array<[number, number]>,
  a: number[],
  b: number[],
  direction: Direction,
): Comparison {
  return pairs.some(([x, y]) => x > 0 && y > 0) ? comparePaired(pairs, direction) : compareSamples(a, b, direction);
}

/** A regression that gates a release: the test says worse, and by more than the threshold. */
export function isRegression(comparison: Comparison, thresholdShare: number, direction: Direction): boolean {
  if (comparison.verdict !== 'worse') return false;
  const worseBy = direction === 'higher-is-better' ? -comparison.change : comparison.change;
  return worseBy > thresholdShare;
}
