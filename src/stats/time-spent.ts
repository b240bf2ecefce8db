/**
 * Where a run's wall time went, read from its own record: the part before its first window
 * (verification, every start and its warm-up) and its rounds, split into the measured windows
 * as asked, the time the windows were lengthened for a slow target's latency, the first tries
 * measured again in a longer window, the unmeasured load before each window, the waits for
 * the targets to go idle, and the rest (each load's start and end, the checks after each
 * window, the journal). A noisy hour lengthens the warm-ups and the rounds alike; without this
 * the record could not say which part grew (docs/stability.md).
 */
import { sum } from 'simple-statistics';
import type { Result, Trial } from '../model/schema.js';
import { wallShare } from '../model/wall-share.js';

export interface TimeSpent {
  wallSec: number;
  /** From the run's start to its first trial: verification, every target start and its warm-up. */
  beforeRoundsSec: number;
  starts: number;
  /** Of it: until the targets answered, and the warm-up load with the waits between its blocks. */
  readySec: number;
  warmupSec: number;
  /** From the first trial to the end of the run. */
  roundsSec: number;
  /** Trials that measured a window (in turns one per pair: the two sides share it). */
  windows: number;
  /** The windows as asked, and what their kept windows lasted beyond that (lengthened for their load). */
  askedSec: number;
  lengthenedSec: number;
  /** First tries dropped for a window too short for their load, with their lead-in. */
  remeasuredSec: number;
  /** Unmeasured load right before each window (`--trial-warmup`). */
  leadInSec: number;
  /** Waiting for the targets to go idle before each window (proc/settle.ts). */
  settleSec: number;
  /** The rest of the rounds: each load's start and end, the checks after each window, the journal. */
  otherSec: number;
}

/** Trials whose window counts once: in turns the baseline's side shares its window with the target's. */
function windowTrials(result: Result, inTurns: boolean): Trial[] {
  return result.trials.filter((t) => t.measurement && !(inTurns && t.target === result.plan.baseline));
}

/** Undefined for a run without a trial or an end (in-process benchmarks: their time is their cases'). */
export function timeSpent(result: Result): TimeSpent | undefined {
  const startMs = Date.parse(result.startedAt);
  const trialStarts = result.trials.map((t) => Date.parse(t.startedAt)).filter(Number.isFinite);
  if (!result.finishedAt || trialStarts.length === 0 || !Number.isFinite(startMs)) return undefined;
  const endMs = Date.parse(result.finishedAt);
  const firstTrialMs = Math.min(...trialStarts);

  // In turns the wall window is the load's, twice each side's own seconds.
  const inTurns = result.plan.turns !== undefined;
  const share = wallShare(inTurns);
  const asked = result.plan.durationSec * share;
  const leadIn = (result.plan.trialWarmupSec ?? 0) * share;
  const measured = windowTrials(result, inTurns);
  const keptSec = sum(measured.map((t) => t.measurement?.durationSec ?? 0));
  const askedSec = asked * measured.length;
  const extended = measured.filter((t) => t.windowExtended);
  const remeasuredSec = sum(extended.map((t) => (t.windowExtended?.fromSec ?? 0) + leadIn));
  const leadInSec = leadIn * measured.length;
  const settleSec = sum(measured.map((t) => (t.settle?.waitedMs ?? 0) / 1000));
  const roundsSec = (endMs - firstTrialMs) / 1000;
  const starts = result.starts ?? [];
  return {
    wallSec: (endMs - startMs) / 1000,
    beforeRoundsSec: (firstTrialMs - startMs) / 1000,
    starts: starts.length,
    readySec: sum(starts.map((s) => s.readyMs / 1000)),
    warmupSec: sum(starts.map((s) => s.warmup.seconds + (s.warmup.waitedMs ?? 0) / 1000)),
    roundsSec,
    windows: measured.length,
    askedSec,
    lengthenedSec: Math.max(0, keptSec - askedSec),
    remeasuredSec,
    leadInSec,
    settleSec,
    otherSec: Math.max(0, roundsSec - keptSec - remeasuredSec - leadInSec - settleSec),
  };
}
