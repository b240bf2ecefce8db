/**
 * Instructions per request beside CPU µs per request for the hello targets, from the committed
 * count (bench/instructions/hello.json) and the committed default run (bench/hello/result.json),
 * with the rank correlation of the two: how far a count ranks targets as their CPU cost does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { markdownTable } from 'markdown-table';
import { sampleRankCorrelation } from 'simple-statistics';
import { type CountsDocument, summarizeCounts } from '../instructions/count-result.js';
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
