/**
 * A trial measured again in a longer window while its window was too short for its load,
 * bounded by the maximum and by a number of extensions. An extended window carries a 25 %
 * margin only; on a machine that slows between the two tries it can still fall short (0.60 s
 * against 5 × a p50 of 124 ms), so it is extended once more rather than the trial being lost.
 */
import type { Trial } from '../model/schema.js';
import { maxWindowSec, windowShortfall, windowStepSec } from './window.js';

/** Once normally, twice when the machine slowed between the tries. */
export const MAX_EXTENSIONS = 2;

type Measured = Pick<Trial, 'measurement' | 'windowExtended'>;

export interface WindowPlan {
  /** The window to try first (a cell's later rounds start from its extended window). */
  firstSec: number;
  /** The window the user asked for: it sets the step and the maximum. */
  askedSec: number;
  signal: AbortSignal;
}

export async function measureInLongEnoughWindow<T extends Measured>(
  plan: WindowPlan,
  measure: (durationSec: number) => Promise<T>,
): Promise<T> {
  const longest = maxWindowSec(plan.askedSec);
  let windowSec = plan.firstSec;
  let trial = await measure(windowSec);
  for (let extension = 0; extension < MAX_EXTENSIONS && !plan.signal.aborted; extension++) {
    const shortfall = trial.measurement && windowShortfall(trial.measurement, windowStepSec(plan.askedSec));
    if (!shortfall || windowSec >= longest) break;
    windowSec = Math.min(longest, shortfall.neededSec);
    trial = {
      ...(await measure(windowSec)),
      windowExtended: { fromSec: plan.firstSec, toSec: windowSec, reason: shortfall.reason },
    };
  }
  return trial;
}
