/**
 * The last run of each series (target, scenario, kind of cost) against the runs before it on the
 * same machine. A timed figure moved when the median of the earlier ratios lies outside the last
 * run's interval; an instruction count when it moved beyond the counts' threshold (0.5 %) from
 * the earlier median. Runs on other machines are never used, and the verdict says how many there
 * were.
 */
import { COUNT_THRESHOLD_PERCENT } from '../instructions/count-result.js';
import { medianOf } from '../stats/describe.js';
import type { HistoryKind, HistoryPoint } from './collect.js';

/** Earlier runs a last run is judged against, by default. */
export const HISTORY_WINDOW = 5;

export type HistoryVerdictKind = 'better' | 'worse' | 'in line' | 'unknown';

export interface HistoryVerdict {
  target: string;
  scenario: string;
  kind: HistoryKind;
  machine: string;
  last: HistoryPoint;
  /** The earlier runs on the same machine it was judged against, oldest first. */
  against: HistoryPoint[];
  /** Runs of this series on other machines, left out. */
  otherMachines: number;
  verdict: HistoryVerdictKind;
  why: string;
}

const seriesKey = (p: HistoryPoint) => `${p.kind}\u0000${p.target}\u0000${p.scenario}`;

function judgeTimed(last: HistoryPoint, against: HistoryPoint[]): Pick<HistoryVerdict, 'verdict' | 'why'> {
  const earlier = medianOf(against.flatMap((p) => (p.ratio ? [p.ratio.estimate] : [])));
  if (!last.ratio || earlier === undefined) return { verdict: 'unknown', why: 'no ratio to the baseline to compare' };
  const at = `× ${last.ratio.estimate.toFixed(2)} [${last.ratio.low.toFixed(2)}–${last.ratio.high.toFixed(2)}]`;
  if (earlier > last.ratio.high)
    return { verdict: 'worse', why: `${at}: slower than the earlier median × ${earlier.toFixed(2)}` };
  if (earlier < last.ratio.low)
    return { verdict: 'better', why: `${at}: faster than the earlier median × ${earlier.toFixed(2)}` };
  return { verdict: 'in line', why: `${at} holds the earlier median × ${earlier.toFixed(2)}` };
}

function judgeCounted(last: HistoryPoint, against: HistoryPoint[]): Pick<HistoryVerdict, 'verdict' | 'why'> {
  const earlier = medianOf(against.flatMap((p) => (p.instructions ? [p.instructions.value] : [])));
  if (!last.instructions || earlier === undefined) return { verdict: 'unknown', why: 'no count to compare' };
  const change = last.instructions.value / earlier - 1;
  const text = `${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(2)} % instructions against the earlier median`;
  if (Math.abs(change) * 100 <= COUNT_THRESHOLD_PERCENT)
    return { verdict: 'in line', why: `${text}, within ${COUNT_THRESHOLD_PERCENT} %` };
  return { verdict: change > 0 ? 'worse' : 'better', why: `${text}, beyond ${COUNT_THRESHOLD_PERCENT} %` };
}

/** One verdict per series: its last run against up to `window` earlier runs on the same machine. */
export function judgeHistory(points: HistoryPoint[], window = HISTORY_WINDOW): HistoryVerdict[] {
  const series = new Map<string, HistoryPoint[]>();
  for (const point of points) series.set(seriesKey(point), [...(series.get(seriesKey(point)) ?? []), point]);
  const verdicts: HistoryVerdict[] = [];
  for (const runs of series.values()) {
    // the baseline's own series has no ratio to follow
    if (!runs.some((p) => p.ratio || p.instructions)) continue;
    const sorted = [...runs].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    const last = sorted[sorted.length - 1];
    const sameMachine = sorted.slice(0, -1).filter((p) => p.machine === last.machine);
    const against = sameMachine.slice(-window);
    const base = {
      target: last.target,
      scenario: last.scenario,
      kind: last.kind,
      machine: last.machine,
      last,
      against,
      otherMachines: sorted.length - 1 - sameMachine.length,
    };
    if (against.length < 2) {
      verdicts.push({
        ...base,
        verdict: 'unknown',
        why: `${against.length} earlier run(s) on this machine: at least 2 are needed`,
      });
      continue;
    }
    verdicts.push({ ...base, ...(last.kind === 'timed' ? judgeTimed(last, against) : judgeCounted(last, against)) });
  }
  return verdicts.sort((a, b) => a.target.localeCompare(b.target) || a.scenario.localeCompare(b.scenario));
}
