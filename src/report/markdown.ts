/** The Markdown report, ready to paste into a README or a pull request. */
import { markdownTable } from 'markdown-table';
import type { Result } from '../model/schema.js';
import { renderBenchMarkdown } from './inproc-markdown.js';
import { isBenchResult } from './inproc-tables.js';
import {
  baselineColumnsNote,
  countMeasured,
  featuresFor,
  intervalLine,
  machineLine,
  methodLine,
  reportTables,
} from './rows.js';
import { extraTables } from './extra-tables.js';
import { timeLine } from './time-line.js';

/** Alignment of the text columns; every other column is a number, aligned right. */
const ALIGN: Record<string, 'l' | 'c'> = { Target: 'l', Router: 'c', Validation: 'c', Flags: 'l' };

/** Pipes inside a cell would split it. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** One section per scenario: its heading, description, the table of the measured targets, and those not measured with why. */
export function scenarioSections(
  result: Result,
  scenarioDescriptions: Record<string, string>,
  heading: '##' | '####',
): string[] {
  const out: string[] = [];
  for (const table of reportTables(result, scenarioDescriptions)) {
    out.push('', `${heading} ${table.scenario}`, '');
    if (table.description) out.push(table.description, '');
    if (table.rows.length > 0) {
      out.push(
        markdownTable([table.columns, ...table.rows.map((row) => row.map(cell))], {
          align: table.columns.map((column) => ALIGN[column] ?? 'r'),
        }),
      );
    }
    if (table.notMeasured.length > 0) {
      out.push('', 'Not measured:', '');
      for (const missing of table.notMeasured)
        out.push(`* **${missing.target}** (${missing.status}): ${cell(missing.reason)}`);
    }
  }
  return out;
}

export function renderMarkdown(result: Result, scenarioDescriptions: Record<string, string> = {}): string {
  if (isBenchResult(result)) return renderBenchMarkdown(result);
  const out: string[] = [];
  out.push(`# gauntlet: ${result.plan.suite} suite`, '');
  if (!result.complete)
    out.push(`> **Incomplete run:** ${result.interruption ?? 'stopped early'}. Only finished trials are shown.`, '');
  out.push(`* **Machine:** ${machineLine(result)}`);
  out.push(`* **Runtime:** ${result.plan.runtime} (gauntlet itself on node \`${result.environment.node}\`)`);
  out.push(
    `* **Run:** ${result.startedAt}${result.environment.gitCommit ? `, gauntlet ${result.environment.gitCommit.slice(0, 10)}${result.environment.gitDirty ? ' (modified)' : ''}` : ''}`,
  );
  out.push(`* **Method:** ${methodLine(result)}`);
  out.push(`* **Trials:** ${countMeasured(result)}`);
  const time = timeLine(result);
  if (time) out.push(`* **Time:** ${time}`);
  out.push('');
  out.push(
    `Reading: ${intervalLine(result)}. CPU µs/req is the server's CPU time over the measured window divided by the responses in it; ` +
      baselineColumnsNote(result),
  );
  for (const extra of extraTables(result)) {
    out.push(
      '',
      `## ${extra.title}`,
      '',
      extra.note,
      '',
      markdownTable([extra.head, ...extra.rows.map((row) => row.map(cell))]),
    );
  }
  out.push(...scenarioSections(result, scenarioDescriptions, '##'));
  if (result.warnings.length > 0) {
    out.push('', '## Warnings', '');
    for (const warning of result.warnings) out.push(`* ${cell(warning.message)}`);
  }
  out.push('', '## Targets', '');
  out.push(
    markdownTable([
      ['Target', 'Packages', 'Layer', 'Features', 'Description'],
      ...result.targets.map((t) => [
        t.title,
        Object.entries(t.packages)
          .map(([name, version]) => `${name}@${version}`)
          .join(', ') || 'node built-ins',
        t.layer ?? '',
        featuresFor(t, result.plan.suite).join(', '),
        cell(t.description),
      ]),
    ]),
  );
  return `${out.join('\n')}\n`;
}
