/**
 * Ratios paired by round, for the HTTP suites' ratio to the baseline and the in-process
 * suites' ratio to the reference row alike: two series measured seconds apart in the same
 * round, so the drift of a machine over minutes cancels in each ratio.
 */
import { median } from 'simple-statistics';

/** The clean measurements of the trials that match, by round (the baseline may be visited more than once in a round). */
export function cleanByRound<M, T extends { round: number; status: string; measurement?: M }>(
  trials: T[],
  matches: (trial: T) => boolean,
): Map<number, M[]> {
  const byRound = new Map<number, M[]>();
  for (const t of trials) {
    if (t.status !== 'ok' || !t.measurement || !matches(t)) continue;
    const round = byRound.get(t.round);
    if (round) round.push(t.measurement);
    else byRound.set(t.round, [t.measurement]);
  }
  return byRound;
}

/** One figure per round: the median over the round's measurements (one, unless a target was visited more than once). */
export function perRound<M>(byRound: Map<number, M[]>, figure: (m: M) => number): Map<number, number> {
  return new Map([...byRound].map(([round, ms]) => [round, median(ms.map(figure))]));
}

/**
 * One side of a ratio by start: for each process of the target (`process`, 1 when a trial has
 * none), its figure by round (perRound). A start settles at a speed of its own
 * (docs/statistics.md, "The interval of a ratio: over processes and rounds"), so an interval
 * that is to cover it must know which window came from which start (best-rounds.ts).
 */
export type StartRounds = Map<number, Map<number, number>>;

export function startRounds<M, T extends { round: number; status: string; measurement?: M; process?: number }>(
  trials: T[],
  matches: (trial: T) => boolean,
  figure: (m: M) => number,
): StartRounds {
  const starts = new Set(trials.filter(matches).map((t) => t.process ?? 1));
  return new Map(
    [...starts]
      .sort((x, y) => x - y)
      .map((start) => [
        start,
        perRound(
          cleanByRound<M, T>(trials, (t) => (t.process ?? 1) === start && matches(t)),
          figure,
        ),
      ]),
  );
}

/** [theirs, mine] of every round both were measured in, each the round's median. */
export function roundPairs<M>(
  theirs: Map<number, M[]>,
  mine: Map<number, M[]>,
  figure: (m: M) => number,
): Array<[number, number]> {
  const theirFigures = perRound(theirs, figure);
  const pairs: Array<[number, number]> = [];
  for (const [round, value] of perRound(mine, figure)) {
    const other = theirFigures.get(round);
    if (other !== undefined) pairs.push([other, value]);
  }
  return pairs;
}

/** [before, after] of every round both sides' trials were measured in (clean trials only). */
export function trialRoundPairs<M, T extends { round: number; status: string; measurement?: M }>(
  before: T[],
  after: T[],
  figure: (m: M) => number,
): Array<[number, number]> {
  const every = () => true;
  return roundPairs(cleanByRound<M, T>(before, every), cleanByRound<M, T>(after, every), figure);
}

/** Per round, mine over theirs; only rounds where both were measured, and theirs is above 0, count. */
export function pairedRatios<M>(mine: Map<number, M[]>, theirs: Map<number, M[]>, figure: (m: M) => number): number[] {
  return roundPairs(theirs, mine, figure)
    .filter(([other]) => other > 0)
    .map(([other, value]) => value / other);
}
