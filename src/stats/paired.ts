/**
 * Ratios paired by round, for the HTTP suites' ratio to the baseline and the in-process
 * suites' ratio to the reference row alike: two series measured seconds apart in the same
 * round, so the drift of a machine over minutes cancels in each ratio.
 */

/** The clean measurements of the trials that match, by round (the last, if a round holds more than one). */
export function cleanByRound<M, T extends { round: number; status: string; measurement?: M }>(
  trials: T[],
  matches: (trial: T) => boolean,
): Map<number, M> {
  const byRound = new Map<number, M>();
  for (const t of trials) if (t.status === 'ok' && t.measurement && matches(t)) byRound.set(t.round, t.measurement);
  return byRound;
}

/** Per round, mine over theirs; only rounds where both were measured, and theirs is above 0, count. */
export function pairedRatios<M>(mine: Map<number, M>, theirs: Map<number, M>, figure: (m: M) => number): number[] {
  const ratios: number[] = [];
  for (const [round, m] of mine) {
    const other = theirs.get(round);
    if (other && figure(other) > 0) ratios.push(figure(m) / figure(other));
  }
  return ratios;
}
