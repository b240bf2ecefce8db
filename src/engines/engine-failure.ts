/**
 * The load generator itself failed: its process died (a signal, a crash, an exit without its
 * result) or it threw. That is the engine's failure, not the target's: the trial is run once
 * more (measure/engine-retry.ts), and what the engine printed is kept in the result, so a
 * target is never marked failed for a generator that crashed.
 */
import { OutputTail } from '../proc/output-tail.js';
import type { GroupProcess } from '../proc/process-group.js';

/** Lines of an engine's stderr kept for the result. */
const STDERR_LINES = 20;

export class EngineFailure extends Error {
  constructor(
    message: string,
    readonly engine: string,
    /** How the engine's process ended (absent: it threw without dying). */
    readonly exit: { code: number | null; signal: string | null } | undefined,
    /** The last lines the engine wrote to stderr (or its output where it has no stderr of its own). */
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** Keeps the last lines of a process's stderr, apart from its stdout (which the output tail mixes in). */
export function stderrTail(proc: GroupProcess): () => string {
  const tail = new OutputTail(STDERR_LINES);
  proc.child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  return () => tail.text();
}

/** True when an engine process ended as a crash: a signal, or an exit code other than 0. */
export function diedBadly(how: { code: number | null; signal: string | null }): boolean {
  return how.signal !== null || (how.code !== null && how.code !== 0);
}
