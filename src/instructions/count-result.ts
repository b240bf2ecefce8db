/**
 * What `--cost instructions` writes (instructions.json) and the figures drawn from it: per
 * target and scenario the median over processes, their spread and the ratio to the baseline;
 * for `ab`, B's change against A round by round and the verdict.
 */
import { medianOf } from '../stats/describe.js';
import type { CountFailureCause, CountPlan, ProcessCount } from './count-process.js';
import { BUSY_CORE_SHARE } from './core-watch.js';

export const COUNTS_FILE = 'instructions.json';

/** A B counting more than this many percent of A's instructions, in every round, is a regression (ab --cost instructions). */
export const COUNT_THRESHOLD_PERCENT = 0.5;

export interface CountRecord extends ProcessCount {
  target: string;
  scenario: string;
  /** 1-based: every target is started once per round. */
  round: number;
}

export interface CountFailureRecord {
  target: string;
  scenario: string;
  round: number;
  reason: string;
  /** wrong-answer and target are the target's doing, tool is Valgrind's. */
  cause: CountFailureCause;
}

export interface CountsDocument {
  kind: 'instructions';
  gauntletVersion: string;
  startedAt: string;
  finishedAt?: string;
  /** Absent when the run ended before its last round (Ctrl-C): the counts so far. */
  complete: boolean;
  suite: string;
  scenarios: string[];
  targets: string[];
  baseline: string;
  runtime: { id: string; version: string };
  machine: { cpuModel: string; cores: number };
  valgrind: { version: string; tool: 'callgrind'; flags: string[] };
  /** V8 flags every target ran with: gauntlet's (the seeds) and the user's. */
  v8Flags: string[];
  rounds: number;
  plan: CountPlan;
  counts: CountRecord[];
  failures: CountFailureRecord[];
  /** Written by `ab --cost instructions`: which targets are A and B, and the threshold of its verdict. */
  ab?: { a: string; b: string; thresholdShare: number };
}

export interface CountSummary {
  target: string;
  scenario: string;
  /** Median over the processes of instructions per request. */
  instructionsPerRequest?: number;
  /** (max − min) / median over the processes. */
  spread?: number;
  /** The lowest and the highest process. */
  lowest?: number;
  highest?: number;
  processes: number;
  unsettled: number;
  /** Processes counted while others took more than BUSY_CORE_SHARE of the target's core. */
  onBusyCore: number;
  /** Processes whose blocks kept the cost of connections opened anew. */
  reopened: number;
  /** The most blocks a process's figure took, and the plan's count: more where blocks were uneven. */
  mostBlocks: number;
  plannedBlocks: number;
  ratioToBaseline?: number;
  failed?: string;
}

/** Whether others took more than BUSY_CORE_SHARE of the target's core while this process was counted. */
export function countedOnBusyCore(count: ProcessCount): boolean {
  return (count.core?.others ?? 0) > BUSY_CORE_SHARE;
}

/**
 * The busy-core warning of a counts document: how many processes were counted on a busy core
 * and the most others took, or undefined when none was.
 */
export function busyCoreWarning(doc: CountsDocument): string | undefined {
  const busy = doc.counts.filter(countedOnBusyCore);
  if (busy.length === 0) return undefined;
  const most = Math.max(...busy.map((c) => c.core?.others ?? 0));
  return (
    `busy-core: ${busy.length} of ${doc.counts.length} counts ran while others took over ${Math.round(BUSY_CORE_SHARE * 100)} % ` +
    `of the target's core (up to ${Math.round(most * 100)} %), which can move a count: count again when nothing else runs`
  );
}

/** Whether the blocks of this process kept the cost of connections opened anew. */
export function keptReopened(count: ProcessCount): boolean {
  return (count.reopened?.kept ?? 0) > 0;
}

/**
 * The reopened-connections warning of a counts document: how many processes kept blocks in which
 * connections were opened anew, or undefined when none did.
 */
export function reopenedWarning(doc: CountsDocument): string | undefined {
  const reopened = doc.counts.filter(keptReopened);
  if (reopened.length === 0) return undefined;
  return (
    `reopened-connections: ${reopened.length} of ${doc.counts.length} counts kept blocks that opened connections anew, ` +
    'in the figure: the target closes them, or dumps outlast its keep-alive'
  );
}

/** The warnings of a counts document, each starting with its code. */
export function countsWarnings(doc: CountsDocument): string[] {
  return [busyCoreWarning(doc), reopenedWarning(doc)].filter((w): w is string => w !== undefined);
}

