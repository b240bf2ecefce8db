/**
 * Terminal tables: compact (no line between rows) and without colour codes, so logs stay clean.
 * By default a report's tables fit the terminal (terminal-fit.ts); --wide draws them boxed, as
 * wide as their cells.
 */
import Table from 'cli-table3';
import { fittedTable } from './terminal-fit.js';

export interface TerminalOptions {
  /** Every column of every table, boxed (gauntlet run --wide); prose and warnings are the same. */
  wide?: boolean;
}

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export function terminalTable(head: string[]): Table.Table {
  return new Table({ head, chars: COMPACT, style: { head: [], border: [], compact: true } });
}

/** A report table's lines: fitted to the terminal, or boxed at full width with `wide`. */
export function reportTableLines(head: string[], rows: string[][], wide = false): string[] {
  if (!wide) return fittedTable(head, rows);
  const table = terminalTable(head);
  for (const row of rows) table.push(row);
  return table.toString().split('\n');
}
