/**
 * How fast the machine ran during each pass: a scenario measured on every target back to back
 * in one round (plan.ts), read from all of the pass's trials at once. Tried as a correction of
 * the headline ratio and not taken; `bench:stability` prints it beside the headline so that
 * every pair run adds to the evidence.
 *
 * The idea: the speed at which a server does the same work drifts over seconds here, so a pass
 * that ran in a slow stretch is slow for every target in it. The baseline's own two visits of
 * a pass sample that stretch with two windows, the pass's other targets with seventeen more.
 * Each trial divided by its pass's level, a cell's best rounds would be the rounds in
 * which it did well against the targets around it, not those in which the machine was fast.
 *
 * What it did: chosen on the four stability pairs of 2026-11-25 afternoon (among groupings by
 * pass, round, half a pass and nearest neighbours in time), where it held 85.3, 94.1, 76.5 and
 * 94.1 % of the cells within 5 % against 52.9, 91.2, 76.5 and 88.2 % as measured, it held 44.1,
 * 58.8 and 61.8 % in the next three pairs against 47.1, 73.5 and 70.6 % as measured. Their misses were mostly
 * a shift of a whole scenario (the baseline's own error between the runs), which no reading of
 * the pass can remove.
 *
 * The model is the usual one for blocks: on the log scale a trial is its cell's level plus its
 * pass's level plus noise. A cell's level is the log of its best-rounds mean (best-rounds.ts); a
 * pass's level is the mean of its trials' distances from their cells' levels, centred per
 * scenario so that adjusted figures stay in the units they were measured in. A per-round ratio
 * does not change (target and baseline of a pass are divided alike); only which rounds are a
 * series' best, and their mean, do.
 */
import { mean } from 'simple-statistics';
import type { Measurement, Trial } from '../model/schema.js';
import { type Better, bestRoundsMean } from './best-rounds.js';

/**
 * A pass's level is read only from trials of at least this many cells. With fewer, a cell's own
 * noise is a large part of the level it is divided by; with four (three targets and the
 * baseline) the pairs above still held 81.6 % on average against 77.2 % without levels.
 */
export const MIN_PASS_CELLS = 4;

/** The factor a trial of a pass is divided by; 1 where the pass had too few cells to say. */
export type PassLevels = (round: number, scenario: string) => number;

const key = (...parts: Array<string | number>) => parts.join('\u0000');

export function passLevels(trials: Trial[], figure: (m: Measurement) => number, better: Better): PassLevels {
  const clean = trials.filter(
    (t): t is Trial & { measurement: Measurement } =>
      t.status === 'ok' && t.measurement !== undefined && figure(t.measurement) > 0,
  );
  const byCell = new Map<string, number[]>();
  for (const t of clean) {
    const cell = key(t.target, t.scenario);
    const values = byCell.get(cell);
    if (values) values.push(figure(t.measurement));
    else byCell.set(cell, [figure(t.measurement)]);
  }
  const cellLevel = new Map([...byCell].map(([cell, values]) => [cell, Math.log(bestRoundsMean(values, better))]));

  const passes = new Map<string, { scenario: string; cells: Set<string>; distances: number[] }>();
  for (const t of clean) {
    const cell = key(t.target, t.scenario);
    const pass = passes.get(key(t.round, t.scenario)) ?? { scenario: t.scenario, cells: new Set(), distances: [] };
    pass.cells.add(cell);
    pass.distances.push(Math.log(figure(t.measurement)) - cellLevel.get(cell)!);
    passes.set(key(t.round, t.scenario), pass);
  }
  const levels = new Map<string, { scenario: string; level: number }>();
  for (const [passKey, pass] of passes) {
    if (pass.cells.size < MIN_PASS_CELLS) continue;
    levels.set(passKey, { scenario: pass.scenario, level: mean(pass.distances) });
  }
  const centre = new Map<string, number>();
  for (const scenario of new Set([...levels.values()].map((l) => l.scenario)))
    centre.set(scenario, mean([...levels.values()].filter((l) => l.scenario === scenario).map((l) => l.level)));

  return (round, scenario) => {
    const pass = levels.get(key(round, scenario));
    return pass ? Math.exp(pass.level - centre.get(scenario)!) : 1;
  };
}
