import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { statSync } from 'node:fs';
import type { Command } from 'commander';
import { renderMarkdown } from '../../report/markdown.js';
import { renderTerminal } from '../../report/terminal.js';
import { loadResult } from '../../results/store.js';
import { scenarioDescriptions } from '../selection.js';

export function registerReport(program: Command): void {
  program
    .command('report')
    .description('render a saved result again (also an interrupted run, from its journal)')
    .argument('<result>', 'result.json, journal.ndjson, or a run folder')
    .option('--markdown <file>', 'where to write the Markdown report (default: report.md beside the result)')
    .option('--json', 'print the validated result JSON instead of the table', false)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet report results/2026-11-22T10-00-00-000-hello
  gauntlet report results/2026-11-22T10-00-00-000-hello/result.json --markdown README-bench.md
  gauntlet report results/<run>/journal.ndjson --json > result.json`,
    )
    .action((path: string, flags: { markdown?: string; json: boolean }) => {
      const result = loadResult(path);
      if (flags.json) {
        console.log(JSON.stringify(result, null, 2));
        return;
      }
      const descriptions = scenarioDescriptions(result.plan.suite);
      const folder = statSync(path).isDirectory() ? path : dirname(path);
      const markdownFile = flags.markdown ?? join(folder, 'report.md');
      writeFileSync(markdownFile, renderMarkdown(result, descriptions));
      console.log(renderTerminal(result, descriptions));
      console.log(`\nmarkdown: ${markdownFile}`);
    });
}
