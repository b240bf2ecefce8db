/**
 * Writing a result's reports (Markdown, HTML, optional CSV and chart files) and printing the
 * terminal report: after every run, and again on `gauntlet report`.
 */
import { runJobSummary } from '../report/job-summary.js';
import { appendJobSummary } from './job-summary.js';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseComparison } from '../compare/schema.js';
import { EXIT } from '../core/exit-codes.js';
import type { ComparisonReport } from '../report/comparison-render.js';
import type { RunOutcome } from '../measure/run.js';
import { resultToCsv } from '../report/csv.js';
import { renderHtml } from '../report/html/page.js';
import { renderMarkdown } from '../report/markdown.js';
import { writeMarkdownCharts } from '../report/markdown-charts.js';
import { renderTerminal, type TerminalOptions } from '../report/terminal.js';
import { COMPARISON_FILE } from '../results/store.js';
import type { Result } from '../model/schema.js';
import { runExitCode } from './outcome-exit.js';
import { scenarioDescriptions } from '../api/selection.js';

/** --wide on run and report. */
export const WIDE_HELP =
  'print every column of the tables, as wide as they need (by default the terminal report keeps to 120 characters)';

export interface ReportFiles {
  markdown: string;
  html: string;
  /** Folder for trials.csv and summary.csv. */
  csvDir?: string;
  /** Write chart SVGs beside the Markdown and link them. */
  charts?: boolean;
  comparison?: ComparisonReport;
}

/** Writes every asked report; returns what was written, for the user. */
export function writeReports(result: Result, files: ReportFiles): string[] {
  const descriptions = scenarioDescriptions(result.plan.suite);
  const charts = files.charts ? writeMarkdownCharts(result, dirname(files.markdown)) : '';
  writeFileSync(files.markdown, renderMarkdown(result, descriptions) + (charts ? `\n${charts}` : ''));
  writeFileSync(files.html, renderHtml(result, descriptions, files.comparison));
  const written = [`markdown: ${files.markdown}`, `html:     ${files.html}`];
  if (files.csvDir) {
    mkdirSync(files.csvDir, { recursive: true });
    const csv = resultToCsv(result);
    writeFileSync(join(files.csvDir, 'trials.csv'), csv.trials);
    writeFileSync(join(files.csvDir, 'summary.csv'), csv.summaries);
    const csvFiles = [join(files.csvDir, 'trials.csv'), join(files.csvDir, 'summary.csv')];
    // Ramp and rate profiles: one row per stage of each trial.
    if (result.trials.some((t) => t.measurement?.stages?.length)) {
      writeFileSync(join(files.csvDir, 'stages.csv'), csv.stages);
      csvFiles.push(join(files.csvDir, 'stages.csv'));
    }
    written.push(`csv:      ${csvFiles.join(', ')}`);
  }
  return written;
}

/** The comparison an `ab` run left in its folder, if any. */
export function comparisonIn(folder: string): ComparisonReport | undefined {
  const file = join(folder, COMPARISON_FILE);
  return existsSync(file) ? parseComparison(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

export function publishRun(outcome: RunOutcome, comparison?: ComparisonReport, terminal: TerminalOptions = {}): void {
  const written = writeReports(outcome.result, {
    markdown: join(outcome.runDir, 'report.md'),
    html: join(outcome.runDir, 'report.html'),
    comparison,
  });
  console.log(renderTerminal(outcome.result, scenarioDescriptions(outcome.result.plan.suite), terminal));
  console.log(`\nresult:   ${join(outcome.runDir, 'result.json')}\n${written.join('\n')}`);
  // ab's summary is its comparison (publishComparison)
  if (!comparison) appendJobSummary(runJobSummary(outcome.result, scenarioDescriptions(outcome.result.plan.suite)));
  const exit = runExitCode(outcome, 'any');
  if (exit !== EXIT.OK) process.exitCode = exit;
}
