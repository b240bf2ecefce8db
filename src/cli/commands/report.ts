import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Command } from 'commander';
import { renderTerminal } from '../../report/terminal.js';
import { UserError } from '../../core/errors.js';
import { importK6Summaries, isK6Summary } from '../../engines/k6/import.js';
import type { Result } from '../../model/schema.js';
import { loadResult } from '../../results/store.js';
import { comparisonIn, WIDE_HELP, writeReports } from '../run-output.js';
import { scenarioDescriptions } from '../../api/selection.js';
import { writeCountReports } from '../../api/count-reports.js';
import { isCountsRun, loadCounts } from '../../instructions/count-file.js';
import { countAbChanges } from '../../instructions/count-result.js';
import { changesTerminal, countsTerminal } from '../../report/instructions-render.js';

interface ReportFlags {
  markdown?: string;
  html?: string;
  csv?: string;
  charts: boolean;
  json: boolean;
  wide: boolean;
}

export function registerReport(program: Command): void {
  program
    .command('report')
    .summary('render a saved run again')
    .description('render a saved run again, even an interrupted one: table, Markdown, HTML and CSV')
    .argument(
      '<result...>',
      'result.json, journal.ndjson or a run folder; or k6 summaries (k6 run --summary-export=FILE), each read as one trial',
    )
    .option('--markdown <file>', 'where to write the Markdown report (default: report.md beside the result)')
    .option('--html <file>', 'where to write the self-contained HTML page (default: report.html beside the result)')
    .option(
      '--csv <dir>',
      'also write trials.csv (one row per trial) and summary.csv (one row per target and scenario) into this folder',
    )
    .option('--charts', 'also write the charts as SVG files beside the Markdown report, linked from it', false)
    .option('--json', 'print the checked result as JSON instead of the table', false)
    .option('--wide', WIDE_HELP, false)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet report results/<run>
  gauntlet report results/<run>/result.json --html /tmp/run.html --csv /tmp/run
  gauntlet report results/<run> --markdown docs/BENCHMARKS.md --charts
  gauntlet report results/<run>/journal.ndjson --json > result.json
  gauntlet report summary-1.json summary-2.json   k6 summaries, read as one run
  gauntlet report results/<run of --cost instructions> --csv /tmp/run

More: gauntlet help reports.`,
    )
    .action((paths: string[], flags: ReportFlags) => {
      const path = paths[0];
      if (paths.length === 1 && isCountsRun(path)) return reportCounts(path, flags);
      const result = loadAny(paths);
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
      console.log(renderTerminal(result, scenarioDescriptions(result.plan.suite), { wide: flags.wide }));
      console.log(`\n${written.join('\n')}`);
    });
}

/** A gauntlet result (one path), or k6 summaries imported into one. */
function loadAny(paths: string[]): Result {
  const summaries = paths.map((path) => ({ path, json: readJson(path) }));
  // Any k6-shaped file (metrics, no gauntlet schema) makes this an import; files that are not k6 summaries are refused there.
  const k6Shaped = (json: unknown) => !!json && typeof json === 'object' && 'metrics' in json && !('schema' in json);
  if (summaries.some((file) => isK6Summary(file.json) || k6Shaped(file.json))) return importK6Summaries(summaries);
  if (paths.length > 1) {
    throw new UserError(
      'GAUNTLET_USAGE',
      `gauntlet report takes one result, or several k6 summaries; got ${paths.length} paths that are not all k6 summaries`,
      'pass one result.json or run folder, or only k6 summary files',
    );
  }
  return loadResult(paths[0]);
}

/** The parsed JSON of a .json file, else undefined (folders, journals, unreadable files go to loadResult). */
function readJson(path: string): unknown {
  if (!path.endsWith('.json') || !existsSync(path) || statSync(path).isDirectory()) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A run of --cost instructions: its ranking (or A/B verdict) again, with Markdown, HTML and, if asked, CSV. */
function reportCounts(path: string, flags: ReportFlags): void {
  const doc = loadCounts(path);
  if (flags.json) {
    console.log(JSON.stringify(doc, null, 2));
    return;
  }
  const folder = statSync(path).isDirectory() ? path : dirname(path);
  const written = writeCountReports(doc, folder, {
    markdown: flags.markdown ?? join(folder, 'report.md'),
    html: flags.html ?? join(folder, 'report.html'),
    csvDir: flags.csv,
  });
  const lines = doc.ab ? changesTerminal(doc, doc.ab.a, doc.ab.b, countAbChanges(doc)) : countsTerminal(doc);
  console.log(lines.join('\n'));
  console.log(`\n${written.join('\n')}`);
}
