/**
 * The HTML page of a `--cost instructions` run. As on the timed page the answer comes first: the
 * A/B verdict or the comparison with an earlier run where there is one, then per scenario the
 * ranking by instructions per request as a chart and a table, then how the counts were taken.
 */
import type { CountComparison } from '../../instructions/count-compare.js';
import {
  countsWarnings,
  type CountChange,
  type CountsDocument,
  summarizeCounts,
} from '../../instructions/count-result.js';
import { COUNT_COMPARISON_METHOD, countComparisonVerdict } from '../instructions-compare-render.js';
import {
  CHANGE_HEAD,
  changeRows,
  COUNTS_BLIND,
  countRegressionRule,
  countsHeadline,
  formatCount,
  RANK_HEAD,
  rankRows,
  signedShare,
} from '../instructions-render.js';
import { barChart, FIRST_SCREEN_LAYOUT } from './charts.js';
import { slug } from './data.js';
import { htmlPage } from './document.js';
import { esc } from './escape.js';
import { figure } from './figure.js';
import { plainTable } from './table.js';
import { BAR, BAR_BASELINE } from './theme.js';

export interface CountsPageExtras {
  /** `ab --cost instructions`: B's change against A, scenario by scenario. */
  ab?: { a: string; b: string; changes: CountChange[]; thresholdShare: number };
  /** `compare` of two counts runs; the rest of the page is the later one. */
  comparison?: CountComparison;
}

function abSection(doc: CountsDocument, ab: NonNullable<CountsPageExtras['ab']>): string {
  const regressions = ab.changes.filter((c) => c.verdict === 'regression');
  const threshold = `${(ab.thresholdShare * 100).toFixed(2)} %`;
  return [
    '<section id="ab"><h2>A/B verdict</h2>',
    `<p><strong>A</strong> = <code>${esc(ab.a)}</code>, <strong>B</strong> = <code>${esc(ab.b)}</code>, counted in the same run, one process of each per round.</p>`,
    `<p class="banner${regressions.length > 0 ? ' bad' : ''}">${
      regressions.length > 0
        ? `B regressed beyond ${threshold} in ${esc(regressions.map((c) => `${c.scenario} (${signedShare(c.change)})`).join(', '))}.`
        : `No regression beyond ${threshold} in instructions per request.`
    }</p>`,
    plainTable('ab', CHANGE_HEAD, changeRows(doc, ab.a, ab.b, ab.changes), [1, 2, 3]),
    `<p class="muted">${esc(countRegressionRule(ab.thresholdShare))}</p>`,
    '</section>',
  ].join('\n');
}

function comparisonSection(report: CountComparison): string {
  const bad = report.cells.some((c) => c.verdict === 'regression');
  const rows = report.cells.map((c) => [
    c.target,
    c.scenario,
    c.before.map((v) => formatCount(v)).join(', ') || '—',
    c.after.map((v) => formatCount(v)).join(', ') || '—',
    signedShare(c.change),
    `${c.verdict}: ${c.why}`,
  ]);
  return [
    '<section id="compare"><h2>Against an earlier run</h2>',
    `<p>Before: <code>${esc(report.before)}</code>; after: <code>${esc(report.after)}</code>, the run the rest of this page shows.</p>`,
    `<p class="banner${bad ? ' bad' : ''}">${esc(countComparisonVerdict(report))}</p>`,
    plainTable(
      'compare',
      ['target', 'scenario', 'before (each process)', 'after (each process)', 'change', 'verdict'],
      rows,
      [4],
    ),
    ...report.warnings.map((w) => `<p class="banner bad">${esc(w)}</p>`),
    ...report.notes.map((n) => `<p class="muted">Differs: ${esc(n)}</p>`),
    `<p class="muted">${esc(COUNT_COMPARISON_METHOD)}</p>`,
    '</section>',
  ].join('\n');
}

