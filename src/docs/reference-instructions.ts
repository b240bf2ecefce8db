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

/** The count of the hello targets on a quiet machine against one taken while the machine was busy: how far each target moved. */
export interface CountsUnderLoad {
  rows: Array<{ target: string; quiet: number; busy: number; change: number; unsettled: number; processes: number }>;
  within: number;
}

export function countsUnderLoad(quiet: CountsDocument, busy: CountsDocument, thresholdShare: number): CountsUnderLoad {
  const quietMedians = new Map(
    summarizeCounts(quiet).map((s) => [`${s.target}/${s.scenario}`, s.instructionsPerRequest]),
  );
  // every target and scenario counted in both (a target's own failure leaves it without a median)
  const rows = summarizeCounts(busy).flatMap((cell) => {
    const before = quietMedians.get(`${cell.target}/${cell.scenario}`);
    const after = cell.instructionsPerRequest;
    if (before === undefined || after === undefined) return [];
    return [
      {
        target: cell.target,
        quiet: before,
        busy: after,
        change: after / before - 1,
        unsettled: cell.unsettled,
        processes: cell.processes,
      },
    ];
  });
  rows.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
  return { rows, within: rows.filter((r) => Math.abs(r.change) <= thresholdShare).length };
}

/** The generated block on counts taken on a busy machine, or a line saying that count is not committed. */
export function renderCountsUnderLoad(quietFile: string, busyFile: string, link: string): string {
  if (!existsSync(quietFile) || !existsSync(busyFile))
    return `No count of the hello targets on a busy machine is committed yet (${link}).`;
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CountsDocument;
  const [quiet, busy] = [read(quietFile), read(busyFile)];
  const { rows, within } = countsUnderLoad(quiet, busy, COUNT_THRESHOLD_PERCENT / 100);
  const pct = (share: number) => `${share < 0 ? '−' : share > 0 ? '+' : ''}${Math.abs(share * 100).toFixed(2)} %`;
  const unsettled = rows.reduce((sum, r) => sum + r.unsettled, 0);
  const processes = rows.reduce((sum, r) => sum + r.processes, 0);
  const table = markdownTable(
    [
      ['target', 'quiet', 'busy', 'change', 'busy processes not levelled off'],
      ...rows.map((r) => [
        r.target,
        Math.round(r.quiet).toLocaleString('en-US'),
        Math.round(r.busy).toLocaleString('en-US'),
        pct(r.change),
        `${r.unsettled} of ${r.processes}`,
      ]),
    ],
    { align: ['l', 'r', 'r', 'r', 'r'] },
  );
  return [
    `Instructions per request of every hello target (the median of ${busy.rounds} processes), counted on a quiet machine and again while it was busy ([${link.replace(/^.*\//, '')}](${link})): ` +
      `**${within} of ${rows.length}** targets within ${COUNT_THRESHOLD_PERCENT.toFixed(1)} %, the largest change ${pct(rows[0]?.change ?? 0)} (${rows[0]?.target ?? ''}); ` +
      `${unsettled} of the busy count's ${processes} processes did not level off.`,
    '',
    table,
  ].join('\n');
}
