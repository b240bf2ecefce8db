/**
 * k6's end-of-test summary read into gauntlet's figures. Two shapes are read: the file
 * `k6 run --summary-export=FILE` writes (metrics flattened: `{ "http_reqs": { "count", "rate" } }`)
 * and the `data` object handleSummary() receives (`{ "metrics": { "http_reqs": { "type", "values" } }, "state" }`).
 *
 * How k6's metrics map to a gauntlet measurement:
 *   requests      http_reqs count minus http_reqs{status:0} (k6 gives status 0 to a request that got no answer)
 *   errors        http_reqs{status:0} (connection errors, resets and timeouts)
 *   timeouts      http_reqs{error_code:1050}
 *   statusCounts  http_reqs{status:N} for the statuses the script counts; the rest as "other"
 *   bytes         data_received (bytes read from the sockets: whole answers as on the wire)
 *   latencyMs     http_req_duration (sending + waiting + receiving; connecting and blocked excluded) for
 *                 the fixed and ramp profiles; iteration_duration for the rate profile, whose iterations
 *                 start on their scheduled tick, so it is the latency from the scheduled time
 *   durationSec   the window: the engine's markers (k6's clock), else http_reqs count / rate, else state.testRunDurationMs
 *   dropped       dropped_iterations: iterations the arrival-rate executor could not start on schedule (no free VU)
 *   stages        http_reqs{stage:i}, http_reqs{stage:i,status:0} and the latency trend {stage:i}
 */
import { scheduledRequests, stageBounds, type LoadProfile } from '../profile.js';
import { K6_TIMEOUT_CODE, latencyMetricOf } from './script.js';

export interface StageLatencyMs {
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}

export interface StageFigures {
  index: number;
  requests: number;
  errors: number;
  /** The stage's own length (its share of the window). */
  durationSec: number;
  requestsPerSec: number;
  latencyMs: StageLatencyMs;
  /** Rate profile: requests the schedule asked for in this stage, and those not sent (scheduled − sent, at most k6's dropped_iterations). */
  scheduled?: number;
  dropped?: number;
}

type Values = Record<string, number>;

/** Every metric's values, whichever summary shape it came in. */
export function summaryMetrics(summary: unknown): Map<string, Values> {
  const metrics = (summary as { metrics?: Record<string, unknown> } | undefined)?.metrics;
  if (!metrics || typeof metrics !== 'object') throw new Error('not a k6 summary: it has no "metrics" object');
  const out = new Map<string, Values>();
  for (const [name, raw] of Object.entries(metrics)) {
    const holder = raw as { values?: unknown };
    const values = (holder.values && typeof holder.values === 'object' ? holder.values : raw) as Record<
      string,
      unknown
    >;
    const numbers: Values = {};
    for (const [key, value] of Object.entries(values)) if (typeof value === 'number') numbers[key] = value;
    out.set(normaliseName(name), numbers);
  }
  return out;
}

/** `http_reqs{status:0,stage:1}` and `http_reqs{stage:1,status:0}` name one sub-metric. */
function normaliseName(name: string): string {
  const open = name.indexOf('{');
  if (open === -1 || !name.endsWith('}')) return name;
  const tags = name
    .slice(open + 1, -1)
    .split(',')
    .map((tag) => tag.trim())
    .sort();
  return `${name.slice(0, open)}{${tags.join(',')}}`;
}

export function metric(metrics: Map<string, Values>, name: string): Values | undefined {
  return metrics.get(normaliseName(name));
}

const countOf = (metrics: Map<string, Values>, name: string) => metric(metrics, name)?.count ?? 0;

function latencyOf(values: Values | undefined): StageLatencyMs & { p75: number; p99_9: number } {
  const v = values ?? {};
  return {
    mean: v.avg ?? 0,
    p50: v['p(50)'] ?? v.med ?? 0,
    p75: v['p(75)'] ?? 0,
    p90: v['p(90)'] ?? 0,
    p95: v['p(95)'] ?? 0,
    p99: v['p(99)'] ?? 0,
    p99_9: v['p(99.9)'] ?? 0,
    max: v.max ?? 0,
  };
}

