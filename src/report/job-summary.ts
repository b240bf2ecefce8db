/**
 * The short Markdown a CI job shows on its summary page (GitHub's GITHUB_STEP_SUMMARY): for a
 * run, its ranking per scenario and its warnings by code; `ab` and `compare` use their
 * comparison's Markdown as it is.
 */
import type { Result } from '../model/schema.js';
import { renderBenchMarkdown } from './inproc-markdown.js';
import { isBenchResult } from './inproc-tables.js';
import { scenarioSections } from './markdown.js';
import { machineLine } from './rows.js';

export function runJobSummary(result: Result, scenarioDescriptions: Record<string, string> = {}): string {
  if (isBenchResult(result)) return renderBenchMarkdown(result);
  const out = [
    `### gauntlet run: ${result.plan.suite} suite${result.complete ? '' : ' (incomplete)'}`,
    '',
    `${machineLine(result)}; targets on ${result.plan.runtime}.`,
    ...scenarioSections(result, scenarioDescriptions, '####'),
  ];
  if (result.warnings.length > 0) {
    out.push('', 'Warnings (`gauntlet help warnings` says what each means and what to do):', '');
    for (const warning of result.warnings) out.push(`* \`${warning.kind}\`: ${warning.message.replace(/\n/g, ' ')}`);
  }
  return `${out.join('\n')}\n`;
}
