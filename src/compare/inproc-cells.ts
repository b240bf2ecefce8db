/**
 * Comparing two results of a bench suite case by case: per target, table and case, ops/s and
 * CPU per op of the repeats before against the repeats after, each judged by the same rank
 * tests as HTTP cells (round by round for A and B of one `ab` run, as two samples between
 * saved runs). The figure keys are the HTTP ones ('rps', 'cpu'), so --gate and the
 * comparison file read the same.
 */
import type { BenchMeasurement, BenchTrial } from '../model/inproc-schema.js';
import { compareRoundsOrSamples, compareSamples, isRegression, type Direction } from '../stats/compare.js';
import { trialRoundPairs } from '../stats/paired.js';
import { type CellComparison, NO_DIFFERENCE } from './cells.js';

interface BenchFigure {
  key: string;
  label: string;
  direction: Direction;
  of(m: BenchMeasurement): number;
  words: { better: string; worse: string };
}

export const BENCH_FIGURES: BenchFigure[] = [
  {
    key: 'rps',
    label: 'ops/s',
    direction: 'higher-is-better',
    of: (m) => m.opsPerSec,
    words: { better: 'faster', worse: 'slower' },
  },
  {
    key: 'cpu',
    label: 'CPU ns/op',
    direction: 'lower-is-better',
    of: (m) => m.cpuNsPerOp,
    words: { better: 'cheaper', worse: 'costlier' },
  },
];

const keyOf = (t: BenchTrial) => `${t.target}\u0000${t.scenario}\u0000${t.case}`;

export function compareBenchCells(
  before: BenchTrial[],
  after: BenchTrial[],
  gated: string[],
  thresholdShare: number,
  /** Both sides measured in the same rounds of one run (`ab`): judged round by round. */
  byRound = false,
): CellComparison[] {
  const measured = (trials: BenchTrial[]) => trials.filter((t) => t.status === 'ok' && t.measurement);
  const a = measured(before);
  const b = measured(after);
  const out: CellComparison[] = [];
  for (const key of [...new Set(a.map(keyOf))]) {
    const x = a.filter((t) => keyOf(t) === key);
    const y = b.filter((t) => keyOf(t) === key);
    if (y.length === 0) continue;
    const [target, table, name] = key.split('\u0000');
    for (const figure of BENCH_FIGURES) {
      const xs = x.map((t) => figure.of(t.measurement!));
      const ys = y.map((t) => figure.of(t.measurement!));
      const comparison = byRound
        ? compareRoundsOrSamples(trialRoundPairs(x, y, figure.of), xs, ys, figure.direction)
        : compareSamples(xs, ys, figure.direction);
      out.push({
        ...comparison,
        label: `${target} ${name}`,
        scenario: table,
        figure: figure.key,
        figureLabel: figure.label,
        verdictWords: comparison.verdict === 'no-difference' ? NO_DIFFERENCE : figure.words[comparison.verdict],
        regression: gated.includes(figure.key) && isRegression(comparison, thresholdShare, figure.direction),
      });
    }
  }
  return out;
}
