/** `compare` as a function: two saved runs, cell by cell, each figure judged by a rank test. */
import { compareBenchCells } from '../compare/inproc-cells.js';
import { compareCells, pairsAcrossRuns } from '../compare/cells.js';
import { checkEnvironments } from '../compare/environment-match.js';
import { DEFAULT_GATE_FIGURES, FIGURES } from '../compare/figures.js';
import type { ComparisonReport } from '../report/comparison-render.js';
import { UserError } from '../core/errors.js';
import type { Result } from '../model/schema.js';
import { loadResult } from '../results/store.js';

export interface CompareOptions {
  gate?: string[];
  thresholdPercent?: number;
  /** Compare even when CPU, core count, engine or its flags differ. */
  force?: boolean;
}

/**
 * Two runs start their own processes, and a start settles at a speed of its own
 * (docs/statistics.md, "What a second run will show"); a machine also drifts between runs. A test over two runs' trials
 * counts both as the change.
 */
const TWO_RUNS =
  'each run started its own processes: a start settles at a speed of its own and a machine drifts between runs, and a comparison of two runs counts both as change (`npm run bench:stability` measures how far two runs of the same code part here; `ab` measures A and B side by side in one run)';

/** `before` and `after`: result.json files, run folders or journals, or results already loaded. */
export function compare(
  before: string | Result,
  after: string | Result,
  options: CompareOptions = {},
): ComparisonReport {
  const earlier = typeof before === 'string' ? loadResult(before) : before;
  const later = typeof after === 'string' ? loadResult(after) : after;
  const environments = checkEnvironments(earlier, later);
  if (environments.blocking.length > 0 && !options.force) {
    throw new UserError(
      'GAUNTLET_INCOMPARABLE',
      `these runs cannot be compared:\n${environments.blocking.map((d) => `  ${d}`).join('\n')}`,
      'numbers from different machines or loads do not compare; pass --force to compare anyway',
    );
  }
  const gate = options.gate ?? DEFAULT_GATE_FIGURES;
  const thresholdShare = (options.thresholdPercent ?? 5) / 100;
  // A bench suite: case by case (target, table, case); an HTTP suite: target by scenario.
  const cells =
    earlier.bench && later.bench
      ? compareBenchCells(earlier.bench.trials, later.bench.trials, gate, thresholdShare)
      : compareCells(pairsAcrossRuns(earlier.trials, later.trials), FIGURES, gate, thresholdShare);
  if (cells.length === 0)
    throw new UserError('GAUNTLET_NOTHING_TO_COMPARE', 'the two runs share no measured target and scenario');
  return {
    title: 'gauntlet compare',
    before: earlier.id,
    after: later.id,
    cells,
    thresholdShare,
    gated: gate,
    notes: [...environments.notes.map((n) => `differs: ${n}`), ...(earlier.bench ? [] : [TWO_RUNS])],
    warnings: environments.blocking.map((d) => `compared despite a different ${d} (--force)`),
  };
}
