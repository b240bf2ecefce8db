/** Warnings about in-process benchmarks, in plain words, for the result and every report. */
import type { BenchSummary } from '../model/inproc-schema.js';
import type { Warning } from '../model/schema.js';
import { relativeRange } from './describe.js';
import { REPEATS_FOR_95 } from './median-interval.js';

/** Above this (max - min) / median of ops/s over the rounds, a row's figure is flagged. */
export const BENCH_SPREAD_LIMIT = 0.1;

export function benchWarnings(summaries: BenchSummary[], repeats: number): Warning[] {
  const warnings: Warning[] = [];
  for (const s of summaries) {
    const where = { target: s.target, scenario: s.scenario };
    if (s.wrongAnswer) {
      warnings.push({
        kind: 'wrong-answer',
        message: `${s.target} ${s.scenario} "${s.title}": ${s.reason}; not ranked`,
        ...where,
      });
    } else if (s.status === 'failed') {
      warnings.push({
        kind: 'case-failed',
        message: `${s.target} ${s.scenario} "${s.title}" failed: ${s.reason}`,
        ...where,
      });
    }
    if (s.opsPerSec && relativeRange(s.opsPerSec) > BENCH_SPREAD_LIMIT) {
      const pct = Math.round(relativeRange(s.opsPerSec) * 100);
      warnings.push({
        kind: 'spread',
        message: `${s.target} ${s.scenario} "${s.title}": ops/s spread ${pct} % between repeats (above ${BENCH_SPREAD_LIMIT * 100} %); more or longer repeats narrow it`,
        ...where,
      });
    }
  }
  if (repeats < REPEATS_FOR_95 && summaries.some((s) => s.status === 'measured')) {
    warnings.push({
      kind: 'few-repeats',
      message: `${repeats} repeats: intervals are [min, max] with less than 95 % confidence (${REPEATS_FOR_95} or more give 95 %)`,
    });
  }
  return warnings;
}
