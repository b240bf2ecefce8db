/**
 * Instructions per request beside CPU µs per request for the hello targets, from the committed
 * count (bench/instructions/hello.json) and the committed default run (bench/hello/result.json),
 * with the rank correlation of the two: how far a count ranks targets as their CPU cost does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { markdownTable } from 'markdown-table';
import { sampleRankCorrelation } from 'simple-statistics';
import { COUNT_THRESHOLD_PERCENT, type CountsDocument, summarizeCounts } from '../instructions/count-result.js';
import type { Result } from '../model/schema.js';

export interface InstructionsBesideCpu {
  rows: Array<{ target: string; instructions: number; instructionsRatio: number; cpuRatio: number }>;
  /** Spearman's rank correlation over the targets in both. */
  rho: number;
}

export function instructionsBesideCpu(doc: CountsDocument, timed: Result): InstructionsBesideCpu {
  const counted = summarizeCounts(doc).filter((cell) => cell.instructionsPerRequest !== undefined);
  const rows = counted.flatMap((cell) => {
    const timedCell = timed.summaries.find((s) => s.target === cell.target && s.scenario === cell.scenario);
    const cpuRatio = timedCell?.pairedCpuRatio?.median;
    if (cpuRatio === undefined || cell.ratioToBaseline === undefined) return [];
    return [
      {
        target: cell.target,
        instructions: cell.instructionsPerRequest!,
        instructionsRatio: cell.ratioToBaseline,
        cpuRatio,
      },
    ];
  });
  rows.sort((a, b) => a.instructionsRatio - b.instructionsRatio);
  const rho =
    rows.length >= 3
      ? sampleRankCorrelation(
          rows.map((r) => r.instructionsRatio),
          rows.map((r) => r.cpuRatio),
        )
      : Number.NaN;
  return { rows, rho };
}

/** The generated block of docs/instructions.md, or a line saying the count is not committed yet. */
export function renderInstructionsBesideCpu(countsFile: string, timed: Result, link: string): string {
  if (!existsSync(countsFile)) return `No count of the hello targets is committed yet (${link}).`;
  const doc = JSON.parse(readFileSync(countsFile, 'utf8')) as CountsDocument;
  const { rows, rho } = instructionsBesideCpu(doc, timed);
  const table = markdownTable(
    [
      ['target', 'instructions/req', '× node-http', 'CPU µs/req × node-http'],
      ...rows.map((r) => [
        r.target,
        Math.round(r.instructions).toLocaleString('en-US'),
        r.instructionsRatio.toFixed(2),
        r.cpuRatio.toFixed(2),
      ]),
    ],
    { align: ['l', 'r', 'r', 'r'] },
  );
  return [
    `Counted on ${doc.startedAt.slice(0, 10)} ([bench/instructions/hello.md](${link}), ${doc.rounds} processes per target), beside the CPU per request of the default run of ${timed.startedAt.slice(0, 10)} ([bench/hello/](../bench/hello/report.md)), each as a ratio to node-http, on \`${doc.scenarios.join(', ')}\`. Rank correlation (Spearman) over ${rows.length} targets: **${rho.toFixed(2)}**.`,
    '',
    table,
  ].join('\n');
}

/** Two counts of the hello targets, target by target: how far each median moved from the first to the second. */
export interface CountsBetween {
  rows: Array<{
    target: string;
    first: number;
    second: number;
    change: number;
    /** The second count's processes: how many, not levelled off, counted on a busy core. */
    processes: number;
    unsettled: number;
    onBusyCore: number;
  }>;
  /** Targets whose change is within the threshold. */
  within: number;
}

export function countsBetween(first: CountsDocument, second: CountsDocument, thresholdShare: number): CountsBetween {
  const firstMedians = new Map(
    summarizeCounts(first).map((s) => [`${s.target}/${s.scenario}`, s.instructionsPerRequest]),
  );
  // every target and scenario counted in both (a target's own failure leaves it without a median)
  const rows = summarizeCounts(second).flatMap((cell) => {
    const before = firstMedians.get(`${cell.target}/${cell.scenario}`);
    const after = cell.instructionsPerRequest;
    if (before === undefined || after === undefined) return [];
    return [
      {
        target: cell.target,
        first: before,
        second: after,
        change: after / before - 1,
        processes: cell.processes,
        unsettled: cell.unsettled,
        onBusyCore: cell.onBusyCore,
      },
    ];
  });
  rows.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
  return { rows, within: rows.filter((r) => Math.abs(r.change) <= thresholdShare).length };
}

