/**
 * One measurement from the summaries of a load split over several k6 hosts: counts added up,
 * latencies from the hosts' distributions mixed (quantiles.ts), never averaged, and each host's
 * share kept beside the whole. Each host timed its own window on its own clock; they started
 * together (the agents' barrier), so the load's window is the longest of them.
 */
import type { EngineMeasurement, LatencyMs, LoadHostShare, StageMeasurement } from '../engine.js';
import type { LoadProfile } from '../profile.js';
import { type HostDistribution, hostDistribution, mergedMean, mergedQuantile } from './quantiles.js';
import { latencyMetricOf } from './script.js';
import { k6Figures, metric, stageFigures, summaryMetrics } from './summary.js';

export interface K6HostRun {
  host: string;
  summary: unknown;
  /** Its measured window on its own clock, s. */
  windowSec: number;
  generatorCpuSeconds: number;
}

type Metrics = ReturnType<typeof summaryMetrics>;

function distributionOf(metrics: Metrics, name: string): HostDistribution {
  const values = metric(metrics, name) ?? {};
  return hostDistribution(values, values.count ?? 0);
}

function mergedLatency(hosts: HostDistribution[]): LatencyMs {
  const at = (q: number) => mergedQuantile(hosts, q);
  return {
    mean: mergedMean(hosts),
    p50: at(0.5),
    p75: at(0.75),
    p90: at(0.9),
    p95: at(0.95),
    p99: at(0.99),
    p99_9: at(0.999),
    max: Math.max(0, ...hosts.map((host) => host.max)),
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function mergeK6Runs(runs: K6HostRun[], profile: LoadProfile): EngineMeasurement {
  const figures = runs.map((run) => k6Figures(run.summary, profile));
  // each summary read once: the whole window's trend and every stage's come from it
  const metrics = runs.map((run) => summaryMetrics(run.summary));
  const distributions = metrics.map((m) => distributionOf(m, latencyMetricOf(profile)));
  const requests = sum(figures.map((f) => f.requests));
  const errors = sum(figures.map((f) => f.errors));
  if (requests + errors === 0) throw new Error('k6 sent no request in the measured window on any load host');
  const statusCounts: Record<string, number> = {};
  for (const f of figures)
    for (const [status, count] of Object.entries(f.statusCounts))
      statusCounts[status] = (statusCounts[status] ?? 0) + count;
  const durationSec = Math.max(...runs.map((run) => run.windowSec));
  const dropped = sum(figures.map((f) => f.dropped));
  // the schedule is the whole load's, which every host's figures give alike
  const scheduled = figures[0].scheduled;
  const shares: LoadHostShare[] = runs.map((run, i) => ({
    host: run.host,
    requests: figures[i].requests,
    errors: figures[i].errors,
    durationSec: run.windowSec,
    requestsPerSec: run.windowSec > 0 ? figures[i].requests / run.windowSec : 0,
    latencyMs: { p50: figures[i].latencyMs.p50, p99: figures[i].latencyMs.p99, max: figures[i].latencyMs.max },
    generatorCpuCores: run.windowSec > 0 ? run.generatorCpuSeconds / run.windowSec : 0,
  }));
  return {
    requests,
    errors,
    timeouts: sum(figures.map((f) => f.timeouts)),
    statusCounts,
    bytes: sum(figures.map((f) => f.bytes)),
    durationSec,
    latencyMs: mergedLatency(distributions),
    latencySamples: sum(distributions.map((d) => d.count)),
    ...(profile.kind === 'rate' && { latencyFrom: 'schedule' as const, dropped, scheduled }),
    ...(profile.kind !== 'fixed' && { stages: mergedStages(metrics, profile, dropped) }),
    generator: {
      cpuSeconds: sum(runs.map((run) => run.generatorCpuSeconds)),
      busiestCores: Math.max(0, ...shares.map((share) => share.generatorCpuCores)),
    },
    loadHosts: shares,
  };
}

function mergedStages(
  metrics: Metrics[],
  profile: Exclude<LoadProfile, { kind: 'fixed' }>,
  dropped: number,
): StageMeasurement[] {
  return stageFigures(
    profile,
    (name) => sum(metrics.map((m) => metric(m, name)?.count ?? 0)),
    (name) => {
      const { mean, p50, p90, p95, p99, max } = mergedLatency(metrics.map((m) => distributionOf(m, name)));
      return { mean, p50, p90, p95: p95 ?? 0, p99, max };
    },
    dropped,
  );
}
