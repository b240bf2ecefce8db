/**
 * The headline ratio to the baseline: each side's best quarter of rounds (at least two),
 * averaged, then divided. A side run in several processes (the baseline's visits,
 * `--processes`) is read per start first, its figure the median of its starts' figures (of
 * two, their mean).
 *
 * Why not the median of the per-round ratios: on a shared machine the noise of a window is
 * one-sided. A burst of stolen or contended CPU only ever slows a window (fewer req/s, more CPU
 * per request); nothing makes one faster than the server can go. So each series' best rounds
 * are its least disturbed ones, and the mean of the best of them (the idea of BenchmarkTools.jl's
 * minimum estimator, Chen & Revels 2016, made less brittle by averaging several rounds) is
 * a steadier figure than a median that half the bursts still reach. A per-round ratio, in
 * contrast, is disturbed from both sides (a burst in the target's window lowers it, one in the
 * baseline's raises it), so no order statistic of the ratios gains the same way. The
 * stability benchmark measures these estimators on the same runs (docs/stability.md).
 *
 * Why a quarter and not half: in a noisy hour fewer than half of a series' windows are
 * undisturbed, so a better half takes in slowed ones, and the more so the noisier the run,
 * which moves a ratio between runs. Re-read both ways on the same saved pairs of runs, the best
 * quarter held 84 % of the cells within 5 % between two runs, the better half 74 %
 * (docs/statistics.md, "The headline: ratio to the baseline from the best quarter of rounds").
 * Two rounds at least, so that one lucky window is never a figure.
 *
 * The interval is a seeded bootstrap (a report rendered twice gives the same figures) in two
 * stages, as for any data in groups: first the starts of each side that ran more than one
 * process (`--processes`, the baseline's visits), then the rounds (target and baseline of a
 * round together). Rounds alone would leave out a start's own speed: every round of a process
 * carries it, and on a shared machine it moved a cell's ratio between runs by more than its rounds'
 * error (docs/statistics.md, "The interval of a ratio: over processes and rounds"). A side
 * with one start cannot show its own, so its interval holds the rounds only; `processes`
 * records what each side had.
 */
import { mean, median, quantileSorted, sampleStandardDeviation } from 'simple-statistics';
import type { RatioEstimate } from '../model/schema.js';
import type { StartRounds } from './paired.js';
import { bootstrap } from './random.js';

/** 'higher' for req/s, 'lower' for CPU per request: which end of a series is the undisturbed one. */
export type Better = 'higher' | 'lower';

const RESAMPLES = 2000;
export const CONFIDENCE = 0.95;
/** Fixed, so that the same trials always give the same interval. */
const SEED = 0x5eed;

/** The share of a series' rounds the headline keeps: its best quarter. */
export const KEPT_SHARE = 0.25;
/** Never fewer rounds than this (nor more than the series has). */
const MIN_KEPT = 2;

/** How many of n rounds a figure keeps at `share`: ⌈n × share⌉, at least two, at most n. */
export function keptRounds(n: number, share = KEPT_SHARE): number {
  return Math.min(n, Math.max(MIN_KEPT, Math.ceil(n * share)));
}

/** The mean of the best keptRounds(n, share) values: the highest for req/s, the lowest for CPU per request. */
export function bestRoundsMean(values: number[], better: Better, share = KEPT_SHARE): number {
  const sorted = [...values].sort((x, y) => (better === 'higher' ? y - x : x - y));
  return mean(sorted.slice(0, keptRounds(sorted.length, share)));
}

/** A side's figure in a round over the given starts: their median (of two, their mean); undefined when none has the round. */
function roundFigure(side: StartRounds, starts: readonly number[], round: number): number | undefined {
  const values = starts.map((start) => side.get(start)?.get(round)).filter((v): v is number => v !== undefined);
  return values.length > 0 ? median(values) : undefined;
}

export interface RatioOptions {
  /** The share of rounds kept; KEPT_SHARE by default (0.5 is the better half the headline kept before). */
  share?: number;
}

