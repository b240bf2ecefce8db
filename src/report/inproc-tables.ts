/**
 * The tables of an in-process bench result, as the reference report prints them (one block per
 * "Suite:"): per target and table, each case with ops/s and its interval, mean time per op, the
 * % against the reference row (paired by round) and CPU per op; encoded sizes and a service's
 * CPU per op where the cases state them. Every renderer (terminal, Markdown, HTML, CSV) reads these.
 */
import type { BenchSummary } from '../model/inproc-schema.js';
import type { Result, Spread } from '../model/schema.js';
import { formatConfidence, formatInt, formatSpread } from './format.js';

export interface BenchTableView {
  target: string;
  /** What the target ran on: "Moleculer 0.15 (moleculer 0.15.2) on node 24.21.0". */
  targetLine: string;
  part: string;
  table: string;
  title: string;
  columns: string[];
  rows: string[][];
  /** Ranked rows in order, for charts: ops/s median and interval. */
  chart: Array<{ label: string; opsPerSec: Spread; reference: boolean }>;
  notMeasured: Array<{ title: string; status: string; reason: string }>;
}

/** 803 ns, 1.2 µs, 5.3 ms: a time per op in its unit. */
export function formatNs(ns: number | undefined): string {
  if (ns === undefined) return '–';
  if (ns < 1000) return `${ns.toFixed(0)} ns`;
  if (ns < 1e6) return `${(ns / 1000).toFixed(ns < 1e4 ? 2 : 1)} µs`;
  return `${(ns / 1e6).toFixed(2)} ms`;
}

/** "+3.2 % [−1.0 … +5.1]" against the reference; the reference row itself is "(ref)". */
export function formatVsReference(summary: BenchSummary): string {
  if (summary.reference) return '0 % (ref)';
  const spread = summary.vsReference;
  if (!spread) return '–';
  const pct = (ratio: number) => {
    const value = (ratio - 1) * 100;
    return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)} %`;
  };
  const { low, high } = spread.interval;
  return low === high ? pct(spread.median) : `${pct(spread.median)} [${pct(low)} … ${pct(high)}]`;
}

export function isBenchResult(result: Result): boolean {
  return result.plan.kind === 'bench' && result.bench !== undefined;
}

export function benchTables(result: Result): BenchTableView[] {
  const plan = result.plan.bench;
  const bench = result.bench;
  if (!plan || !bench) return [];
  const views: BenchTableView[] = [];
  for (const target of plan.targets) {
    const packages = Object.entries(target.packages)
      .filter(([name]) => name === 'moleculer' || Object.keys(target.packages).length <= 2)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ');
    const runtime = result.targets.find((t) => t.name === target.name)?.runtime;
    const targetLine = `${target.title}${packages ? ` (${packages})` : ''} on ${runtime ? `${runtime.name} ${runtime.version}` : target.runtime}`;
    for (const part of plan.parts) {
      for (const table of part.tables) {
        const summaries = bench.summaries.filter((s) => s.target === target.name && s.scenario === table.name);
        if (summaries.length === 0) continue;
        const measured = summaries.filter((s) => s.status === 'measured');
        const hasEncoded = measured.some((s) => s.facts?.encodedBytes !== undefined);
        const services = [...new Set(measured.flatMap((s) => Object.keys(s.services ?? {})))];
        const columns = [
          'Case',
          'ops/s',
          'Mean time/op',
          'vs reference',
          'CPU/op',
          ...services.map((name) => `${name} CPU/op`),
          ...(hasEncoded ? ['Encoded bytes'] : []),
        ];
        const rows = measured.map((s) => [
          `${s.title}${s.reference ? ' (#)' : ''}`,
          formatSpread(s.opsPerSec),
          formatNs(s.meanNsPerOp?.median),
          formatVsReference(s),
          formatNs(s.cpuNsPerOp?.median),
          ...services.map((name) => formatNs(s.services?.[name]?.median)),
          ...(hasEncoded ? [formatInt(s.facts?.encodedBytes)] : []),
        ]);
        views.push({
          target: target.name,
          targetLine,
          part: part.name,
          table: table.name,
          title: table.title,
          columns,
          rows,
          chart: measured.map((s) => ({ label: s.title, opsPerSec: s.opsPerSec!, reference: s.reference })),
          notMeasured: summaries
            .filter((s) => s.status !== 'measured')
            .map((s) => ({
              title: s.title,
              status: s.wrongAnswer ? 'wrong answer' : s.status,
              reason: s.reason ?? '',
            })),
        });
      }
    }
  }
  return views;
}

export function benchMethodLine(result: Result): string {
  const { plan, environment } = result;
  const isolate =
    plan.bench?.isolate === 'case'
      ? 'a fresh child process per case'
      : 'a fresh child process per table and round, cases in a shuffled order';
  return (
    `${plan.repeats} interleaved round(s); ${environment.engine.name} ${environment.engine.version}, ${plan.warmupSec} s warm-up and ${plan.durationSec} s per case and round, one call in flight; ` +
    `${isolate}; ${environment.pinning.note}` +
    (environment.idlePolling ? `; ${environment.idlePolling.note}` : '')
  );
}

export function benchIntervalLine(result: Result): string {
  const levels = (result.bench?.summaries ?? [])
    .map((s) => s.opsPerSec?.interval.confidence)
    .filter((c): c is number => c !== undefined);
  if (levels.length === 0) return 'no figures';
  const lowest = Math.min(...levels);
  return (
    'ops/s are medians over the repeats with a distribution-free interval of the median ' +
    `(${formatConfidence(lowest)} confidence${lowest < 0.95 ? '; 95 % needs 6 or more repeats: --repeats 6' : ''}); ` +
    '"vs reference" is, per round, the case\'s ops/s over the reference row\'s (#) in the same child process, median [interval]; ' +
    "CPU/op is the child's CPU time (from /proc) over the window divided by the operations in it"
  );
}

export function benchCountLine(result: Result): string {
  const trials = result.bench?.trials ?? [];
  const ok = trials.filter((t) => t.status === 'ok').length;
  return `${ok} measured case window(s), ${trials.length - ok} failed`;
}
