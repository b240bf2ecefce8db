/**
 * The terminal report: how the run was made, one table per scenario, what was not measured and
 * the warnings, every line within 120 characters: prose wrapped, tables in their narrow columns
 * (rows.ts), warnings one line each. `wide` shows every column, boxed, as wide as it needs.
 */
import type { Result } from '../model/schema.js';
import { renderBenchTerminal } from './inproc-terminal.js';
import { isBenchResult } from './inproc-tables.js';
import { baselineColumnsNote, countMeasured, intervalLine, machineLine, methodLine, reportTables } from './rows.js';
import { extraTables } from './extra-tables.js';
import { reportTableLines, type TerminalOptions } from './terminal-table.js';
import { warningLines } from './terminal-warnings.js';
import { indented, labelled, titled } from './terminal-wrap.js';
import { timeLine } from './time-line.js';

export type { TerminalOptions } from './terminal-table.js';

export function renderTerminal(
  result: Result,
  scenarioDescriptions: Record<string, string> = {},
  options: TerminalOptions = {},
): string {
  if (isBenchResult(result)) return renderBenchTerminal(result, options);
  const out: string[] = [];
  out.push(`gauntlet ${result.plan.suite} — ${result.startedAt}${result.complete ? '' : '  (INCOMPLETE)'}`);
  out.push(...labelled('machine', machineLine(result)));
  out.push(...labelled('method', methodLine(result)));
  out.push(...labelled('trials', countMeasured(result)));
  const time = timeLine(result);
  if (time) out.push(...labelled('time', time));
  out.push(...labelled('reading', `${intervalLine(result)}\n${baselineColumnsNote(result)}`));
  for (const extra of extraTables(result)) {
    out.push('', ...titled(extra.title), ...reportTableLines(extra.head, extra.rows, options.wide));
    out.push(...indented(extra.note));
  }
  for (const table of reportTables(result, scenarioDescriptions)) {
    out.push('', ...titled(`scenario ${table.scenario}${table.description ? ` — ${table.description}` : ''}`));
    if (table.rows.length > 0)
      out.push(
        ...(options.wide
          ? reportTableLines(table.columns, table.rows, true)
          : reportTableLines(table.narrowColumns, table.narrowRows)),
      );
    for (const missing of table.notMeasured)
      out.push(...indented(`${missing.target}: ${missing.status} — ${missing.reason.split('\n')[0]}`));
  }
  out.push(...warningLines(result.warnings));
  return out.join('\n');
}