/** Every round any start of a side was measured in, in order. */
export function roundsOf(side: StartRounds): number[] {
  return [...new Set([...side.values()].flatMap((byRound) => [...byRound.keys()]))].sort((x, y) => x - y);
}

/**
 * A side's figure over the given starts and rounds (a round may come twice in a resample): each
 * start's best rounds, then the median over the starts; undefined when none has a round.
 */
function sideFigure(
  side: StartRounds,
  starts: readonly number[],
  rounds: readonly number[],
  better: Better,
  { share = KEPT_SHARE }: RatioOptions,
): number | undefined {
  const figures = starts
    .map((start) => {
      const values = rounds.map((round) => side.get(start)?.get(round)).filter((v): v is number => v !== undefined);
      return values.length > 0 ? bestRoundsMean(values, better, share) : undefined;
    })
    .filter((v): v is number => v !== undefined);
  return figures.length > 0 ? median(figures) : undefined;
}

/** A side's figure as the headline reads it, over all its starts and rounds (e.g. the baseline's req/s). */
export function bestRoundsOverStarts(side: StartRounds, better: Better): number | undefined {
  return sideFigure(side, [...side.keys()], roundsOf(side), better, {});
}

/**
 * Mine over theirs, each side's figure its starts' best rounds (the share `options` gives),
 * with a 95 % bootstrap interval over starts and rounds; only rounds both sides were measured
 * in, with theirs above 0, count; undefined without one.
 */
export function bestRoundsRatioOverStarts(
  theirs: StartRounds,
  mine: StartRounds,
  better: Better,
  options: RatioOptions = {},
): RatioEstimate | undefined {
  const theirStarts = [...theirs.keys()];
  const myStarts = [...mine.keys()];
  const ratioOver = (theirPick: readonly number[], myPick: readonly number[], rounds: readonly number[]) => {
    const other = sideFigure(theirs, theirPick, rounds, better, options);
    const own = sideFigure(mine, myPick, rounds, better, options);
    return other !== undefined && other > 0 && own !== undefined ? own / other : undefined;
  };
  const rounds = roundsOf(theirs).filter((round) => {
    const other = roundFigure(theirs, theirStarts, round);
    return other !== undefined && other > 0 && roundFigure(mine, myStarts, round) !== undefined;
  });
  if (rounds.length === 0) return undefined;
  const estimate = ratioOver(theirStarts, myStarts, rounds)!;
  const processes = { target: myStarts.length, baseline: theirStarts.length };
  const kept = options.share ?? KEPT_SHARE;
  if (rounds.length < 3)
    return {
      estimate,
      interval: { low: estimate, high: estimate, confidence: 0 },
      rounds: rounds.length,
      processes,
      kept,
    };
  const spread = bootstrapRatio((draw) => {
    // a side of one start is not drawn, so its rounds are drawn from the same stream as before starts were
    const theirPick = theirStarts.length > 1 ? draw(theirStarts) : theirStarts;
    const myPick = myStarts.length > 1 ? draw(myStarts) : myStarts;
    return ratioOver(theirPick, myPick, draw(rounds));
  }, SEED);
  return { estimate, ...spread, rounds: rounds.length, processes, kept };
}

/**
 * A ratio's seeded bootstrap: the 95 % interval of the resampled statistic and the standard
 * deviation of its log, its relative standard error (also the ratio of a run in turns,
 * turn-ratios.ts).
 */
export function bootstrapRatio(
  statistic: Parameters<typeof bootstrap>[0],
  seed: number,
): Pick<RatioEstimate, 'interval' | 'logStandardError'> {
  const resampled = bootstrap(statistic, seed, RESAMPLES);
  const tail = (1 - CONFIDENCE) / 2;
  return {
    interval: {
      low: quantileSorted(resampled, tail),
      high: quantileSorted(resampled, 1 - tail),
      confidence: CONFIDENCE,
    },
    logStandardError: sampleStandardDeviation(resampled.map(Math.log)),
  };
}
