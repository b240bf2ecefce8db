/**
 * The HTML report of an in-process bench result. As on the HTTP page the answer comes first:
 * per target and table, its verdict in a sentence, a bar chart of ops/s (the interval of the
 * median as whiskers, the reference row in the baseline colour) and the table; then the run
 * summary, the warnings (folded) and the environment.
 */
import type { Result } from '../../model/schema.js';
import {
  benchCountLine,
  benchIntervalLine,
  benchMethodLine,
  benchTables,
  type BenchTableView,
} from '../inproc-tables.js';
import type { ComparisonReport } from '../comparison-render.js';
import { formatInt } from '../format.js';
import { barChart, intervalLegend } from './charts.js';
import { comparisonSection } from './comparison.js';
import { slug } from './data.js';
import { esc } from './escape.js';
import { figure } from './figure.js';
import { htmlDocument, reportFooter } from './document.js';
import { benchTableVerdict } from './inproc-verdict.js';
import { environmentManifest } from './manifest.js';
import { warningsHtml } from './notes.js';
import { BAR, BAR_BASELINE } from './theme.js';

function chartOf(result: Result, view: BenchTableView): string {
  if (view.chart.length === 0) return '';
  const items = [...view.chart].sort((a, b) => b.opsPerSec.median - a.opsPerSec.median);
  const chart = barChart({
    id: `ops-${slug(view.target)}-${slug(view.table)}`,
    title: `${view.title}: ${view.target} (higher is better)`,
    caption: `Bars: median operations per second over ${result.plan.repeats} repeat(s), one call in flight; whiskers: the interval of the median. The reference row is drawn in the baseline colour.`,
    axisName: 'operations per second',
    tickFormat: formatInt,
    barLegend: 'median ops/s',
    rangeLegend: intervalLegend(items.map((i) => i.opsPerSec)),
    items: items.map((i) => ({
      label: `${i.label}${i.reference ? ' (#)' : ''}`,
      value: i.opsPerSec.median,
      range: [i.opsPerSec.interval.low, i.opsPerSec.interval.high],
      valueText: formatInt(i.opsPerSec.median),
      colour: i.reference ? BAR_BASELINE : BAR,
    })),
  });
  return figure(chart);
}

function tableOf(view: BenchTableView): string {
  const head = view.columns.map((c) => `<th>${esc(c)}</th>`).join('');
  const rows = view.rows
    .map((row) => `<tr>${row.map((cell, i) => `<td${i > 0 ? ' class="num"' : ''}>${esc(cell)}</td>`).join('')}</tr>`)
    .join('');
  const missing = view.notMeasured
    .map((m) => `<li><strong>${esc(m.title)}</strong> (${esc(m.status)}): ${esc(m.reason)}</li>`)
    .join('');
  return `<table data-table="${esc(`${view.target} ${view.table}`)}"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>${missing ? `<p>Not measured:</p><ul>${missing}</ul>` : ''}`;
}

export function renderBenchHtml(result: Result, comparison?: ComparisonReport): string {
  const views = benchTables(result);
  const sections = views.map((view) =>
    [
      `<section id="table-${esc(slug(view.target))}-${esc(slug(view.table))}" data-scenario="${esc(view.table)}">`,
      `<h2>${esc(view.title)}</h2>`,
      `<p class="muted">${esc(view.targetLine)}</p>`,
      `<p class="verdict">${esc(benchTableVerdict(result, view))}</p>`,
      chartOf(result, view),
      tableOf(view),
      '</section>',
    ].join('\n'),
  );
  const unavailable = result.unavailable
    .map((u) => `<li><strong>${esc(u.target)}</strong>: ${esc(u.reason)}</li>`)
    .join('');
  const body = [
    '<header>',
    `<h1>gauntlet: ${esc(result.plan.suite)} suite</h1>`,
    `<p class="muted">Run <code>${esc(result.id)}</code>, ${esc(result.startedAt)}, ${esc(result.plan.runtime)} on ${esc(result.environment.cpuModel)}; ${esc(benchCountLine(result))}; (#) marks each table's reference row. <a href="#summary">Summary</a> · <a href="#notes">Warnings</a> · <a href="#environment">Environment</a></p>`,
    '</header>',
    result.complete
      ? ''
      : `<p class="banner bad"><strong>Incomplete run:</strong> ${esc(result.interruption ?? 'stopped early')}.</p>`,
    comparison ? comparisonSection(comparison) : '',
    // The answer first: each table with its verdict and chart, before how the run was made.
    ...sections,
    '<section id="summary"><h2>Run summary</h2>',
    `<p>${esc(benchMethodLine(result))}. ${esc(benchCountLine(result))}.</p>`,
    `<p>${esc(benchIntervalLine(result))}. (#) marks each table's reference row.</p>`,
    '</section>',
    '<section id="notes"><h2>Warnings and problems</h2>',
    unavailable ? `<p>Not run:</p><ul>${unavailable}</ul>` : '',
    warningsHtml(result),
    '</section>',
    '<section id="environment"><h2>Environment</h2>',
    `<div class="card">${environmentManifest(result)}</div>`,
    '</section>',
    reportFooter(result),
  ];
  return htmlDocument(result, body);
}
