/**
 * Wilcoxon's signed-rank test and its companion estimate, for figures measured in pairs: A and
 * B of one round are measured seconds apart, so a burst of machine noise that slows both
 * cancels in their per-round difference, where a test over the two samples (Mann-Whitney)
 * counts it as spread. Distribution-free like Mann-Whitney: it ranks the differences.
 */
import { median, probit } from 'simple-statistics';
import { normalCdf, ranks } from './mann-whitney.js';

export interface SignedRank {
  /** Sum of the ranks of the positive differences. */
  wPlus: number;
  /** Differences that count (zeros are dropped, as Wilcoxon does). */
  n: number;
  pValue: number;
  exact: boolean;
}

export interface PairedShift {
  /** Hodges-Lehmann estimate: the median of the Walsh averages (dᵢ + dⱼ) / 2, i ≤ j. */
  estimate: number;
  low: number;
  high: number;
  /** What the interval holds the shift with (≥ 0.95 from 6 pairs; [min, max] of fewer holds less). */
  confidence: number;
}

const EXACT_LIMIT = 60; // up to 1,831 sums; the counts lose only relative precision past 2^53, harmless to a p-value

/** counts[w] = number of sign patterns of ranks 1…n whose positive ranks sum to w. */
function exactCounts(n: number): number[] {
  const max = (n * (n + 1)) / 2;
  const counts = new Array<number>(max + 1).fill(0);
  counts[0] = 1;
  for (let rank = 1; rank <= n; rank++) for (let w = max; w >= rank; w--) counts[w] += counts[w - rank];
  return counts;
}

/** Two-sided test of "the differences are centred on 0"; exact without ties, normal approximation with tie correction otherwise. */
export function signedRank(differences: number[]): SignedRank {
  const nonZero = differences.filter((d) => d !== 0);
  const n = nonZero.length;
  if (n === 0) return { wPlus: 0, n: 0, pValue: 1, exact: true };
  const { ranks: rankOf, tieTerm } = ranks(nonZero.map(Math.abs));
  const wPlus = nonZero.reduce((sum, d, i) => sum + (d > 0 ? rankOf[i] : 0), 0);
  const max = (n * (n + 1)) / 2;
  if (tieTerm === 0 && n <= EXACT_LIMIT) {
    const counts = exactCounts(n);
    const extreme = Math.min(wPlus, max - wPlus);
    let tail = 0;
    for (let w = 0; w <= extreme; w++) tail += counts[w];
    return { wPlus, n, pValue: Math.min(1, (2 * tail) / 2 ** n), exact: true };
  }
  const variance = (n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48;
  if (variance <= 0) return { wPlus, n, pValue: 1, exact: false };
  const z = (Math.abs(wPlus - max / 2) - 0.5) / Math.sqrt(variance);
  return { wPlus, n, pValue: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))), exact: false };
}

/** Smallest two-sided p the test can give with n pairs: 2 / 2ⁿ (every pair the same way). */
export function smallestSignedRankP(n: number): number {
  return 2 / 2 ** n;
}

/**
 * The shift the differences are centred on, with the distribution-free interval that inverts
 * the signed-rank test: the k-th smallest and k-th largest Walsh averages, k the largest with
 * P(W ≤ k − 1) ≤ (1 − confidence) / 2 (Tukey). With fewer than 6 pairs no k reaches 95 %: the
 * interval is then [min, max] and says what it holds.
 */
export function pairedShift(differences: number[], confidence = 0.95): PairedShift {
  if (differences.length === 0) throw new Error('a paired shift needs at least one difference');
  const walsh: number[] = [];
  for (let i = 0; i < differences.length; i++)
    for (let j = i; j < differences.length; j++) walsh.push((differences[i] + differences[j]) / 2);
  walsh.sort((a, b) => a - b);
  const n = differences.length;
  const k = n <= EXACT_LIMIT ? exactDepth(n, confidence) : normalDepth(n, confidence);
  return {
    estimate: median(walsh),
    low: walsh[k.depth - 1],
    high: walsh[walsh.length - k.depth],
    confidence: k.confidence,
  };
}

/** The largest depth k with P(W ≤ k − 1) ≤ (1 − confidence) / 2, and the confidence it gives (at least 1: [min, max]). */
function exactDepth(n: number, confidence: number): { depth: number; confidence: number } {
  const counts = exactCounts(n);
  const total = 2 ** n;
  const maxDepth = (n * (n + 1)) / 4;
  let depth = 1;
  let below = counts[0]; // P(W ≤ depth − 1) × 2ⁿ
  while (depth < maxDepth && (below + counts[depth]) / total <= (1 - confidence) / 2) below += counts[depth++];
  return { depth, confidence: 1 - (2 * below) / total };
}

/** Past the exact limit: W's normal approximation gives the depth. */
function normalDepth(n: number, confidence: number): { depth: number; confidence: number } {
  const mean = (n * (n + 1)) / 4;
  const sd = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24);
  const z = probit(1 - (1 - confidence) / 2);
  return { depth: Math.max(1, Math.floor(mean - z * sd)), confidence };
}
