import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { renderTerminal } from '../../report/terminal.js';
import { loadResult } from '../../results/store.js';
import { comparisonIn, writeReports } from '../run-output.js';
import { scenarioDescriptions } from '../../api/selection.js';

interface ReportFlags {
  markdown?: string;
  html?: string;
  csv?: string;
  charts: boolean;
  json: boolean;
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .description(
      'render a saved result again (also an interrupted run, from its journal): terminal, Markdown, HTML, CSV',
    )
    .argument('<result>', 'result.json, journal.ndjson, or a run folder')
    .option('--markdown <file>', 'where to write the Markdown report (default: report.md beside the result)')
    .option('--html <file>', 'where to write the self-contained HTML page (default: report.html beside the result)')
    .option(
      '--csv <dir>',
      'also write trials.csv (one row per trial) and summary.csv (one row per cell) into this folder',
    )
    .option('--charts', 'write chart SVGs beside the Markdown report and link them (for README publishing)', false)
    .option('--json', 'print the validated result JSON instead of the table', false)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet report results/2026-11-22T10-00-00-000-hello
  gauntlet report results/<run>/result.json --html /tmp/bench.html --csv /tmp/bench
  gauntlet report results/<run> --markdown docs/BENCHMARKS.md --charts
  gauntlet report results/<run>/journal.ndjson --json > result.json`,
    )
    .action((path: string, flags: ReportFlags) => {
      const result = loadResult(path);
      if (flags.json) {
        console.log(JSON.stringify(result, null, 2));
        return;
      }
      const folder = statSync(path).isDirectory() ? path : dirname(path);
      const written = writeReports(result, {
        markdown: flags.markdown ?? join(folder, 'report.md'),
        html: flags.html ?? join(folder, 'report.html'),
        csvDir: flags.csv,
        charts: flags.charts,
        comparison: comparisonIn(folder),
      });
      console.log(renderTerminal(result, scenarioDescriptions(result.plan.suite)));
      console.log(`\n${written.join('\n')}`);
    });
}
