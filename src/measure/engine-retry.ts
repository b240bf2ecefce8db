/**
 * A failing engine is not a failing target. When a trial ends without figures, the cause is
 * the target only if its process died; a load generator that crashed, was killed or threw
 * (EngineFailure) failed on its own, and the trial is run once more. Its failures stay in the
 * trial (engineFailures, with the engine's stderr), and a second one fails the trial with the
 * flag engine-failed, never as the target's failure. Anything else (a deadline, an answer
 * the engine could not read) stays a failed trial as before.
 */
import { EngineFailure } from '../engines/engine-failure.js';
import type { Trial } from '../model/schema.js';

export type FailureCause = 'target-died' | 'engine-failed' | 'other';

/** Why a trial's load failed: the target died (checked first: a dying target can take the engine with it), the engine failed, or neither. */
export function failureCause(error: unknown, targetDied: boolean): FailureCause {
  if (targetDied) return 'target-died';
  if (error instanceof EngineFailure) return 'engine-failed';
  return 'other';
}

type Attempt = Pick<Trial, 'status' | 'flags' | 'reason' | 'engineFailures'>;

/** Runs `measure`, and once more when its engine failed; the trial kept carries every engine failure. */
export async function retryEngineFailure<T extends Attempt>(
  measure: () => Promise<T>,
  signal: AbortSignal,
): Promise<T> {
  const first = await measure();
  if (!first.flags.includes('engine-failed') || signal.aborted) return first;
  const second = await measure();
  const engineFailures = [...(first.engineFailures ?? []), ...(second.engineFailures ?? [])];
  if (!second.flags.includes('engine-failed')) return { ...second, engineFailures };
  return { ...second, engineFailures, reason: `${second.reason} (it failed on the first try too)` };
}