function scenarioSection(doc: CountsDocument, scenario: string, lead: boolean): string {
  const cells = summarizeCounts(doc).filter((c) => c.scenario === scenario);
  const counted = cells
    .filter((c) => c.instructionsPerRequest !== undefined)
    .sort((a, b) => a.instructionsPerRequest! - b.instructionsPerRequest!);
  const chart =
    counted.length === 0
      ? undefined
      : barChart({
          id: `instructions-${slug(scenario)}`,
          title: `${scenario}: instructions per request (fewer is better)`,
          caption:
            "Bars: the median over each target's processes of the instructions it executed per request; whiskers: the lowest to the highest process. The baseline is drawn in the baseline colour.",
          axisName: 'instructions per request',
          tickFormat: (value) => formatCount(value),
          barLegend: 'median instructions/request',
          rangeLegend: 'lowest to highest process',
          layout: lead ? FIRST_SCREEN_LAYOUT : undefined,
          items: counted.map((c) => ({
            label: c.target === doc.baseline ? `${c.target} (baseline)` : c.target,
            value: c.instructionsPerRequest!,
            // whiskers where there is more than one process
            range:
              c.processes > 1 && c.lowest !== undefined && c.highest !== undefined ? [c.lowest, c.highest] : undefined,
            valueText: formatCount(c.instructionsPerRequest),
            colour: c.target === doc.baseline ? BAR_BASELINE : BAR,
          })),
        });
  return [
    `<section id="scenario-${esc(slug(scenario))}"><h2>Scenario ${esc(scenario)}</h2>`,
    chart ? figure(chart, lead ? 'lead' : '') : '<p>No target was counted.</p>',
    plainTable(`instructions-${scenario}`, RANK_HEAD, rankRows(cells), [0, 3, 4, 5]),
    '</section>',
  ].join('\n');
}

function methodSection(doc: CountsDocument): string {
  const facts: Array<[string, string]> = [
    ['Counted', countsHeadline(doc)],
    ['Valgrind', `${doc.valgrind.version}: valgrind ${doc.valgrind.flags.join(' ')}`],
    ['V8 flags', doc.v8Flags.join(' ') || 'none'],
    ['Machine', `${doc.machine.cpuModel}, ${doc.machine.cores} core(s)`],
    ['gauntlet', doc.gauntletVersion],
  ];
  return [
    '<section id="method"><h2>How the counts were taken</h2>',
    `<div class="card"><dl class="facts">${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl></div>`,
    `<p>${esc(COUNTS_BLIND)} "spread" is (max − min) / median over a target's processes.</p>`,
    '</section>',
  ].join('\n');
}

function warningBanners(doc: CountsDocument): string {
  return countsWarnings(doc)
    .map((warning) => `<p class="banner bad">${esc(warning)}</p>`)
    .join('');
}

export function renderCountsHtml(doc: CountsDocument, runLabel: string, extras: CountsPageExtras = {}): string {
  const verdictFirst = extras.ab !== undefined || extras.comparison !== undefined;
  const body = [
    '<header>',
    `<h1>gauntlet: instructions per request, ${esc(doc.suite)} suite</h1>`,
    `<p class="muted">Run <code>${esc(runLabel)}</code>, ${esc(doc.startedAt)}, ${esc(doc.runtime.id)} ${esc(doc.runtime.version)} under Valgrind ${esc(doc.valgrind.version)} on ${esc(doc.machine.cpuModel)}</p>`,
    '</header>',
    doc.complete
      ? ''
      : '<p class="banner bad"><strong>Incomplete run:</strong> stopped early. Only finished counts are shown.</p>',
    // a comparison's warnings name each side's, this run's among them
    extras.comparison ? '' : warningBanners(doc),
    extras.ab ? abSection(doc, extras.ab) : '',
    extras.comparison ? comparisonSection(extras.comparison) : '',
    ...doc.scenarios.map((scenario, i) => scenarioSection(doc, scenario, i === 0 && !verdictFirst)),
    methodSection(doc),
    `<footer>Written by gauntlet ${esc(doc.gauntletVersion)} from run ${esc(runLabel)}. Charts drawn with Apache ECharts, rendered to SVG when the report was written.</footer>`,
  ];
  return htmlPage(`gauntlet instructions ${doc.suite}: ${runLabel}`, body);
}
