/** The Markdown report of an in-process bench result, ready for a README. */
import { markdownTable } from 'markdown-table';
import type { Result } from '../model/schema.js';
import { benchCountLine, benchIntervalLine, benchMethodLine, benchTables } from './inproc-tables.js';
import { machineLine } from './rows.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderBenchMarkdown(result: Result): string {
  const out: string[] = [];
  out.push(`# gauntlet: ${result.plan.suite} suite`, '');
  if (!result.complete)
    out.push(`> **Incomplete run:** ${result.interruption ?? 'stopped early'}. Only finished cases are shown.`, '');
  out.push(`* **Machine:** ${machineLine(result)}`);
  out.push(`* **Targets:** ${result.plan.runtime}`);
  out.push(
    `* **Run:** ${result.startedAt}${result.environment.gitCommit ? `, gauntlet ${result.environment.gitCommit.slice(0, 10)}` : ''}`,
  );
  out.push(`* **Method:** ${benchMethodLine(result)}`);
  out.push(`* **Trials:** ${benchCountLine(result)}`, '');
  out.push(`Reading: ${benchIntervalLine(result)}. (#) marks the reference row.`);
  let last = '';
  for (const view of benchTables(result)) {
    if (view.targetLine !== last) out.push('', `## ${view.targetLine}`);
    last = view.targetLine;
    out.push('', `### ${view.title}`, '');
    if (view.rows.length > 0) {
      out.push(
        markdownTable([view.columns, ...view.rows.map((row) => row.map(cell))], {
          align: view.columns.map((c) => (c === 'Case' ? 'l' : 'r')),
        }),
      );
    }
    if (view.notMeasured.length > 0) {
      out.push('', 'Not measured:', '');
      for (const missing of view.notMeasured)
        out.push(`* **${missing.title}** (${missing.status}): ${cell(missing.reason)}`);
    }
  }
  if (result.unavailable.length > 0) {
    out.push('', '## Not run', '');
    for (const u of result.unavailable) out.push(`* **${u.target}**: ${cell(u.reason)}`);
  }
  if (result.warnings.length > 0) {
    out.push('', '## Warnings', '');
    for (const warning of result.warnings) out.push(`* ${cell(warning.message)}`);
  }
  return `${out.join('\n')}\n`;
}
