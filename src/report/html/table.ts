/** The sortable results table of a scenario: the rows of ../rows.ts, each numeric cell carrying its raw value to sort by. */
import type { Result, Summary } from '../../model/schema.js';
import { featuresFor, HPACK_COLUMN, type ReportTable } from '../rows.js';
import { slug } from './data.js';
import { esc } from './escape.js';

type SortKey = (summary: Summary) => number | undefined;

/** Raw values behind the formatted columns of rows.ts; a column not listed sorts by the number its text starts with, or by text. */
const SORT_KEYS: Record<string, SortKey | undefined> = {
  'Req/s': (s) => s.requestsPerSec?.median,
  'p50 (ms)': (s) => s.latencyMs?.p50,
  'p99 (ms)': (s) => s.latencyP99Ms?.median ?? s.latencyMs?.p99,
  'Output (Mb/s)': (s) => s.bytesPerSec,
  'CPU µs/req': (s) => s.cpuUsPerRequest?.median,
  'Max CPU (%)': (s) => s.maxCpuPercent,
  'Gen. CPU (%)': (s) => s.generatorCpuCores,
  'Peak RSS (MB)': (s) => s.peakRss?.median ?? s.peakRssBytes,
  'vs baseline': (s) => s.ratioToBaseline,
  'CPU vs baseline': (s) => s.baselineRatios?.cpuUsPerRequest?.estimate ?? s.pairedCpuRatio?.median,
  [HPACK_COLUMN]: (s) => s.headerCompression,
};

const TEXT_COLUMNS = new Set(['Target', 'Version', 'Router', 'Validation', 'Flags']);

function leadingNumber(text: string): number | undefined {
  const match = /^-?[\d,]*\.?\d+/.exec(text.trim());
  return match ? Number(match[0].replace(/,/g, '')) : undefined;
}

function cell(column: string, text: string, summary: Summary | undefined): string {
  if (column === 'Target') return `<td class="name"><strong>${esc(text)}</strong></td>`;
  if (column === 'Flags') return `<td class="nowrap">${esc(text)}</td>`;
  if (TEXT_COLUMNS.has(column)) return `<td>${esc(text)}</td>`;
  const known = SORT_KEYS[column];
  const value = known && summary ? known(summary) : leadingNumber(text);
  // "61,234 [58,100–62,000]": the bracket goes on a line of its own, in small print, so the table fits.
  const bracket = /^(.*?)( \[[^\]]*\])$/.exec(text);
  const content = bracket ? `${esc(bracket[1])}<span class="bracket">${esc(bracket[2])}</span>` : esc(text);
  return `<td class="num" data-sort="${value === undefined || !Number.isFinite(value) ? '' : value}">${content}</td>`;
}

export function resultsTable(result: Result, table: ReportTable): string {
  const columns: readonly string[] = table.columns;
  const head = columns
    .map((c) => `<th scope="col"${TEXT_COLUMNS.has(c) ? '' : ' class="num"'}>${esc(c)}</th>`)
    .join('');
  const body = table.rows
    .map((row) => {
      const summary = result.summaries.find((s) => s.scenario === table.scenario && s.target === row[0]);
      return `<tr>${row.map((text, i) => cell(columns[i] ?? '', text, summary)).join('')}</tr>`;
    })
    .join('\n');
  return (
    `<div class="table-wrap"><table class="sortable results" data-table="results-${esc(slug(table.scenario))}">` +
    `<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody></table></div>`
  );
}

/** The frameworks measured: what each is, its packages and homepage (a plain link). */
export function targetsTable(result: Result): string {
  const rows = result.targets.map((t) => {
    const packages = Object.entries(t.packages)
      .map(([name, version]) => `<code>${esc(name)}@${esc(version)}</code>`)
      .join(', ');
    const homepage = /^https?:\/\//.test(t.homepage)
      ? `<a href="${esc(t.homepage)}" rel="noopener noreferrer">${esc(t.homepage.replace(/^https?:\/\//, ''))}</a>`
      : esc(t.homepage);
    return (
      `<tr><td class="name"><strong>${esc(t.title)}</strong><br><span class="muted">${esc(t.name)}</span></td>` +
      `<td>${packages || 'node built-ins'}</td><td>${esc(t.layer ?? '')}</td><td>${esc(featuresFor(t, result.plan.suite).join(', '))}</td>` +
      `<td>${esc(t.description)}</td><td>${homepage}</td></tr>`
    );
  });
  return (
    '<div class="table-wrap"><table class="sortable targets" data-table="targets"><thead><tr>' +
    '<th scope="col">Target</th><th scope="col">Packages</th><th scope="col">Layer</th><th scope="col">Features</th><th scope="col">Description</th><th scope="col">Homepage</th>' +
    `</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody></table></div>`
  );
}

/** A plain table of text cells; columns listed in `numeric` align right. */
export function plainTable(
  dataTable: string,
  head: readonly string[],
  rows: string[][],
  numeric: readonly number[] = [],
): string {
  const align = (i: number) => (numeric.includes(i) ? ' class="num"' : '');
  return (
    `<div class="table-wrap"><table data-table="${esc(dataTable)}"><thead><tr>${head.map((h, i) => `<th scope="col"${align(i)}>${esc(h)}</th>`).join('')}</tr></thead>\n` +
    `<tbody>\n${rows.map((row) => `<tr>${row.map((cell, i) => `<td${align(i)}>${esc(cell)}</td>`).join('')}</tr>`).join('\n')}\n</tbody></table></div>`
  );
}
