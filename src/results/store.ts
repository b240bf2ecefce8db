/** Where a run's files live, writing them atomically, and reading a result back (validated). */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../core/errors.js';
import { readJournal } from './journal.js';
import { resultFromJournal } from './assemble.js';
import { resultSchema, type Result } from '../model/schema.js';

export const JOURNAL_FILE = 'journal.ndjson';
export const RESULT_FILE = 'result.json';

/** Write to a temporary file, then rename: a reader never sees half a file. */
/** Beside result.json in an `ab` run folder: the A/B comparison. */
export const COMPARISON_FILE = 'comparison.json';

/** A run's folder name: when it started, then its suite (sorts by time). */
export function runId(suite: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '')}-${suite}`;
}

export function writeAtomic(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export function writeResult(dir: string, result: Result): string {
  const file = join(dir, RESULT_FILE);
  writeAtomic(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

/** At most this many schema problems are listed; the rest are counted. */
const PROBLEMS_SHOWN = 8;

export function parseResult(value: unknown, source: string): Result {
  const parsed = resultSchema.safeParse(value);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    const shown = z.prettifyError(new z.ZodError(issues.slice(0, PROBLEMS_SHOWN)));
    const more = issues.length > PROBLEMS_SHOWN ? `\n(and ${issues.length - PROBLEMS_SHOWN} more problems)` : '';
    throw new UserError(
      'GAUNTLET_BAD_RESULT',
      `${source} is not a gauntlet result this version can read:\n${shown}${more}`,
      'pass a result.json or a run folder written by gauntlet run',
    );
  }
  return parsed.data;
}

/**
 * Loads a result from a result.json, a journal.ndjson, or a run folder. A folder without a
 * result.json (an interrupted or still running run) is rebuilt from its journal.
 */
export function loadResult(path: string): Result {
  if (!existsSync(path))
    throw new UserError(
      'GAUNTLET_NO_SUCH_FILE',
      `${path} does not exist`,
      'pass a result.json or a run folder from results/',
    );
  if (statSync(path).isDirectory()) {
    const resultFile = join(path, RESULT_FILE);
    if (existsSync(resultFile)) return loadResult(resultFile);
    const journalFile = join(path, JOURNAL_FILE);
    if (existsSync(journalFile)) return resultFromJournal(readJournal(journalFile));
    throw new UserError(
      'GAUNTLET_NO_RESULT',
      `${path} holds neither ${RESULT_FILE} nor ${JOURNAL_FILE}`,
      'pass a run folder written by gauntlet run',
    );
  }
  if (path.endsWith('.ndjson')) return resultFromJournal(readJournal(path));
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UserError('GAUNTLET_BAD_RESULT', `${path} is not JSON: ${(error as Error).message}`);
  }
  return parseResult(value, path);
}
