/** The terminal report of an in-process bench result: one table per target and table. */
import type { Result } from '../model/schema.js';
import { benchCountLine, benchIntervalLine, benchMethodLine, benchTables } from './inproc-tables.js';
import { machineLine } from './rows.js';
import { terminalTable } from './terminal-table.js';

export function renderBenchTerminal(result: Result): string {
  const out: string[] = [];
  out.push(`gauntlet ${result.plan.suite} — ${result.startedAt}${result.complete ? '' : '  (INCOMPLETE)'}`);
  out.push(`machine: ${machineLine(result)}`);
  out.push(`method:  ${benchMethodLine(result)}`);
  out.push(`trials:  ${benchCountLine(result)}`);
  out.push(`reading: ${benchIntervalLine(result)}`);
  let last = '';
  for (const view of benchTables(result)) {
    if (view.targetLine !== last) out.push('', `== ${view.targetLine}`);
    last = view.targetLine;
    out.push('', `Suite: ${view.title}`);
    if (view.rows.length > 0) {
      const t = terminalTable(view.columns);
      for (const row of view.rows) t.push(row);
      out.push(t.toString());
    }
    for (const missing of view.notMeasured)
      out.push(`  ${missing.title}: ${missing.status} — ${missing.reason.split('\n')[0]}`);
  }
  for (const u of result.unavailable) out.push('', `not run: ${u.target}: ${u.reason}`);
  if (result.warnings.length > 0) {
    out.push('', 'warnings:');
    for (const warning of result.warnings) out.push(`  ! ${warning.message.split('\n')[0]}`);
  }
  return out.join('\n');
}
