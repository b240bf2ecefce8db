/** `compare` of two `--cost instructions` runs, as terminal lines and as Markdown, from one set of rows. */
import { markdownTable } from 'markdown-table';
import type { CountComparison } from '../instructions/count-compare.js';
import { medianOf } from '../stats/describe.js';
import { COUNTS_BLIND, formatCount, signedShare } from './instructions-render.js';
import { fittedTable } from './terminal-fit.js';

const HEAD = ['target', 'scenario', 'before', 'after', 'change', 'verdict'];

function rows(report: CountComparison): string[][] {
  return report.cells.map((cell) => [
    cell.target,
    cell.scenario,
    formatCount(medianOf(cell.before)),
    formatCount(medianOf(cell.after)),
    signedShare(cell.change),
    `${cell.verdict === 'regression' ? 'REGRESSION' : cell.verdict}: ${cell.why}`,
  ]);
}

/** The one-line answer: how many regressions beyond the threshold, or none. */
export function countComparisonVerdict(report: CountComparison): string {
  const threshold = `${(report.thresholdShare * 100).toFixed(2)} %`;
  const found = report.cells.filter((c) => c.verdict === 'regression');
  return found.length === 0
    ? `No regression beyond ${threshold} in instructions per request.`
    : `${found.length} regression(s) beyond ${threshold} in instructions per request: ${found.map((c) => `${c.target}/${c.scenario} ${signedShare(c.change)}`).join('; ')}.`;
}

export const COUNT_COMPARISON_METHOD =
  "Each figure is the median over a run's processes. Two runs share no processes, so a change is called only when it passes the threshold and every process of one run counted beyond every process of the other.";

export function countComparisonTerminal(report: CountComparison): string[] {
  return [
    `gauntlet compare --cost instructions: ${report.before} against ${report.after}`,
    '',
    ...fittedTable(HEAD, rows(report)),
    '',
    countComparisonVerdict(report),
    ...report.warnings.map((w) => `! ${w}`),
    ...report.notes.map((n) => `differs: ${n}`),
  ];
}

export function countComparisonMarkdown(report: CountComparison): string {
  return [
    `# gauntlet compare: instructions per request, ${report.before} against ${report.after}`,
    '',
    `**${countComparisonVerdict(report)}**`,
    '',
    markdownTable([HEAD, ...rows(report)], { align: ['l', 'l', 'r', 'r', 'r', 'l'] }),
    ...report.warnings.map((w) => `\n${w}`),
    '',
    COUNT_COMPARISON_METHOD,
    ...report.notes.map((n) => `\n- differs: ${n}`),
    '',
    COUNTS_BLIND,
    '',
  ].join('\n');
}
