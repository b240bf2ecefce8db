/** The terminal report of an in-process bench result: one table per target and table, within 120 characters. */
import type { Result } from '../model/schema.js';
import { benchCountLine, benchIntervalLine, benchMethodLine, benchTables } from './inproc-tables.js';
import { machineLine } from './rows.js';
import { reportTableLines, type TerminalOptions } from './terminal-table.js';
import { warningLines } from './terminal-warnings.js';
import { indented, labelled, titled } from './terminal-wrap.js';

export function renderBenchTerminal(result: Result, options: TerminalOptions = {}): string {
  const out: string[] = [];
  out.push(`gauntlet ${result.plan.suite} — ${result.startedAt}${result.complete ? '' : '  (INCOMPLETE)'}`);
  out.push(...labelled('machine', machineLine(result)));
  out.push(...labelled('method', benchMethodLine(result)));
  out.push(...labelled('trials', benchCountLine(result)));
  out.push(...labelled('reading', benchIntervalLine(result)));
  let last = '';
  for (const view of benchTables(result)) {
    if (view.targetLine !== last) out.push('', ...titled(`== ${view.targetLine}`));
    last = view.targetLine;
    out.push('', ...titled(`Suite: ${view.title}`));
    if (view.rows.length > 0) out.push(...reportTableLines(view.columns, view.rows, options.wide));
    for (const missing of view.notMeasured)
      out.push(...indented(`${missing.title}: ${missing.status} — ${missing.reason.split('\n')[0]}`));
  }
  for (const u of result.unavailable) out.push('', ...titled(`not run: ${u.target}: ${u.reason}`));
  out.push(...warningLines(result.warnings));
  return out.join('\n');
}
