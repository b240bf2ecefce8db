/**
 * The HTML report: one self-contained file (styles, charts as inline SVG, one small sorting
 * script; nothing fetched). It opens with the answer, a verdict in words and the ranking chart
 * of the first scenario, in the first screen (an `ab` run's verdicts before it); then the run
 * summary, problems and warnings (folded), per scenario the charts and a sortable results
 * table, the environment and the targets.
 */
import type { ComparisonReport } from '../comparison-render.js';
import type { Result } from '../../model/schema.js';
import { isBenchResult } from '../inproc-tables.js';
import { renderBenchHtml } from './inproc-page.js';
import { comparisonSection } from './comparison.js';
import { baselineColumnsNote, reportTables } from '../rows.js';
import { answerSection, leadChart } from './answer.js';
import { type ChartSpec, suiteCharts } from './charts.js';
import { scenarioCharts } from './scenario-charts.js';
import { chartedSummaries, missingSummaries, slug } from './data.js';
import { esc } from './escape.js';
import { figure } from './figure.js';
import { htmlDocument, reportFooter } from './document.js';
import { environmentManifest, runSummary } from './manifest.js';
import { flagNotes, problemsHtml, warningsHtml } from './notes.js';
import { scenarioVerdict, type ScenarioVerdict } from './verdict.js';
import type { ExtraTable } from '../suite-tables.js';
import { extraTables } from '../extra-tables.js';
import { resultsTable, targetsTable } from './table.js';

function extraTable(table: ExtraTable): string {
  const head = table.head.map((h) => `<th>${esc(h)}</th>`).join('');
  const rows = table.rows
    .map((row) => `<tr>${row.map((cell, i) => `<td${i > 0 ? ' class="num"' : ''}>${esc(cell)}</td>`).join('')}</tr>`)
    .join('');
  return `<h3>${esc(table.title)}</h3>\n<p class="muted">${esc(table.note)}</p>\n<table data-table="${esc(table.title)}"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function scenarioSection(
  result: Result,
  verdict: ScenarioVerdict,
  description: string | undefined,
  tableHtml: string,
  lead: ChartSpec | undefined,
): string {
  const { scenario } = verdict;
  const charts = scenarioCharts(result, scenario);
  const missing = missingSummaries(result, scenario);
  // The chart that opens the page is not drawn twice: the section points to it instead.
  const ledOff = charts.find((chart) => chart.id === lead?.id);
  const out = [
    `<section id="scenario-${esc(slug(scenario))}" data-scenario="${esc(scenario)}">`,
    `<h2>Scenario: ${esc(scenario)}</h2>`,
    ledOff
      ? `<p>Its verdict and its chart “${esc(ledOff.title)}” open the page: <a href="#answer">back to the top</a>.</p>`
      : `<p class="verdict-more">${esc(verdict.sentence)}</p>`,
  ];
  if (description) out.push(`<p>${esc(description)}</p>`);
  if (charts.length === 0) out.push('<p class="banner bad">No target has figures for this scenario.</p>');
  out.push(...charts.filter((chart) => chart !== ledOff).map((chart) => figure(chart)));
  out.push(flagNotes(chartedSummaries(result, scenario)));
  out.push(
    `<h3>Results: ${esc(scenario)}</h3>`,
    '<p class="muted">Click a column header to sort; click again to reverse.</p>',
    tableHtml,
  );
  if (missing.length > 0) {
    out.push(
      `<p>Not in the charts or the table: ${missing
        .map((s) =>
          result.unavailable.some((u) => u.target === s.target)
            ? `<strong>${esc(s.target)}</strong> (not run: unavailable, see <a href="#notes">Warnings and problems</a>)`
            : `<strong>${esc(s.target)}</strong> (${esc(s.status)}${s.reason ? `: ${esc(s.reason)}` : ''})`,
        )
        .join('; ')}.</p>`,
    );
  }
  out.push('</section>');
  return out.join('\n');
}

export function renderHtml(
  result: Result,
  scenarioDescriptions: Record<string, string>,
  comparison?: ComparisonReport,
): string {
  if (isBenchResult(result)) return renderBenchHtml(result, comparison);
  const tables = reportTables(result, scenarioDescriptions);
  const suiteLevel = suiteCharts(result);
  const extras = extraTables(result);
  const verdicts = result.plan.scenarios.map((scenario) => scenarioVerdict(result, scenario));
  const lead = leadChart(result);
  const nav = [
    ...(comparison ? [['ab', 'A/B verdicts']] : []),
    ['summary', 'Summary'],
    ['notes', 'Warnings'],
    ...result.plan.scenarios.map((s) => [`scenario-${slug(s)}`, `Scenario ${s}`]),
    ...(suiteLevel.length || extras.length ? [['categories', 'Across scenarios']] : []),
    ['environment', 'Environment'],
    ['targets', 'Targets'],
  ];
  const body = [
    '<header>',
    `<h1>gauntlet: ${esc(result.plan.suite)} suite</h1>`,
    `<p class="muted">Run <code>${esc(result.id)}</code>, ${esc(result.startedAt)}, ${esc(result.plan.runtime)} on ${esc(result.environment.cpuModel)}</p>`,
    '</header>',
    result.complete
      ? ''
      : `<p class="banner bad"><strong>Incomplete run:</strong> ${esc(result.interruption ?? 'stopped early')}. Only finished trials are shown.</p>`,
    comparison ? comparisonSection(comparison) : '',
    answerSection(result, verdicts, lead),
    // After the answer, so that a long list of scenarios never pushes it down.
    `<nav class="toc">${nav.map(([id, label]) => `<a href="#${esc(id)}">${esc(label)}</a>`).join('')}</nav>`,
    '<section id="summary"><h2>Run summary</h2>',
    `<div class="card">${runSummary(result)}</div>`,
    `<p>Figures are medians over the repeats. Req/s is what the load generator got answered per second; CPU µs/req is the server's CPU time over the measured window divided by the responses in it, and does not depend on how fast the generator is. ${esc(baselineColumnsNote(result))} Memory is the resident set size (RSS) of the server's process group. The other brackets in the tables and whiskers in the charts are a distribution-free confidence interval of the median, at the confidence the charts' legends give.</p>`,
    '</section>',
    '<section id="notes"><h2>Warnings and problems</h2>',
    problemsHtml(result),
    warningsHtml(result),
    '</section>',
    ...verdicts.map((verdict) => {
      const table = tables.find((t) => t.scenario === verdict.scenario);
      return scenarioSection(
        result,
        verdict,
        table?.description ?? scenarioDescriptions[verdict.scenario],
        table ? resultsTable(result, table) : '',
        verdict === verdicts[0] ? lead : undefined,
      );
    }),
    suiteLevel.length || extras.length
      ? `<section id="categories"><h2>Across scenarios</h2>\n${suiteLevel.map((chart) => figure(chart)).join('\n')}\n${extras.map(extraTable).join('\n')}\n</section>`
      : '',
    '<section id="environment"><h2>Environment</h2>',
    `<div class="card">${environmentManifest(result)}</div>`,
    '</section>',
    '<section id="targets"><h2>Targets</h2>',
    targetsTable(result),
    '</section>',
    reportFooter(result),
  ];
  return htmlDocument(result, body);
}
