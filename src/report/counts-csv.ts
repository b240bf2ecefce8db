/**
 * A `--cost instructions` run as two CSV tables, in csv.ts's dialect: one row per process count
 * (counts.csv) and one per target and scenario (summary.csv).
 */
import { type CountsDocument, summarizeCounts } from '../instructions/count-result.js';
import { csvTable } from './csv.js';

const COUNT_COLUMNS = [
  'target',
  'scenario',
  'round',
  'instructions_per_request',
  'levelled_off',
  'blocks',
  'counted_blocks',
  'start_s',
  'warmup_s',
  'count_s',
  'core_others_share',
  'core_steal_share',
  'blocks_redone',
  'blocks_reopened',
] as const;

const SUMMARY_COLUMNS = [
  'target',
  'scenario',
  'instructions_per_request_median',
  'spread',
  'processes',
  'not_levelled_off',
  'on_busy_core',
  'reopened_connections',
  'ratio_to_baseline',
  'failed',
] as const;

const rounded = (value: number | undefined, digits: number) =>
  value === undefined ? undefined : Number(value.toFixed(digits));

export function countsToCsv(doc: CountsDocument): { counts: string; summary: string } {
  const counts = doc.counts.map((c) => [
    c.target,
    c.scenario,
    c.round,
    rounded(c.instructionsPerRequest, 1),
    c.settled,
    c.blocks.length,
    c.counted ?? doc.plan.countedBlocks,
    rounded(c.seconds?.start, 2),
    rounded(c.seconds?.warmup, 2),
    rounded(c.seconds?.count, 2),
    rounded(c.core?.others, 4),
    rounded(c.core?.steal, 4),
    c.reopened?.redone ?? 0,
    c.reopened?.kept ?? 0,
  ]);
  const summary = summarizeCounts(doc).map((s) => [
    s.target,
    s.scenario,
    rounded(s.instructionsPerRequest, 1),
    rounded(s.spread, 6),
    s.processes,
    s.unsettled,
    s.onBusyCore,
    s.reopened,
    rounded(s.ratioToBaseline, 6),
    s.failed,
  ]);
  return { counts: csvTable(COUNT_COLUMNS, counts), summary: csvTable(SUMMARY_COLUMNS, summary) };
}