const readCounts = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CountsDocument;
const signedPercent = (share: number) =>
  `${share < 0 ? '−' : share > 0 ? '+' : ''}${Math.abs(share * 100).toFixed(2)} %`;

/** The table of two counts: each target's medians, their change, and the second count's processes not levelled off. */
function betweenTable(between: CountsBetween, firstLabel: string, secondLabel: string): string {
  return markdownTable(
    [
      ['target', firstLabel, secondLabel, 'change', `${secondLabel} processes not levelled off`],
      ...between.rows.map((r) => [
        r.target,
        Math.round(r.first).toLocaleString('en-US'),
        Math.round(r.second).toLocaleString('en-US'),
        signedPercent(r.change),
        `${r.unsettled} of ${r.processes}`,
      ]),
    ],
    { align: ['l', 'r', 'r', 'r', 'r'] },
  );
}

const sum = (rows: CountsBetween['rows'], key: 'processes' | 'unsettled' | 'onBusyCore') =>
  rows.reduce((total, r) => total + r[key], 0);

/** When two counts were taken, by day only (the docs carry no clock times). */
function days(first: CountsDocument, second: CountsDocument): string {
  const [a, b] = [first.startedAt.slice(0, 10), second.startedAt.slice(0, 10)];
  return a === b ? `twice on ${a}` : `on ${a} and again on ${b}`;
}

const processes = (n: number) => (n === 1 ? 'one process' : `the median of ${n} processes`);

/** How many processes each count's figure comes from. */
function processesEach(first: CountsDocument, second: CountsDocument): string {
  return first.rounds === second.rounds
    ? processes(first.rounds)
    : `${processes(first.rounds)} in the first count, ${processes(second.rounds)} in the second`;
}

/** How many targets' processes agreed within the threshold inside one count (the second, or else the first, with more than one process). */
function processesAgreed(first: CountsDocument, second: CountsDocument): string {
  const [count, which] = second.rounds > 1 ? [second, 'second'] : [first, 'first'];
  if (count.rounds < 2) return '';
  const cells = summarizeCounts(count).filter((cell) => cell.spread !== undefined);
  const agreed = cells.filter((cell) => (cell.spread ?? 0) <= COUNT_THRESHOLD_PERCENT / 100).length;
  return `Within the ${which} count, the processes of ${agreed} of ${cells.length} targets agreed within ${COUNT_THRESHOLD_PERCENT.toFixed(1)} %. `;
}

/** The generated block on two counts on a quiet machine: how far a count repeats from one run to the next. */
export function renderCountsRepeat(firstFile: string, secondFile: string, link: string): string {
  if (!existsSync(firstFile) || !existsSync(secondFile))
    return `No second count of the hello targets is committed yet (${link}).`;
  const [first, second] = [readCounts(firstFile), readCounts(secondFile)];
  const between = countsBetween(first, second, COUNT_THRESHOLD_PERCENT / 100);
  const { rows, within } = between;
  return [
    `Instructions per request of every hello target (${processesEach(first, second)}), counted ${days(first, second)} with nothing else running ([${link.replace(/^.*\//, '')}](${link})): ` +
      `**${within} of ${rows.length}** targets repeated within ${COUNT_THRESHOLD_PERCENT.toFixed(1)} %, the largest change ${signedPercent(rows[0]?.change ?? 0)} (${rows[0]?.target ?? ''}). ` +
      processesAgreed(first, second) +
      `Of the second count's ${sum(rows, 'processes')} processes, ${sum(rows, 'unsettled')} did not level off and ${sum(rows, 'onBusyCore')} were counted on a busy core.`,
    '',
    betweenTable(between, 'first', 'second'),
  ].join('\n');
}
