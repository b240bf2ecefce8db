/**
 * The headline ratio to the baseline: each side's best half of rounds, averaged, then divided.
 *
 * Why not the median of the per-round ratios: on a shared machine the noise of a window is
 * one-sided. A burst of stolen or contended CPU only ever slows a window (fewer req/s, more CPU
 * per request); nothing makes one faster than the server can go. So each series' best rounds
 * are its least disturbed ones, and the mean of the best half (the idea of BenchmarkTools.jl's
 * minimum estimator, Chen & Revels 2016, made less brittle by averaging half the rounds) is
 * a steadier figure than a median that half the bursts still reach. A per-round ratio, in
 * contrast, is disturbed from both sides (a burst in the target's window lowers it, one in the
 * baseline's raises it), so no order statistic of the ratios gains the same way. The
 * stability benchmark measures both estimators on the same runs (bench/stability-*.md).
 *
 * The interval resamples rounds (target and baseline of a round together) with a seeded
 * bootstrap, so a report rendered twice gives the same figures.
 */
import { mean, quantileSorted, sampleStandardDeviation } from 'simple-statistics';
import type { RatioEstimate } from '../model/schema.js';
import { bootstrap } from './random.js';

/** 'higher' for req/s, 'lower' for CPU per request: which end of a series is the undisturbed one. */
export type Better = 'higher' | 'lower';

const RESAMPLES = 2000;
const CONFIDENCE = 0.95;
/** Fixed, so that the same trials always give the same interval. */
const SEED = 0x5eed;

/** The mean of the best ⌈n/2⌉ values. */
export function bestHalfMean(values: number[], better: Better): number {
  const sorted = [...values].sort((x, y) => (better === 'higher' ? y - x : x - y));
  return mean(sorted.slice(0, Math.ceil(sorted.length / 2)));
}

function ratioOf(pairs: Array<[number, number]>, better: Better): number {
  return (
    bestHalfMean(
      pairs.map(([, mine]) => mine),
      better,
    ) /
    bestHalfMean(
      pairs.map(([theirs]) => theirs),
      better,
    )
  );
}

/**
 * The ratio of `[theirs, mine]` round pairs (roundPairs), best half over best half, with a
 * 95 % bootstrap interval over rounds; undefined without a pair whose `theirs` is above 0.
 */
export function bestHalfRatio(roundPairs: Array<[number, number]>, better: Better): RatioEstimate | undefined {
  const pairs = roundPairs.filter(([theirs]) => theirs > 0);
  if (pairs.length === 0) return undefined;
  const estimate = ratioOf(pairs, better);
  if (pairs.length < 3)
    return { estimate, interval: { low: estimate, high: estimate, confidence: 0 }, rounds: pairs.length };
  const resampled = bootstrap((draw) => ratioOf(draw(pairs), better), SEED, RESAMPLES);
  const tail = (1 - CONFIDENCE) / 2;
  return {
    estimate,
    interval: {
      low: quantileSorted(resampled, tail),
      high: quantileSorted(resampled, 1 - tail),
      confidence: CONFIDENCE,
    },
    rounds: pairs.length,
    logStandardError: sampleStandardDeviation(resampled.map(Math.log)),
  };
}
