/** Terminal tables: compact (no line between rows) and without colour codes, so logs stay clean. */
import Table from 'cli-table3';

const COMPACT = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export function terminalTable(head: string[]): Table.Table {
  return new Table({ head, chars: COMPACT, style: { head: [], border: [], compact: true } });
}
