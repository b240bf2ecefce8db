/**
 * The reports of `--cost instructions`: the ranking by instructions per request (run) and B's
 * change against A (ab), as lines for the terminal and as Markdown, from one set of rows.
 */
import { markdownTable } from 'markdown-table';
import {
  countsWarnings,
  type CountChange,
  type CountsDocument,
  type CountSummary,
  summarizeCounts,
} from '../instructions/count-result.js';
import { fittedTable } from './terminal-fit.js';

export const formatCount = (value: number | undefined) =>
  value === undefined ? '—' : Math.round(value).toLocaleString('en-US');
const percent = (share: number | undefined, digits = 2) =>
  share === undefined ? '—' : `${(share * 100).toFixed(digits)} %`;
export const signedShare = (share: number | undefined) =>
  share === undefined ? '—' : `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(2)} %`;

/** How ab --cost instructions calls a regression, for every report of one. */
export function countRegressionRule(threshold: number): string {
  return `A regression is B counting more than ${percent(threshold)} more instructions per request than A, in the median of the rounds, with every round agreeing.`;
}

/** One line on what was counted and how. */
export function countsHeadline(doc: CountsDocument): string {
  const { plan } = doc;
  return (
    `Instructions per request, counted by Valgrind ${doc.valgrind.version} (callgrind) on ${doc.runtime.id} ${doc.runtime.version}, ` +
    `${doc.machine.cpuModel}: suite ${doc.suite}, ${doc.rounds} process(es) per target, each warmed up with ` +
    `${plan.warmupRequests.toLocaleString('en-US')} requests and counted over ${(plan.countedBlocks * plan.blockRequests).toLocaleString('en-US')}` +
    `${(plan.maxBlocks ?? 0) > plan.countedBlocks ? ` (up to ${(plan.maxBlocks! * plan.blockRequests).toLocaleString('en-US')} where blocks were uneven)` : ''} ` +
    `at concurrency ${plan.concurrency}${plan.blocksLeftOut ? `; each figure leaves out the ${plan.blocksLeftOut} of its blocks of ${plan.blockRequests.toLocaleString('en-US')} requests` : ''}.${doc.complete ? '' : ' Interrupted: the counts so far.'}`
  );
}

/** What a count is blind to, for every report of one. */
export const COUNTS_BLIND =
  'Instructions are what the process executes in user space, all threads. They leave out the kernel (system calls, the network stack), ' +
  'and weigh alike an instruction that hits the cache and one that waits on memory: they rank what the code does, not how long it takes.';

export const RANK_HEAD = ['#', 'target', 'scenario', 'instructions/req', '× baseline', 'spread', 'processes'];

export function rankRows(cells: CountSummary[]): string[][] {
  const ranked = [...cells].sort(
    (a, b) =>
      (a.instructionsPerRequest ?? Number.POSITIVE_INFINITY) - (b.instructionsPerRequest ?? Number.POSITIVE_INFINITY),
  );
  return ranked.map((cell, index) => [
    cell.failed ? '—' : String(index + 1),
    cell.target,
    cell.scenario,
    cell.failed ? `failed: ${cell.failed.split('\n')[0].slice(0, 80)}` : formatCount(cell.instructionsPerRequest),
    cell.ratioToBaseline === undefined ? '—' : cell.ratioToBaseline.toFixed(3),
    percent(cell.spread),
    [
      String(cell.processes),
      cell.unsettled > 0 ? ` (${cell.unsettled} not levelled off)` : '',
      cell.onBusyCore > 0 ? ` (${cell.onBusyCore} on a busy core)` : '',
      cell.reopened > 0 ? ` (${cell.reopened} with connections reopened)` : '',
      cell.mostBlocks > cell.plannedBlocks ? ` (up to ${cell.mostBlocks} blocks)` : '',
    ].join(''),
  ]);
}

/** The warnings as the terminal prints them, or nothing. */
function warningLines(doc: CountsDocument): string[] {
  const warnings = countsWarnings(doc);
  return warnings.length > 0 ? ['', ...warnings.map((w) => `! ${w}`)] : [];
}

export function countsTerminal(doc: CountsDocument): string[] {
  return [
    countsHeadline(doc),
    '',
    ...fittedTable(RANK_HEAD, rankRows(summarizeCounts(doc))),
    ...warningLines(doc),
    '',
    COUNTS_BLIND,
  ];
}

export function countsMarkdown(doc: CountsDocument): string {
  return [
    `# gauntlet run --cost instructions: ${doc.suite}`,
    '',
    countsHeadline(doc),
    '',
    markdownTable([RANK_HEAD, ...rankRows(summarizeCounts(doc))], { align: ['r', 'l', 'l', 'r', 'r', 'r', 'l'] }),
    ...warningLines(doc),
    '',
    `"spread" is (max − min) / median over the target's processes. Valgrind ran with ${doc.valgrind.flags.join(' ')}; the targets with the V8 flags ${doc.v8Flags.join(' ')}.`,
    '',
    COUNTS_BLIND,
    '',
  ].join('\n');
}

export const CHANGE_HEAD = [
  'scenario',
  'A instructions/req',
  'B instructions/req',
  'B vs A',
  'rounds (B/A − 1)',
  'verdict',
];

export function changeRows(doc: CountsDocument, a: string, b: string, changes: CountChange[]): string[][] {
  const cells = summarizeCounts(doc);
  const of = (target: string, scenario: string) =>
    cells.find((c) => c.target === target && c.scenario === scenario)?.instructionsPerRequest;
  return changes.map((change) => [
    change.scenario,
    formatCount(of(a, change.scenario)),
    formatCount(of(b, change.scenario)),
    signedShare(change.change),
    change.roundRatios.map((r) => signedShare(r - 1)).join(', '),
    `${change.verdict}: ${change.why}`,
  ]);
}

export function changesTerminal(doc: CountsDocument, a: string, b: string, changes: CountChange[]): string[] {
  return [
    countsHeadline(doc),
    `A: ${a}; B: ${b}`,
    '',
    ...fittedTable(CHANGE_HEAD, changeRows(doc, a, b, changes)),
    ...warningLines(doc),
  ];
}

export function changesMarkdown(
  doc: CountsDocument,
  a: string,
  b: string,
  changes: CountChange[],
  threshold: number,
): string {
  return [
    `# gauntlet ab --cost instructions: ${a} against ${b}`,
    '',
    countsHeadline(doc),
    '',
    markdownTable([CHANGE_HEAD, ...changeRows(doc, a, b, changes)], { align: ['l', 'r', 'r', 'r', 'l', 'l'] }),
    ...warningLines(doc),
    '',
    countRegressionRule(threshold),
    '',
    COUNTS_BLIND,
    '',
  ].join('\n');
}