/** The target's own failure in a cell, which leaves it without a figure; a failure of Valgrind's tools is not the target's. */
export function targetFailure(doc: CountsDocument, target: string, scenario: string): CountFailureRecord | undefined {
  return doc.failures.find((f) => f.target === target && f.scenario === scenario && f.cause !== 'tool');
}

export function summarizeCounts(doc: CountsDocument): CountSummary[] {
  const cells: CountSummary[] = [];
  for (const scenario of doc.scenarios) {
    const baseline = medianOf(
      doc.counts
        .filter((c) => c.target === doc.baseline && c.scenario === scenario)
        .map((c) => c.instructionsPerRequest),
    );
    for (const target of doc.targets) {
      const counts = doc.counts.filter((c) => c.target === target && c.scenario === scenario);
      const failure = targetFailure(doc, target, scenario);
      const values = counts.map((c) => c.instructionsPerRequest);
      const median = failure ? undefined : medianOf(values);
      cells.push({
        target,
        scenario,
        processes: counts.length,
        unsettled: counts.filter((c) => !c.settled).length,
        onBusyCore: counts.filter(countedOnBusyCore).length,
        reopened: counts.filter(keptReopened).length,
        mostBlocks: Math.max(0, ...counts.map((c) => c.counted ?? doc.plan.countedBlocks)),
        plannedBlocks: doc.plan.countedBlocks,
        ...(median !== undefined && {
          instructionsPerRequest: median,
          spread: (Math.max(...values) - Math.min(...values)) / median,
          lowest: Math.min(...values),
          highest: Math.max(...values),
          ...(baseline !== undefined && { ratioToBaseline: median / baseline }),
        }),
        ...(failure && { failed: failure.reason }),
      });
    }
  }
  return cells;
}

export type CountVerdict = 'regression' | 'improvement' | 'same' | 'unknown';

export interface CountChange {
  scenario: string;
  /** B over A in each round both were counted. */
  roundRatios: number[];
  /** Median of the round ratios, minus 1. */
  change?: number;
  verdict: CountVerdict;
  why: string;
}

/**
 * B against A, round by round: a change beyond the threshold that every round agrees on the
 * direction of. A round's two counts come from processes started one after the other, so the
 * pairing takes out nothing but the order; it keeps a run honest about how often it was asked.
 */
export function countChange(
  doc: CountsDocument,
  a: string,
  b: string,
  scenario: string,
  threshold: number,
): CountChange {
  const byRound = (target: string) =>
    new Map(
      doc.counts
        .filter((c) => c.target === target && c.scenario === scenario)
        .map((c) => [c.round, c.instructionsPerRequest]),
    );
  const countsA = byRound(a);
  const countsB = byRound(b);
  const roundRatios = [...countsA.keys()]
    .filter((round) => countsB.has(round))
    .sort((x, y) => x - y)
    .map((round) => countsB.get(round)! / countsA.get(round)!);
  const median = medianOf(roundRatios);
  if (median === undefined)
    return { scenario, roundRatios, verdict: 'unknown', why: 'A and B were never both counted' };
  const change = median - 1;
  const pct = (share: number) => `${(share * 100).toFixed(2)} %`;
  if (roundRatios.length < 2)
    return { scenario, roundRatios, change, verdict: 'unknown', why: 'one round: at least 2 are needed for a verdict' };
  if (change > threshold && roundRatios.every((r) => r > 1))
    return {
      scenario,
      roundRatios,
      change,
      verdict: 'regression',
      why: `B counts ${pct(change)} more, beyond ${pct(threshold)}, in every round`,
    };
  if (change < -threshold && roundRatios.every((r) => r < 1))
    return {
      scenario,
      roundRatios,
      change,
      verdict: 'improvement',
      why: `B counts ${pct(-change)} fewer, beyond ${pct(threshold)}, in every round`,
    };
  return {
    scenario,
    roundRatios,
    change,
    verdict: 'same',
    why:
      Math.abs(change) > threshold
        ? `${pct(change)}, beyond ${pct(threshold)}, but the rounds disagree on its direction`
        : `within ${pct(threshold)}`,
  };
}

/** An ab run's verdicts, scenario by scenario; none for a document `run` wrote. */
export function countAbChanges(doc: CountsDocument): CountChange[] {
  const { ab } = doc;
  return ab ? doc.scenarios.map((scenario) => countChange(doc, ab.a, ab.b, scenario, ab.thresholdShare)) : [];
}
