/**
 * The result as two CSV tables (RFC 4180: comma-separated, CRLF line ends, fields quoted when
 * they hold a comma, a quote or a line break, quotes doubled): one row per trial and one row per
 * target x scenario summary. Numbers are plain (no thousands separators, "." for decimals) so a
 * spreadsheet reads them as numbers; a missing value is an empty field.
 */
import { LATENCY_PERCENTILES, type LatencyMs, type Result, type Spread } from '../model/schema.js';
import { benchToCsv } from './inproc-csv.js';
import { engineOfScenario } from '../model/scenario-engine.js';

type Cell = string | number | boolean | undefined;

export function csvField(value: Cell): string {
  if (value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvTable(header: readonly string[], rows: Cell[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Rounds to `digits` decimals without trailing zeros: 9698.058252 -> 9698.06. */
function round(value: number | undefined, digits: number): number | undefined {
  return value === undefined ? undefined : Number(value.toFixed(digits));
}

const LATENCY_KEYS = ['mean', ...LATENCY_PERCENTILES] as const;
const latencyHeader = (prefix: string) => LATENCY_KEYS.map((key) => `${prefix}_${key}_ms`);
const latencyCells = (latency: LatencyMs | undefined) => LATENCY_KEYS.map((key) => round(latency?.[key], 3));

function spreadHeader(name: string): string[] {
  return [
    `${name}_median`,
    `${name}_min`,
    `${name}_max`,
    `${name}_interval_low`,
    `${name}_interval_high`,
    `${name}_interval_confidence`,
  ];
}

function spreadCells(spread: Spread | undefined, digits: number): Cell[] {
  return [
    round(spread?.median, digits),
    round(spread?.min, digits),
    round(spread?.max, digits),
    round(spread?.interval.low, digits),
    round(spread?.interval.high, digits),
    round(spread?.interval.confidence, 4),
  ];
}

export const TRIAL_COLUMNS = [
  'index',
  'round',
  'target',
  'scenario',
  'status',
  'reason',
  'flags',
  'started_at',
  'engine',
  'runtime',
  'duration_s',
  'requests',
  'req_per_s',
  ...latencyHeader('latency'),
  'latency_per',
  'header_compression',
  'server_cpu_us_per_req',
  'server_cpu_cores',
  'server_max_cpu_percent',
  'server_peak_rss_bytes',
  'generator_cpu_cores',
  'generator_cpu_us_per_req',
  'bytes_per_s',
  'errors',
  'timeouts',
  'unexpected_statuses',
  'status_counts',
  'profile',
  'load_model',
  'latency_from',
  'scheduled',
  'dropped',
  'upstream_calls',
  'upstream_expected_calls',
  'upstream_count_ok',
  'upstream_cpu_us_per_req',
  'upstream_cpu_cores',
] as const;

/** stages.csv: one row per stage of each trial of a ramp or rate profile. */
export const STAGE_COLUMNS = [
  'trial_index',
  'round',
  'target',
  'scenario',
  'engine',
  'profile',
  'stage',
  'label',
  'duration_s',
  'requests',
  'errors',
  'req_per_s',
  'latency_mean_ms',
  'latency_p50_ms',
  'latency_p90_ms',
  'latency_p95_ms',
  'latency_p99_ms',
  'latency_max_ms',
  'scheduled',
  'dropped',
] as const;

export const SUMMARY_COLUMNS = [
  'target',
  'scenario',
  'status',
  'reason',
  'baseline',
  'trials',
  'valid_trials',
  ...spreadHeader('req_per_s'),
  ...latencyHeader('latency_median'),
  ...spreadHeader('cpu_us_per_req'),
  'max_cpu_percent',
  'peak_rss_bytes',
  'bytes_per_s',
  'generator_cpu_cores',
  'header_compression',
  'engine',
  'ratio_to_baseline',
  'flags',
  ...spreadHeader('upstream_cpu_us_per_req'),
  'ratio_to_baseline_low',
  'ratio_to_baseline_high',
  'cpu_ratio_to_baseline',
  'cpu_ratio_to_baseline_low',
  'cpu_ratio_to_baseline_high',
] as const;

export function resultToCsv(result: Result): { trials: string; summaries: string; stages: string } {
  if (result.bench) return { ...benchToCsv(result), stages: csvTable(STAGE_COLUMNS, []) };
  const trials = result.trials.map((t): Cell[] => {
    const m = t.measurement;
    return [
      t.index,
      t.round,
      t.target,
      t.scenario,
      t.status,
      t.reason,
      t.flags.join(';'),
      t.startedAt,
      t.engine ?? result.environment.engine.name,
      t.runtime ? `${t.runtime.name} ${t.runtime.version}` : `node ${result.environment.node.replace(/^v/, '')}`,
      round(m?.durationSec, 3),
      m?.requests,
      round(m?.requestsPerSec, 2),
      ...latencyCells(m?.latencyMs),
      m ? (m.latencyPer ?? 'request') : undefined,
      round(m?.headerCompression, 4),
      round(m?.server.cpuUsPerRequest, 3),
      round(m?.server.cpuCores, 3),
      round(m?.server.maxCpuPercent, 1),
      m?.server.peakRssBytes,
      round(m?.generator.cpuCores, 3),
      round(m?.generator.cpuUsPerRequest, 3),
      round(m?.bytesPerSec, 0),
      m?.errors,
      m?.timeouts,
      m?.unexpectedStatus,
      m
        ? Object.entries(m.statusCounts)
            .map(([code, count]) => `${code}:${count}`)
            .join(';')
        : undefined,
      m?.load?.profile ?? (m ? (result.plan.profile ?? 'fixed') : undefined),
      m ? (m.load?.model ?? 'closed') : undefined,
      m ? (m.load?.latencyFrom ?? 'send') : undefined,
      m?.scheduled,
      m?.dropped,
      m?.upstream?.calls,
      m?.upstream?.expectedCalls,
      m?.upstream?.ok,
      round(m?.upstream?.cpuUsPerRequest, 3),
      round(m?.upstream?.cpuCores, 3),
    ];
  });
  const stages = result.trials.flatMap((t) =>
    (t.measurement?.stages ?? []).map((stage): Cell[] => [
      t.index,
      t.round,
      t.target,
      t.scenario,
      t.engine ?? result.environment.engine.name,
      t.measurement?.load?.profile ?? result.plan.profile,
      stage.index,
      stage.label,
      round(stage.durationSec, 3),
      stage.requests,
      stage.errors,
      round(stage.requestsPerSec, 2),
      round(stage.latencyMs.mean, 3),
      round(stage.latencyMs.p50, 3),
      round(stage.latencyMs.p90, 3),
      round(stage.latencyMs.p95, 3),
      round(stage.latencyMs.p99, 3),
      round(stage.latencyMs.max, 3),
      stage.scheduled,
      stage.dropped,
    ]),
  );
  const summaries = result.summaries.map((s): Cell[] => [
    s.target,
    s.scenario,
    s.status,
    s.reason,
    s.target === result.plan.baseline,
    s.trials,
    s.validTrials,
    ...spreadCells(s.requestsPerSec, 2),
    ...latencyCells(s.latencyMs),
    ...spreadCells(s.cpuUsPerRequest, 3),
    round(s.maxCpuPercent, 1),
    s.peakRssBytes,
    round(s.bytesPerSec, 0),
    round(s.generatorCpuCores, 3),
    round(s.headerCompression, 4),
    engineOfScenario(result, s.scenario).name,
    round(s.ratioToBaseline, 4),
    s.flags.join(';'),
    ...spreadCells(s.upstreamCpuUsPerRequest, 3),
    round(s.baselineRatios?.requestsPerSec?.interval.low, 4),
    round(s.baselineRatios?.requestsPerSec?.interval.high, 4),
    round(s.baselineRatios?.cpuUsPerRequest?.estimate, 4),
    round(s.baselineRatios?.cpuUsPerRequest?.interval.low, 4),
    round(s.baselineRatios?.cpuUsPerRequest?.interval.high, 4),
  ]);
  return {
    trials: csvTable(TRIAL_COLUMNS, trials),
    summaries: csvTable(SUMMARY_COLUMNS, summaries),
    stages: csvTable(STAGE_COLUMNS, stages),
  };
}
