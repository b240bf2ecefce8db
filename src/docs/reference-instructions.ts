/**
 * Instructions per request beside CPU µs per request for the hello targets, from the committed
 * count (bench/instructions/hello.json) and the committed default run (bench/hello/result.json),
 * with the rank correlation of the two: how far a count ranks targets as their CPU cost does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { markdownTable } from 'markdown-table';
import { sampleRankCorrelation } from 'simple-statistics';
import { compareCounts } from '../instructions/count-compare.js';
import { COUNT_THRESHOLD_PERCENT, type CountsDocument, summarizeCounts } from '../instructions/count-result.js';
import { medianOf } from '../stats/describe.js';
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

/** Two counts of the hello targets, one after the other: how far each target's figure moved between them. */
export interface CountsRepeat {
  rows: Array<{ target: string; before: number; after: number; change: number; spread: number }>;
  within: number;
}

export function countsRepeat(earlier: CountsDocument, later: CountsDocument, thresholdShare: number): CountsRepeat {
  const cells = compareCounts(earlier, later, { before: '', after: '' }, thresholdShare).cells;
  const spreadOf = new Map(summarizeCounts(later).map((s) => [`${s.target}/${s.scenario}`, s.spread ?? 0]));
  const rows = cells.flatMap((cell) => {
    const before = medianOf(cell.before);
    const after = medianOf(cell.after);
    if (before === undefined || after === undefined || cell.change === undefined) return [];
    return [
      {
        target: cell.target,
        before,
        after,
        change: cell.change,
        spread: spreadOf.get(`${cell.target}/${cell.scenario}`) ?? 0,
      },
    ];
  });
  rows.sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
  return { rows, within: rows.filter((r) => Math.abs(r.change) <= thresholdShare).length };
}

/** The generated block on how far a count repeats, or a line saying the second count is not committed. */
export function renderCountsRepeat(earlierFile: string, laterFile: string, link: string): string {
  if (!existsSync(earlierFile) || !existsSync(laterFile))
    return `No repeated count of the hello targets is committed yet (${link}).`;
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CountsDocument;
  const [earlier, later] = [read(earlierFile), read(laterFile)];
  const threshold = COUNT_THRESHOLD_PERCENT / 100;
  const { rows, within } = countsRepeat(earlier, later, threshold);
  const pct = (share: number) => `${share < 0 ? '−' : share > 0 ? '+' : ''}${Math.abs(share * 100).toFixed(2)} %`;
  const table = markdownTable(
    [
      ['target', 'first count', 'second count', 'change', 'spread of the second'],
      ...rows.map((r) => [
        r.target,
        Math.round(r.before).toLocaleString('en-US'),
        Math.round(r.after).toLocaleString('en-US'),
        pct(r.change),
        `${(r.spread * 100).toFixed(2)} %`,
      ]),
    ],
    { align: ['l', 'r', 'r', 'r', 'r'] },
  );
  return [
    `Two counts of every hello target, one after the other on ${later.startedAt.slice(0, 10)} (${later.rounds} processes per target each, the median of a target's processes; [bench/instructions/hello-repeat.md](${link})): ` +
      `**${within} of ${rows.length}** targets repeated within ${COUNT_THRESHOLD_PERCENT.toFixed(1)} %. "spread" is (max − min) / median over the second count's processes.`,
    '',
    table,
  ].join('\n');
}
