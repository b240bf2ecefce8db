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

/** A side's figure in a round over the given starts: their median (of two, their mean); undefined when none has the round. */
function roundFigure(side: StartRounds, starts: readonly number[], round: number): number | undefined {
  const values = starts.map((start) => side.get(start)?.get(round)).filter((v): v is number => v !== undefined);
  return values.length > 0 ? median(values) : undefined;
}

/**
 * Mine over theirs, best half over best half, each side's round the median over its starts,
 * every figure divided by its round's `level` when one is given (pass-levels.ts), with a 95 %
 * bootstrap interval over starts and rounds; undefined without a round both sides were
 * measured in with theirs above 0.
 */
export function bestHalfRatioOverStarts(
  theirs: StartRounds,
  mine: StartRounds,
  better: Better,
  level: (round: number) => number = () => 1,
): RatioEstimate | undefined {
  const theirStarts = [...theirs.keys()];
  const myStarts = [...mine.keys()];
  const pairOf = (round: number, theirPick: readonly number[], myPick: readonly number[]): [number, number] => [
    (roundFigure(theirs, theirPick, round) ?? roundFigure(theirs, theirStarts, round)!) / level(round),
    (roundFigure(mine, myPick, round) ?? roundFigure(mine, myStarts, round)!) / level(round),
  ];
  const rounds = [...new Set([...theirs.values()].flatMap((byRound) => [...byRound.keys()]))]
    .sort((x, y) => x - y)
    .filter((round) => {
      const other = roundFigure(theirs, theirStarts, round);
      return other !== undefined && other > 0 && roundFigure(mine, myStarts, round) !== undefined;
    });
  if (rounds.length === 0) return undefined;
  const estimate = ratioOf(
    rounds.map((round) => pairOf(round, theirStarts, myStarts)),
    better,
  );
  const processes = { target: myStarts.length, baseline: theirStarts.length };
  if (rounds.length < 3)
    return { estimate, interval: { low: estimate, high: estimate, confidence: 0 }, rounds: rounds.length, processes };
  const resampled = bootstrap(
    (draw) => {
      // a side of one start is not drawn, so its rounds are drawn from the same stream as before starts were
      const theirPick = theirStarts.length > 1 ? draw(theirStarts) : theirStarts;
      const myPick = myStarts.length > 1 ? draw(myStarts) : myStarts;
      const pairs = draw(rounds)
        .map((round) => pairOf(round, theirPick, myPick))
        .filter(([other]) => other > 0);
      return pairs.length > 0 ? ratioOf(pairs, better) : undefined;
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
