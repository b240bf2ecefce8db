/**
 * `compare` of two saved `--cost instructions` runs: each target and scenario both counted,
 * the later median against the earlier one. Two runs pair no processes, so a change is called
 * only when it passes the threshold and every process of one run counted beyond every process
 * of the other.
 */
import { medianOf } from '../stats/describe.js';
import { type CountsDocument, countsWarnings, type CountVerdict, targetFailure } from './count-result.js';

export interface CountComparisonCell {
  target: string;
  scenario: string;
  /** Instructions per request of every process, earlier run then later run. */
  before: number[];
  after: number[];
  /** Median after over median before, minus 1. */
  change?: number;
  verdict: CountVerdict;
  why: string;
}

export interface CountComparison {
  before: string;
  after: string;
  thresholdShare: number;
  cells: CountComparisonCell[];
  /** What differs between the runs without stopping the comparison. */
  notes: string[];
  /** Each run's warnings (busy core, reopened connections), naming the run: such a count can be higher. */
  warnings: string[];
}

const pct = (share: number) => `${(share * 100).toFixed(2)} %`;

/** What makes two counts incomparable: a figure that depends on the runtime, V8's flags, how long the JIT warmed up, or which blocks it leaves out. */
export function countsMismatch(before: CountsDocument, after: CountsDocument): { blocking: string[]; notes: string[] } {
  const blocking: string[] = [];
  const differ = (what: string, a: string, b: string, list: string[]) => {
    if (a !== b) list.push(`${what}: ${a} against ${b}`);
  };
  differ(
    'runtime',
    `${before.runtime.id} ${before.runtime.version}`,
    `${after.runtime.id} ${after.runtime.version}`,
    blocking,
  );
  differ('V8 flags', before.v8Flags.join(' ') || 'none', after.v8Flags.join(' ') || 'none', blocking);
  differ('warm-up requests', String(before.plan.warmupRequests), String(after.plan.warmupRequests), blocking);
  differ(
    'blocks left out of the figure',
    before.plan.blocksLeftOut ?? 'none',
    after.plan.blocksLeftOut ?? 'none',
    blocking,
  );
  const notes: string[] = [];
  differ('Valgrind', before.valgrind.version, after.valgrind.version, notes);
  differ('CPU', before.machine.cpuModel, after.machine.cpuModel, notes);
  return { blocking, notes };
}

function judge(
  target: string,
  scenario: string,
  before: number[],
  after: number[],
  threshold: number,
): CountComparisonCell {
  const base = { target, scenario, before, after };
  const medianBefore = medianOf(before);
  const medianAfter = medianOf(after);
  if (medianBefore === undefined || medianAfter === undefined)
    return { ...base, verdict: 'unknown', why: 'not counted in both runs' };
  const change = medianAfter / medianBefore - 1;
  if (before.length < 2 || after.length < 2)
    return {
      ...base,
      change,
      verdict: 'unknown',
      why: 'one process in a run: at least 2 per run are needed for a verdict',
    };
  const apart = Math.min(...after) > Math.max(...before) || Math.max(...after) < Math.min(...before);
  if (Math.abs(change) > threshold && apart)
    return {
      ...base,
      change,
      verdict: change > 0 ? 'regression' : 'improvement',
      why: `${change > 0 ? `${pct(change)} more` : `${pct(-change)} fewer`}, beyond ${pct(threshold)}, every process of one run beyond every process of the other`,
    };
  return {
    ...base,
    change,
    verdict: 'same',
    why:
      Math.abs(change) > threshold
        ? `${pct(change)}, beyond ${pct(threshold)}, but the two runs' processes overlap`
        : `within ${pct(threshold)}`,
  };
}

export function compareCounts(
  before: CountsDocument,
  after: CountsDocument,
  labels: { before: string; after: string },
  thresholdShare: number,
  notes: string[] = [],
): CountComparison {
  const countsOf = (doc: CountsDocument, target: string, scenario: string) =>
    targetFailure(doc, target, scenario)
      ? []
      : doc.counts.filter((c) => c.target === target && c.scenario === scenario).map((c) => c.instructionsPerRequest);
  const cells: CountComparisonCell[] = [];
  for (const scenario of after.scenarios.filter((s) => before.scenarios.includes(s)))
    for (const target of after.targets.filter((t) => before.targets.includes(t)))
      cells.push(
        judge(target, scenario, countsOf(before, target, scenario), countsOf(after, target, scenario), thresholdShare),
      );
  const warnings = Object.entries({ before, after }).flatMap(([side, doc]) =>
    countsWarnings(doc).map((warning) => `${side}: ${warning}`),
  );
  return { ...labels, thresholdShare, cells, notes, warnings };
}
