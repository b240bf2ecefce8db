/**
 * The IPC conversation between gauntlet and a bench child. Per case: the parent sends `run`;
 * the child sets the case up, checks its answer, warms up, then sends `window-start` and waits
 * for `go` (so the parent reads /proc at the window's edges), measures, sends `window-end`
 * and, after the check of the last answer, `done` (or `failed` with the reason).
 */
import type { ServiceName } from '../suites/types.js';

export interface RunCaseMessage {
  type: 'run';
  /** Absolute path of the compiled case module. */
  module: string;
  factory: string;
  target: string;
  packageRoot: string;
  services: Partial<Record<ServiceName, string>>;
  options: Record<string, unknown>;
  warmupMs: number;
  timeMs: number;
}

export interface GoMessage {
  type: 'go';
}

export interface StopMessage {
  type: 'exit';
}

export type ParentMessage = RunCaseMessage | GoMessage | StopMessage;

/** What one measured window gave: operations, the time they took, and the spread of the batch samples. */
export interface CaseSamples {
  /** Operations timed. */
  ops: number;
  /** Sum of the timed batches, ms (the time the operations themselves took). */
  timeMs: number;
  /** Wall time of the window as the child saw it, ms (batches plus the library's own bookkeeping). */
  wallMs: number;
  opsPerSec: number;
  meanNsPerOp: number;
  /** Calls per timed batch (sub-microsecond calls are timed in batches so the timer's cost stays out). */
  batch: number;
  /** Batch samples (each a mean time per op): how many, and their percentiles in ns. */
  samples: number;
  p50Ns: number;
  p99Ns: number;
  /** Relative margin of error of the mean, %, as the library computes it. */
  rme: number;
}

export type ChildMessage =
  /** `groups`: the case's own process groups beside the child's (CaseInstance.processGroups). */
  | { type: 'window-start'; groups?: number[] }
  | { type: 'window-end' }
  | { type: 'done'; samples: CaseSamples; facts?: Record<string, number> }
  | {
      type: 'failed';
      phase: 'setup' | 'check-before' | 'measure' | 'check-after';
      wrongAnswer: boolean;
      reason: string;
    };
