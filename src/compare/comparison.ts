/** A comparison of two results (compare, ab): the cells and the verdicts drawn from them. */
import type { CellComparison } from './cells.js';

export interface ComparisonReport {
  title: string;
  before: string;
  after: string;
  cells: CellComparison[];
  thresholdShare: number;
  gated: string[];
  notes: string[];
  warnings: string[];
}

/** The gated cells the test calls worse by more than the threshold. */
export function regressions(report: ComparisonReport): CellComparison[] {
  return report.cells.filter((c) => c.regression);
}
