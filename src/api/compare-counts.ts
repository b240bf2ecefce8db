/** `compare` of two saved `--cost instructions` runs as a function (instructions/count-compare.ts judges). */
import { basename, dirname } from 'node:path';
import { statSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { compareCounts, countsMismatch, type CountComparison } from '../instructions/count-compare.js';
import { COUNT_THRESHOLD_PERCENT, COUNTS_FILE } from '../instructions/count-result.js';
import { isCountsRun, loadCounts } from '../instructions/count-file.js';
import type { CompareOptions } from './compare.js';

/** A run folder's name, the folder's name of an instructions.json given as a file, or a copy's own file name (bench/instructions/hello.json). */
function runLabel(path: string): string {
  if (statSync(path).isDirectory()) return basename(path);
  return basename(path) === COUNTS_FILE ? basename(dirname(path)) : basename(path);
}

/** Whether `compare` was given counts runs: both, neither, or a mix it refuses. */
export function comparesCounts(before: string, after: string): boolean {
  const counts = [isCountsRun(before), isCountsRun(after)];
  if (counts[0] !== counts[1])
    throw new UserError(
      'GAUNTLET_INCOMPARABLE',
      `${counts[0] ? before : after} counts instructions (--cost instructions), ${counts[0] ? after : before} is a timed run`,
      'compare two timed runs, or two runs of --cost instructions',
    );
  return counts[0];
}

export function compareCountRuns(before: string, after: string, options: CompareOptions = {}): CountComparison {
  const earlier = loadCounts(before);
  const later = loadCounts(after);
  const { blocking, notes } = countsMismatch(earlier, later);
  if (blocking.length > 0 && !options.force)
    throw new UserError(
      'GAUNTLET_INCOMPARABLE',
      `these counts cannot be compared:\n${blocking.map((d) => `  ${d}`).join('\n')}`,
      'a count depends on the runtime, its V8 flags and the warm-up; count both runs alike, or pass --force',
    );
  const thresholdShare = (options.thresholdPercent ?? COUNT_THRESHOLD_PERCENT) / 100;
  const report = compareCounts(earlier, later, { before: runLabel(before), after: runLabel(after) }, thresholdShare, [
    ...notes,
    ...blocking.map((d) => `${d} (compared anyway: --force)`),
  ]);
  if (report.cells.length === 0)
    throw new UserError('GAUNTLET_NOTHING_TO_COMPARE', 'the two runs share no counted target and scenario');
  return report;
}
