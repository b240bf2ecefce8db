/**
 * A saved run as a flat list of figures, one per benchmark and measure, with its interval where
 * the run has one: what the export formats (formats.ts) are written from.
 * A benchmark is named `suite/scenario/target` (a target on one of several runtimes carries the
 * runtime in its name, `fastify@node@22`); only measured cells are exported.
 */
import type { CountsDocument } from '../instructions/count-result.js';
import { summarizeCounts } from '../instructions/count-result.js';
import type { Result } from '../model/schema.js';

export interface ExportMetric {
  benchmark: string;
  /** A Bencher measure slug: throughput and latency are Bencher's own; the others are created on first upload. */
  measure: string;
  unit: string;
  better: 'higher' | 'lower';
  value: number;
  /** The interval the run gives the figure (absent where it gives none). */
  low?: number;
  high?: number;
}

type Spread = { median: number; interval: { low: number; high: number } };

/** One measure of a cell, scaled (ms → ns), with the spread's interval. */
function fromSpread(
  benchmark: string,
  measure: string,
  unit: string,
  better: ExportMetric['better'],
  spread: Spread | undefined,
  scale = 1,
): ExportMetric[] {
  if (!spread) return [];
  return [
    {
      benchmark,
      measure,
      unit,
      better,
      value: spread.median * scale,
      low: spread.interval.low * scale,
      high: spread.interval.high * scale,
    },
  ];
}

const MS_TO_NS = 1e6;
const US_TO_NS = 1e3;

/** The figures of a timed run: HTTP cells, or the in-process cases of a bench suite. */
export function metricsOfRun(result: Result): ExportMetric[] {
  const suite = result.plan.suite;
  const http = result.summaries
    .filter((s) => s.status === 'measured')
    .flatMap((s) => {
      const name = `${suite}/${s.scenario}/${s.target}`;
      const vsBaseline = s.baselineRatios?.requestsPerSec;
      return [
        ...fromSpread(name, 'throughput', 'req/s', 'higher', s.requestsPerSec),
        ...(vsBaseline && s.target !== result.plan.baseline
          ? [
              {
                benchmark: name,
                measure: 'throughput-vs-baseline',
                unit: `× ${result.plan.baseline}`,
                better: 'higher' as const,
                value: vsBaseline.estimate,
                low: vsBaseline.interval.low,
                high: vsBaseline.interval.high,
              },
            ]
          : []),
        ...(s.latencyMs
          ? [
              {
                benchmark: name,
                measure: 'latency-p50',
                unit: 'ns',
                better: 'lower' as const,
                value: s.latencyMs.p50 * MS_TO_NS,
              },
            ]
          : []),
        ...fromSpread(name, 'latency-p99', 'ns', 'lower', s.latencyP99Ms, MS_TO_NS),
        ...fromSpread(name, 'cpu-per-request', 'ns', 'lower', s.cpuUsPerRequest, US_TO_NS),
        ...fromSpread(name, 'peak-rss', 'bytes', 'lower', s.peakRss),
      ];
    });
  const bench = (result.bench?.summaries ?? [])
    .filter((s) => s.status === 'measured')
    .flatMap((s) => {
      const name = `${suite}/${s.scenario}/${s.case}/${s.target}`;
      return [
        ...fromSpread(name, 'throughput', 'ops/s', 'higher', s.opsPerSec),
        ...fromSpread(name, 'latency', 'ns', 'lower', s.meanNsPerOp),
        ...fromSpread(name, 'cpu-per-op', 'ns', 'lower', s.cpuNsPerOp),
      ];
    });
  return [...http, ...bench];
}

/** The figures of a `--cost instructions` run: the median over a target's processes, between their lowest and highest. */
export function metricsOfCounts(doc: CountsDocument): ExportMetric[] {
  return summarizeCounts(doc).flatMap((cell) => {
    if (cell.instructionsPerRequest === undefined) return [];
    return [
      {
        benchmark: `${doc.suite}/${cell.scenario}/${cell.target}`,
        measure: 'instructions-per-request',
        unit: 'instructions',
        better: 'lower' as const,
        value: cell.instructionsPerRequest,
        low: cell.lowest,
        high: cell.highest,
      },
    ];
  });
}
