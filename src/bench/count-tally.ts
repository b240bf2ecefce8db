/**
 * The runs of `npm run bench:counts` (bench/instructions/<label>.json) as the bench writes them,
 * and their tally by kind: read by the bench's own Markdown and by the docs generator.
 */
import type { CountChange } from '../instructions/count-result.js';
import { medianOf } from '../stats/describe.js';

export interface CountRunRecord {
  kind: 'A/A' | 'A/B';
  minutes: number;
  changes: CountChange[];
  /** The V8 flags the run's targets ran with (absent in runs recorded before it was kept). */
  v8Flags?: string[];
}

/** One kind of run: how many, how often their cells called a change (and a regression), the changes measured, the minutes. */
export function tallyCountRuns(records: CountRunRecord[], kind: CountRunRecord['kind']) {
  const runs = records.filter((r) => r.kind === kind);
  const cells = runs.flatMap((r) => r.changes);
  return {
    runs: runs.length,
    cells: cells.length,
    called: cells.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement').length,
    regressions: cells.filter((c) => c.verdict === 'regression').length,
    changes: cells.map((c) => c.change ?? 0),
    medianMinutes: medianOf(runs.map((r) => r.minutes)) ?? 0,
  };
}
