/** Warnings about in-process benchmarks, in plain words (and one line each for the terminal), for the result and every report. */
import type { BenchSummary } from '../model/inproc-schema.js';
import type { Warning } from '../model/schema.js';
import { relativeRange } from './describe.js';
import { REPEATS_FOR_95 } from './median-interval.js';
import type { WarningCode } from './warning-codes.js';

/** Above this (max - min) / median of ops/s over the rounds, a row's figure is flagged. */
export const BENCH_SPREAD_LIMIT = 0.1;

/** The longest part of a reason a terminal line quotes. */
const REASON_MAX = 70;

const firstLine = (text: string | undefined, max = REASON_MAX) => {
  const line = (text ?? '').split('\n')[0];
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
};

export function benchWarnings(summaries: BenchSummary[], repeats: number): Warning[] {
  const warnings: Warning[] = [];
  const add = (kind: WarningCode, message: string, short: string, where: Pick<Warning, 'target' | 'scenario'> = {}) =>
    warnings.push({ kind, message, short, ...where });
  for (const s of summaries) {
    const where = { target: s.target, scenario: s.scenario };
    const cell = `${s.target} ${s.scenario} "${firstLine(s.title, 40)}"`;
    if (s.wrongAnswer) {
      add(
        'wrong-answer',
        `${s.target} ${s.scenario} "${s.title}": ${s.reason}; not ranked`,
        `${cell}: ${firstLine(s.reason)}; not ranked`,
        where,
      );
    } else if (s.status === 'failed') {
      add(
        'case-failed',
        `${s.target} ${s.scenario} "${s.title}" failed: ${s.reason}`,
        `${cell} failed: ${firstLine(s.reason)}`,
        where,
      );
    }
    if (s.opsPerSec && relativeRange(s.opsPerSec) > BENCH_SPREAD_LIMIT) {
      const pct = Math.round(relativeRange(s.opsPerSec) * 100);
      add(
        'spread',
        `${s.target} ${s.scenario} "${s.title}": ops/s spread ${pct} % between repeats (above ${BENCH_SPREAD_LIMIT * 100} %); more or longer repeats narrow it`,
        `${cell}: ops/s spread ${pct} % between repeats (--repeats, --duration)`,
        where,
      );
    }
  }
  if (repeats < REPEATS_FOR_95 && summaries.some((s) => s.status === 'measured')) {
    const text = `${repeats} repeats: intervals are [min, max] with less than 95 % confidence (${REPEATS_FOR_95} or more give 95 %)`;
    add('few-repeats', text, `${text.slice(0, -1)}: --repeats ${REPEATS_FOR_95})`);
  }
  return warnings;
}
