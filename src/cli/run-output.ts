/** What every finished run writes and prints: report.md beside result.json, and the terminal report. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunOutcome } from '../measure/run.js';
import { renderMarkdown } from '../report/markdown.js';
import { renderTerminal } from '../report/terminal.js';
import { scenarioDescriptions } from './selection.js';

export function publishRun(outcome: RunOutcome): void {
  const descriptions = scenarioDescriptions(outcome.result.plan.suite);
  const markdownFile = join(outcome.runDir, 'report.md');
  writeFileSync(markdownFile, renderMarkdown(outcome.result, descriptions));
  console.log(renderTerminal(outcome.result, descriptions));
  console.log(`\nresult:   ${join(outcome.runDir, 'result.json')}\nmarkdown: ${markdownFile}`);
  if (outcome.interrupted) process.exitCode = 130;
}