/** Responses per status, from the `http_reqs{status:N}` sub-metrics; what they leave out of the total is "other". */
export function statusCountsOf(metrics: Map<string, Values>): { statusCounts: Record<string, number>; errors: number } {
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let counted = 0;
  for (const [name, values] of metrics) {
    const match = /^http_reqs\{status:(\d+)\}$/.exec(name);
    if (!match || !values.count) continue;
    counted += values.count;
    if (match[1] === '0') errors += values.count;
    else statusCounts[match[1]] = values.count;
  }
  const other = countOf(metrics, 'http_reqs') - counted;
  if (other > 0 && counted > 0) statusCounts.other = other;
  // A summary without status sub-metrics (a script gauntlet did not write): every request counted as answered, status unknown.
  if (counted === 0 && countOf(metrics, 'http_reqs') > 0) statusCounts.unknown = countOf(metrics, 'http_reqs');
  return { statusCounts, errors };
}

export interface K6Figures {
  requests: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  bytes: number;
  /** Undefined when the summary holds no way to know it. */
  durationSec?: number;
  latencyMs: StageLatencyMs & { p75: number; p99_9: number };
  latencySamples: number;
  latencyFrom: 'send' | 'schedule';
  dropped: number;
  stages?: StageFigures[];
  /** Rate profile: requests the schedule asked for over every stage. */
  scheduled?: number;
}

/**
 * The figures of each stage of a ramp or rate profile, from its counts (`count` of a metric
 * name) and latency trends (`latency` of one): one summary's, or several hosts' together.
 * `dropped`: the iterations k6 counted as dropped over the whole load.
 */
export function stageFigures(
  profile: Exclude<LoadProfile, { kind: 'fixed' }>,
  count: (name: string) => number,
  latency: (name: string) => StageLatencyMs,
  dropped: number,
): StageFigures[] {
  const latencyMetric = latencyMetricOf(profile);
  const bounds = stageBounds(profile.stages);
  return profile.stages.map((stage, index) => {
    const sent = count(`http_reqs{stage:${index}}`);
    const stageErrors = count(`http_reqs{stage:${index},status:0}`);
    const durationSec = bounds[index].endSec - bounds[index].startSec;
    const scheduled = profile.kind === 'rate' ? Math.round(scheduledRequests(stage)) : undefined;
    return {
      index,
      requests: sent - stageErrors,
      errors: stageErrors,
      durationSec,
      requestsPerSec: durationSec > 0 ? (sent - stageErrors) / durationSec : 0,
      latencyMs: latency(`${latencyMetric}{stage:${index}}`),
      // Requests are tagged with the stage of their start: one tick at a boundary can fall on either side, so a
      // stage's shortfall counts as dropped only as far as k6 counted drops at all.
      ...(scheduled !== undefined && { scheduled, dropped: Math.min(dropped, Math.max(0, scheduled - sent)) }),
    };
  });
}

/** The window from the summary itself: `state.testRunDurationMs` (handleSummary), else count / rate. */
export function summaryDurationSec(summary: unknown, metrics: Map<string, Values>): number | undefined {
  const stateMs = (summary as { state?: { testRunDurationMs?: unknown } }).state?.testRunDurationMs;
  if (typeof stateMs === 'number' && stateMs > 0) return stateMs / 1000;
  const reqs = metric(metrics, 'http_reqs');
  if (reqs?.count && reqs.rate) return reqs.count / reqs.rate;
  return undefined;
}

/** gauntlet's figures from a k6 summary of a load with this profile (fixed when unknown). */
export function k6Figures(summary: unknown, profile: LoadProfile): K6Figures {
  const metrics = summaryMetrics(summary);
  const total = countOf(metrics, 'http_reqs');
  const { statusCounts, errors } = statusCountsOf(metrics);
  const fromSchedule = profile.kind === 'rate';
  const latencyMetric = latencyMetricOf(profile);
  const trend = metric(metrics, latencyMetric);
  const figures: K6Figures = {
    requests: total - errors,
    errors,
    timeouts: countOf(metrics, `http_reqs{error_code:${K6_TIMEOUT_CODE}}`),
    statusCounts,
    bytes: countOf(metrics, 'data_received'),
    durationSec: summaryDurationSec(summary, metrics),
    latencyMs: latencyOf(trend),
    latencySamples: trend?.count ?? total,
    latencyFrom: fromSchedule ? 'schedule' : 'send',
    dropped: countOf(metrics, 'dropped_iterations'),
  };
  if (profile.kind === 'rate')
    figures.scheduled = Math.round(profile.stages.reduce((sum, stage) => sum + scheduledRequests(stage), 0));
  if (profile.kind !== 'fixed')
    figures.stages = stageFigures(
      profile,
      (name) => countOf(metrics, name),
      (name) => latencyOf(metric(metrics, name)),
      figures.dropped,
    );
  return figures;
}
