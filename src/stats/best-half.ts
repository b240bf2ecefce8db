/**
 * The headline ratio to the baseline: each side's best half of rounds, averaged, then divided.
 * A side run in several processes (the baseline's visits, `--processes`) is read per start
 * first, its figure the median of its starts' figures (of two, their mean).
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
 * The interval is a seeded bootstrap (a report rendered twice gives the same figures) in two
 * stages, as for any data in groups: first the starts of each side that ran more than one
 * process (`--processes`, the baseline's visits), then the rounds (target and baseline of a
 * round together). Rounds alone would leave out a start's own speed: every round of a process
 * carries it, and on this machine it moved a cell's ratio between runs by more than its rounds'
 * error (README, "A start's own speed"). A side with one start cannot show its own, so its
 * interval holds the rounds only; `processes` records what each side had.
 */
import { mean, median, quantileSorted, sampleStandardDeviation } from 'simple-statistics';
import type { RatioEstimate } from '../model/schema.js';
import type { StartRounds } from './paired.js';
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

/** A side's figure in a round over the given starts: their median (of two, their mean); undefined when none has the round. */
function roundFigure(side: StartRounds, starts: readonly number[], round: number): number | undefined {
  const values = starts.map((start) => side.get(start)?.get(round)).filter((v): v is number => v !== undefined);
  return values.length > 0 ? median(values) : undefined;
}

/**
 * How a side of several starts gives one figure. 'start': each start's better half of its own
 * rounds, then the median over the starts (of two, their mean), so that a side in two
 * processes is read as every side in one is. 'round' (the estimator before, kept for the
 * stability benchmark): each round's median over the starts first, then the better half of
 * those. A merged round is clean only when all its windows are, so merged the baseline read
 * 0.1–5.4 % below its processes' own better halves in 38 runs (median 1.8 %), more in a
 * noisier run, and every ratio of a run moved with it. Over 19 stability pairs read both
 * ways, start by start held more cells in 9, fewer in 4 (README, Statistics, "Each start read
 * on its own").
 */
export type StartsMerged = 'start' | 'round';

export interface RatioOptions {
  /** Every figure divided by its round's level (pass-levels.ts); none by default. */
  level?: (round: number) => number;
  /** 'start' by default. */
  merged?: StartsMerged;
}

/** Every round any start of a side was measured in, in order. */
function roundsOf(side: StartRounds): number[] {
  return [...new Set([...side.values()].flatMap((byRound) => [...byRound.keys()]))].sort((x, y) => x - y);
}

/** A side's figure over the given starts and rounds (a round may come twice in a resample); undefined when none has a round. */
function sideFigure(
  side: StartRounds,
  starts: readonly number[],
  rounds: readonly number[],
  better: Better,
  { level = () => 1, merged = 'start' }: RatioOptions,
): number | undefined {
  const bestHalfOver = (valueIn: (round: number) => number | undefined) => {
    const values = rounds
      .map((round) => {
        const value = valueIn(round);
        return value === undefined ? undefined : value / level(round);
      })
      .filter((v): v is number => v !== undefined);
    return values.length > 0 ? bestHalfMean(values, better) : undefined;
  };
  if (merged === 'round') return bestHalfOver((round) => roundFigure(side, starts, round));
  const figures = starts
    .map((start) => bestHalfOver((round) => side.get(start)?.get(round)))
    .filter((v): v is number => v !== undefined);
  return figures.length > 0 ? median(figures) : undefined;
}

/** A side's figure as the headline reads it, over all its starts and rounds (e.g. the baseline's req/s). */
export function bestHalfOverStarts(side: StartRounds, better: Better): number | undefined {
  return sideFigure(side, [...side.keys()], roundsOf(side), better, {});
}

/**
 * Mine over theirs, each side's figure its starts' better halves of rounds merged as `merged`
 * says, with a 95 % bootstrap interval over starts and rounds; only rounds both sides were
 * measured in, with theirs above 0, count; undefined without one.
 */
export function bestHalfRatioOverStarts(
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
  if (rounds.length < 3)
    return { estimate, interval: { low: estimate, high: estimate, confidence: 0 }, rounds: rounds.length, processes };
  const resampled = bootstrap(
    (draw) => {
      // a side of one start is not drawn, so its rounds are drawn from the same stream as before starts were
      const theirPick = theirStarts.length > 1 ? draw(theirStarts) : theirStarts;
      const myPick = myStarts.length > 1 ? draw(myStarts) : myStarts;
      return ratioOver(theirPick, myPick, draw(rounds));
    },
    SEED,
    RESAMPLES,
  );
  const tail = (1 - CONFIDENCE) / 2;
  return {
    estimate,
    interval: {
      low: quantileSorted(resampled, tail),
      high: quantileSorted(resampled, 1 - tail),
      confidence: CONFIDENCE,
    },
    rounds: rounds.length,
    processes,
    logStandardError: sampleStandardDeviation(resampled.map(Math.log)),
  };
}
