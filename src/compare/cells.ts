/**
 * Cell-by-cell comparison: for each pair of trial sets (before, after) and each figure, the
 * change, its interval, the test's verdict, and whether it is a regression beyond the threshold.
 */
import type { Measurement, Trial } from '../model/schema.js';
import { compareRoundsOrSamples, compareSamples, isRegression, type Comparison } from '../stats/compare.js';
import { trialRoundPairs } from '../stats/paired.js';
import type { Figure } from './figures.js';

export interface CellPair {
  /** What is compared: a target in two runs, or two variants of one target. */
  label: string;
  scenario: string;
  before: Trial[];
  after: Trial[];
  /** Both sides measured in the same rounds of one run, seconds apart: compared round by round. */
  byRound?: boolean;
}

export interface CellComparison extends Comparison {
  label: string;
  scenario: string;
  figure: string;
  figureLabel: string;
  /** faster / slower / cheaper / … or "no difference the data can show". */
  verdictWords: string;
  /** Counts toward the exit code: a gated figure, worse by more than the threshold. */
  regression: boolean;
}

export const NO_DIFFERENCE = 'no difference the data can show';

function usable(trials: Trial[]): Trial[] {
  return trials.filter((t) => t.status === 'ok' && t.measurement);
}

export function compareCells(
  pairs: CellPair[],
  figures: Figure[],
  gated: string[],
  thresholdShare: number,
): CellComparison[] {
  const out: CellComparison[] = [];
  for (const pair of pairs) {
    const before = usable(pair.before);
    const after = usable(pair.after);
    if (before.length === 0 || after.length === 0) continue;
    for (const figure of figures) {
      const a = before.map((t) => figure.of(t.measurement!));
      const b = after.map((t) => figure.of(t.measurement!));
      if (![...a, ...b].every((value): value is number => value !== undefined)) continue; // not measured on one side
      const comparison = pair.byRound
        ? compareRoundsOrSamples(
            trialRoundPairs<Measurement, Trial>(before, after, (m) => figure.of(m)!),
            a as number[],
            b as number[],
            figure.direction,
          )
        : compareSamples(a as number[], b as number[], figure.direction);
      out.push({
        ...comparison,
        label: pair.label,
        scenario: pair.scenario,
        figure: figure.key,
        figureLabel: figure.label,
        verdictWords: comparison.verdict === 'no-difference' ? NO_DIFFERENCE : figure.words[comparison.verdict],
        regression: gated.includes(figure.key) && isRegression(comparison, thresholdShare, figure.direction),
      });
    }
  }
  return out;
}

/** Pairs for two saved runs: the same target and scenario in both. */
export function pairsAcrossRuns(before: Trial[], after: Trial[]): CellPair[] {
  const keys = [...new Set(before.map((t) => `${t.target}\u0000${t.scenario}`))];
  return keys
    .map((key) => {
      const [target, scenario] = key.split('\u0000');
      const pick = (trials: Trial[]) => trials.filter((t) => t.target === target && t.scenario === scenario);
      return { label: target, scenario, before: pick(before), after: pick(after) };
    })
    .filter((pair) => pair.after.length > 0);
}

/** Pairs for an A/B run: variant A against variant B, scenario by scenario. */
export function pairsWithinRun(trials: Trial[], labelA: string, labelB: string, label: string): CellPair[] {
  const scenarios = [...new Set(trials.map((t) => t.scenario))];
  return scenarios.map((scenario) => ({
    label,
    scenario,
    before: trials.filter((t) => t.target === labelA && t.scenario === scenario),
    after: trials.filter((t) => t.target === labelB && t.scenario === scenario),
    byRound: true,
  }));
}
