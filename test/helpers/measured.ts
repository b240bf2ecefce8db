/**
 * Whether a trial was measured with nothing against the target. A busy machine raises a target's
 * latency until its window is too short for its load (window-too-short): that verdict is the
 * hour's, and a test about something else must not fail on it. Every other flag still fails.
 */
import assert from 'node:assert/strict';
import type { Measurement, Trial, TrialFlag } from '../../src/model/schema.js';

type MeasuredTrial = Trial & { measurement: Measurement };

const THE_HOURS_FLAGS: ReadonlySet<TrialFlag> = new Set(['window-too-short', 'generator-bound']);

export function isMeasured(trial: Trial | undefined): trial is MeasuredTrial {
  return (
    trial !== undefined &&
    trial.status !== 'failed' &&
    trial.measurement !== undefined &&
    trial.flags.every((flag) => THE_HOURS_FLAGS.has(flag))
  );
}

export function assertMeasured(
  trial: Trial | undefined,
  label = trial?.target ?? 'no trial',
): asserts trial is MeasuredTrial {
  assert.ok(
    isMeasured(trial),
    `${label}: ${trial ? `${trial.status}, ${trial.reason ?? trial.flags.join(', ')}` : 'no trial'}`,
  );
}
