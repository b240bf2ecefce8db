/**
 * The files of a `--cost instructions` run beside its instructions.json: report.md, report.html,
 * compare.md for an ab, and the CSV tables when asked. `run`, `ab` and `report` write through here.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { CountComparison } from '../instructions/count-compare.js';
import { countAbChanges, type CountsDocument } from '../instructions/count-result.js';
import { countsToCsv } from '../report/counts-csv.js';
import { renderCountsHtml } from '../report/html/counts-page.js';
import { changesMarkdown, countsMarkdown } from '../report/instructions-render.js';

export interface CountReportFiles {
  markdown: string;
  html: string;
  csvDir?: string;
}

/** The run's HTML page, opening with its A/B verdict or with a comparison against an earlier run. */
export function countsPage(doc: CountsDocument, runLabel: string, comparison?: CountComparison): string {
  const ab = doc.ab ? { ...doc.ab, changes: countAbChanges(doc) } : undefined;
  return renderCountsHtml(doc, runLabel, { ab, comparison });
}

/** Writes every asked report; returns what was written, for the user. */
export function writeCountReports(doc: CountsDocument, runDir: string, files: CountReportFiles): string[] {
  const written: string[] = [];
  const write = (label: string, file: string, text: string) => {
    writeFileSync(file, text);
    written.push(`${label.padEnd(9)} ${file}`);
  };
  write('markdown:', files.markdown, countsMarkdown(doc));
  if (doc.ab)
    write(
      'a/b:',
      join(dirname(files.markdown), 'compare.md'),
      changesMarkdown(doc, doc.ab.a, doc.ab.b, countAbChanges(doc), doc.ab.thresholdShare),
    );
  write('html:', files.html, countsPage(doc, basename(runDir)));
  if (files.csvDir) {
    mkdirSync(files.csvDir, { recursive: true });
    const csv = countsToCsv(doc);
    write('csv:', join(files.csvDir, 'counts.csv'), csv.counts);
    write('csv:', join(files.csvDir, 'summary.csv'), csv.summary);
  }
  return written;
}

/** The reports a count run leaves in its own folder. */
export function writeCountRunReports(doc: CountsDocument, runDir: string): string[] {
  return writeCountReports(doc, runDir, { markdown: join(runDir, 'report.md'), html: join(runDir, 'report.html') });
}
