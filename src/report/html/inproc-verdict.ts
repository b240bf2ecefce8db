/**
 * The answer of an in-process bench result in words: per table, its fastest case, its ops/s and
 * how it stands against the table's reference row (measured in the same child, round by round).
 */
import type { BenchSummary } from '../../model/inproc-schema.js';
import type { Result } from '../../model/schema.js';
import { formatInt } from '../format.js';
import { type BenchTableView, formatVsReference } from '../inproc-tables.js';

function summaryOf(result: Result, view: BenchTableView, title: string): BenchSummary | undefined {
  return result.bench?.summaries.find(
    (s) => s.target === view.target && s.part === view.part && s.scenario === view.table && s.title === title,
  );
}

export function benchTableVerdict(result: Result, view: BenchTableView): string {
  const where = `${view.title} on ${view.target}`;
  const missing = view.notMeasured.length ? `, ${view.notMeasured.length} not measured` : '';
  if (view.chart.length === 0) return `Nothing was measured in ${where}${missing}.`;
  const [first, second] = [...view.chart].sort((a, b) => b.opsPerSec.median - a.opsPerSec.median);
  const reference = view.chart.find((c) => c.reference);
  const fastest = `${first.label} is the fastest case of ${where} at ${formatInt(first.opsPerSec.median)} ops/s`;
  const counted = `${view.chart.length} case${view.chart.length === 1 ? '' : 's'} measured${missing}`;
  if (first.reference) {
    const next = second && summaryOf(result, view, second.label);
    const behind = next ? `; the next, ${second.label}, is ${formatVsReference(next)} against it` : '';
    return `${fastest}, and it is the reference row${behind}; ${counted}.`;
  }
  const own = summaryOf(result, view, first.label);
  const against = reference && own ? `, ${formatVsReference(own)} against the reference row ${reference.label}` : '';
  return `${fastest}${against}; ${counted}.`;
}
