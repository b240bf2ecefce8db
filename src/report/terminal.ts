/** The terminal report: one table per scenario, then what was not measured and the warnings. */
import type { Result } from '../model/schema.js';
import { renderBenchTerminal } from './inproc-terminal.js';
import { isBenchResult } from './inproc-tables.js';
import { baselineColumnsNote, countMeasured, intervalLine, machineLine, methodLine, reportTables } from './rows.js';
import { runtimeTables } from './runtime-matrix.js';
import { stageTables } from './stage-tables.js';
import { suiteTables } from './suite-tables.js';
import { terminalTable } from './terminal-table.js';
import { timeLine } from './time-line.js';

export function renderTerminal(result: Result, scenarioDescriptions: Record<string, string> = {}): string {
  if (isBenchResult(result)) return renderBenchTerminal(result);
  const out: string[] = [];
  out.push(`gauntlet ${result.plan.suite} — ${result.startedAt}${result.complete ? '' : '  (INCOMPLETE)'}`);
  out.push(`machine: ${machineLine(result)}`);
  out.push(`method:  ${methodLine(result)}`);
  out.push(`trials:  ${countMeasured(result)}`);
  const time = timeLine(result);
  if (time) out.push(`time:    ${time}`);
  out.push(`reading: ${intervalLine(result)}`, `         ${baselineColumnsNote(result)}`);
  for (const extra of [...suiteTables(result), ...runtimeTables(result), ...stageTables(result)]) {
    const t = terminalTable(extra.head);
    for (const row of extra.rows) t.push(row);
    out.push('', extra.title, t.toString(), `  ${extra.note}`);
  }
  for (const table of reportTables(result, scenarioDescriptions)) {
    out.push('', `scenario ${table.scenario}${table.description ? ` — ${table.description}` : ''}`);
    if (table.rows.length > 0) {
      const t = terminalTable(table.columns);
      for (const row of table.rows) t.push(row);
      out.push(t.toString());
    }
    for (const missing of table.notMeasured)
      out.push(`  ${missing.target}: ${missing.status} — ${missing.reason.split('\n')[0]}`);
  }
  if (result.warnings.length > 0) {
    out.push('', 'warnings:');
    for (const warning of result.warnings) out.push(`  ! ${warning.message.split('\n')[0]}`);
  }
  return out.join('\n');
}
