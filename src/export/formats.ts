/**
 * The figures of a run in the formats continuous-benchmarking tools read:
 * - `bmf`: the Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format),
 *   `{ benchmark: { measure: { value, lower_value, upper_value } } }`;
 * - `github-action-benchmark`: that action's `customBiggerIsBetter` and `customSmallerIsBetter`
 *   inputs (https://github.com/benchmark-action/github-action-benchmark), two arrays of
 *   `{ name, unit, value, range, extra }`, one file per direction.
 */
import type { ExportMetric } from './metrics.js';

export const EXPORT_FORMATS = ['bmf', 'github-action-benchmark'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface BmfMetric {
  value: number;
  lower_value?: number;
  upper_value?: number;
}
export type Bmf = Record<string, Record<string, BmfMetric>>;

export function toBmf(metrics: ExportMetric[]): Bmf {
  const bmf: Bmf = {};
  for (const m of metrics) {
    bmf[m.benchmark] ??= {};
    bmf[m.benchmark][m.measure] = {
      value: m.value,
      ...(m.low !== undefined && { lower_value: m.low }),
      ...(m.high !== undefined && { upper_value: m.high }),
    };
  }
  return bmf;
}

export interface GithubBenchmarkEntry {
  name: string;
  unit: string;
  value: number;
  /** "± d": the farther end of the interval from the value. */
  range?: string;
  extra?: string;
}

/** Figures to at most 4 significant digits in the range and the note, so a tooltip stays readable. */
const short = (n: number) => Number(n.toPrecision(4));

export function toGithubBenchmark(metrics: ExportMetric[]): {
  bigger: GithubBenchmarkEntry[];
  smaller: GithubBenchmarkEntry[];
} {
  const entry = (m: ExportMetric): GithubBenchmarkEntry => ({
    name: `${m.benchmark} - ${m.measure}`,
    unit: m.unit,
    value: m.value,
    ...(m.low !== undefined &&
      m.high !== undefined && {
        range: `± ${short(Math.max(m.value - m.low, m.high - m.value))}`,
        extra: `interval ${short(m.low)} to ${short(m.high)}`,
      }),
  });
  return {
    bigger: metrics.filter((m) => m.better === 'higher').map(entry),
    smaller: metrics.filter((m) => m.better === 'lower').map(entry),
  };
}
