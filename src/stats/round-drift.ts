/**
 * How each round of a run went against the run as a whole: for every cell its req/s in the
 * round against its own mean over the rounds (on the log scale), and the median of that over
 * the cells. A machine's bursts last a few seconds and hit a round's cells one by one, so
 * they wash out of a median over tens of cells; what stays is what moved every target at
 * once: targets still warming up (the first rounds slow), or the machine changing pace for
 * minutes. Measured: with a warm-up of one long load the first round of the default run ran
 * 9-14 % below the run's mean (warmup.ts says why).
 */
import type { Trial } from '../model/schema.js';
import { medianOf } from './describe.js';

/**
 * A round further than this from the run's typical round (its median level) is called out.
 * Warmed as gauntlet warms, the rounds of the default run stayed within 7 % of their median
 * (the noise of a median over 36 cells); warmed in one long load, the first round fell 10-15 %
 * below it.
 */
export const ROUND_DRIFT_SHARE = 0.08;
/** Fewer cells than this in a round say too little about every target at once. */
const MIN_CELLS = 4;

export interface RoundLevel {
  round: number;
  /** The median cell's req/s in this round against its mean over the run, as a share (−0.1: 10 % slower). */
  level: number;
  cells: number;
}

/** Each round's level, from the clean HTTP trials with a figure; rounds with fewer than MIN_CELLS cells are left out. */
export function roundLevels(trials: Trial[]): RoundLevel[] {
  const byCell = new Map<string, Array<{ round: number; log: number }>>();
  for (const t of trials) {
    if (t.status !== 'ok' || !t.measurement || t.measurement.requestsPerSec <= 0) continue;
    const cell = `${t.target}\u0000${t.scenario}\u0000${t.process ?? 1}`;
    const list = byCell.get(cell) ?? [];
    list.push({ round: t.round, log: Math.log(t.measurement.requestsPerSec) });
    byCell.set(cell, list);
  }
  const deviations = new Map<number, number[]>();
  for (const values of byCell.values()) {
    if (values.length < 2) continue;
    const mean = values.reduce((sum, v) => sum + v.log, 0) / values.length;
    for (const v of values) {
      const list = deviations.get(v.round) ?? [];
      list.push(v.log - mean);
      deviations.set(v.round, list);
    }
  }
  return [...deviations.entries()]
    .filter(([, d]) => d.length >= MIN_CELLS)
    .sort(([a], [b]) => a - b)
    .map(([round, d]) => ({ round, level: Math.exp(medianOf(d)!) - 1, cells: d.length }));
}

/** Rounds further than ROUND_DRIFT_SHARE from the run's median round level, with that distance. */
export function driftedRounds(levels: RoundLevel[]): Array<RoundLevel & { fromTypical: number }> {
  if (levels.length < 3) return [];
  const typical = medianOf(levels.map((l) => l.level))!;
  return levels
    .map((l) => ({ ...l, fromTypical: (1 + l.level) / (1 + typical) - 1 }))
    .filter((l) => Math.abs(l.fromTypical) > ROUND_DRIFT_SHARE);
}

/**
 * Rounds that swung further apart than this (the highest round level less the lowest) mean
 * the machine changed pace by more than the ratios to the baseline cancel: of the stability
 * pairs not run in turns (8 to 32 rounds a run; docs/stability.md), every one with a run above
 * it missed nine cells in ten within 5 % (29-88 % of the cells, 57 % on average), among them
 * pairs whose ratios' errors stayed under 3 %; fewer than half of the others met it (85 % on
 * average). At 25 points, some pairs above it still met it.
 */
export const ROUND_SWING_SHARE = 0.3;
/** The swing is read from runs of at least this many rounds, as in the pairs it was measured on. */
export const MIN_SWING_ROUNDS = 8;

/** The highest round level less the lowest (0.3: rounds 30 points apart); undefined below MIN_SWING_ROUNDS rounds. */
export function roundSwing(levels: RoundLevel[]): number | undefined {
  if (levels.length < MIN_SWING_ROUNDS) return undefined;
  const values = levels.map((l) => l.level);
  return Math.max(...values) - Math.min(...values);
}
