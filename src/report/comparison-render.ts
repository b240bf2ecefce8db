/** A comparison as a terminal table and as Markdown for a pull-request comment. */
import { markdownTable } from 'markdown-table';
import { terminalTable } from './terminal-table.js';
import { FIGURES } from '../compare/figures.js';
import type { CellComparison } from '../compare/cells.js';
import { regressions, type ComparisonReport } from '../compare/comparison.js';

export { regressions, type ComparisonReport };

export function signedPercent(share: number): string {
  const value = (share * 100).toFixed(1);
  return `${share >= 0 ? '+' : ''}${value} %`;
}

function row(cell: CellComparison): string[] {
  const figure = FIGURES.find((f) => f.key === cell.figure)!;
  return [
    cell.label,
    cell.scenario,
    cell.figureLabel,
    figure.format(cell.medianA),
    figure.format(cell.medianB),
    changeWithInterval(cell),
    cell.pValue < 0.001 ? '<0.001' : cell.pValue.toFixed(3),
    `${cell.regression ? 'REGRESSION: ' : ''}${cell.verdictWords}`,
  ];
}

/** "+1.2 % [-0.4 %, +2.9 %]"; a paired interval from fewer than 6 rounds holds the change less often than 95 %, and says how often. */
export function changeWithInterval(cell: CellComparison): string {
  const held = cell.intervalConfidence;
  const below95 = held !== undefined && held < 0.95 ? ` (${(held * 100).toFixed(0)} %)` : '';
  return `${signedPercent(cell.change)} [${signedPercent(cell.interval[0])}, ${signedPercent(cell.interval[1])}]${below95}`;
}

const HEAD = ['target', 'scenario', 'figure', 'before', 'after', 'change [95 % interval]', 'p', 'verdict'];

function verdictLine(report: ComparisonReport): string {
  const found = regressions(report);
  const threshold = `${(report.thresholdShare * 100).toFixed(1)} %`;
  return found.length === 0
    ? `No regression beyond ${threshold} in ${report.gated.join(', ')} that the data can show.`
    : `${found.length} regression(s) beyond ${threshold}: ${found.map((c) => `${c.label}/${c.scenario} ${c.figureLabel} ${signedPercent(c.change)}`).join('; ')}.`;
}

const TWO_SAMPLES =
  'Verdicts come from a two-sided Mann-Whitney test over the trials at the 5 % level; the interval is a bootstrap of the ratio of medians.';
const BY_ROUND =
  'A and B were measured seconds apart in each round: verdicts come from a two-sided Wilcoxon signed-rank test over the per-round ratios B / A at the 5 % level; ' +
  'the change is their Hodges-Lehmann estimate, with the interval that inverts the test.';
const REGRESSION = 'A regression is a gated figure the test calls worse by more than the threshold.';

/** How the report's cells were judged (older comparisons carry no test: Mann-Whitney). */
export function comparisonMethod(report: ComparisonReport): string {
  const tests = new Set(report.cells.map((c) => c.test ?? 'mann-whitney'));
  return [
    ...(tests.has('signed-rank') ? [BY_ROUND] : []),
    ...(tests.has('mann-whitney') ? [TWO_SAMPLES] : []),
    REGRESSION,
  ].join(' ');
}

export function renderComparisonTerminal(report: ComparisonReport): string {
  const table = terminalTable(HEAD);
  for (const cell of report.cells) table.push(row(cell));
  return [
    `${report.title}: ${report.before} (before) vs ${report.after} (after)`,
    table.toString(),
    ...report.notes.map((n) => `note: ${n}`),
    ...report.warnings.map((w) => `  ! ${w}`),
    verdictLine(report),
    comparisonMethod(report),
  ].join('\n');
}

export function renderComparisonMarkdown(report: ComparisonReport): string {
  const out = [`### ${report.title}: \`${report.before}\` → \`${report.after}\``, '', `**${verdictLine(report)}**`, ''];
  out.push(markdownTable([HEAD, ...report.cells.map(row)], { align: ['l', 'l', 'l', 'r', 'r', 'r', 'r', 'l'] }));
  if (report.notes.length > 0 || report.warnings.length > 0) {
    out.push('');
    for (const note of report.notes) out.push(`* Note: ${note}`);
    for (const warning of report.warnings) out.push(`* ⚠ ${warning}`);
  }
  out.push('', `<sub>${comparisonMethod(report)}</sub>`);
  return `${out.join('\n')}\n`;
}
