/** Where a run's wall time went (stats/time-spent.ts), in one line every report prints. */
import type { Result } from '../model/schema.js';
import { type TimeSpent, timeSpent } from '../stats/time-spent.js';

const sec = (value: number) => `${Math.round(value)} s`;

/** The parts of a run's rounds; a part under half a second is left out, the asked windows and the rest never. */
function roundParts(spent: TimeSpent): string[] {
  return [
    `${sec(spent.askedSec)} in windows as asked`,
    ...(spent.lengthenedSec >= 0.5 ? [`${sec(spent.lengthenedSec)} more in windows lengthened for their load`] : []),
    ...(spent.remeasuredSec >= 0.5 ? [`${sec(spent.remeasuredSec)} in first tries measured again`] : []),
    ...(spent.leadInSec >= 0.5 ? [`${sec(spent.leadInSec)} of unmeasured load before the windows`] : []),
    ...(spent.settleSec >= 0.5 ? [`${sec(spent.settleSec)} waiting for targets to go idle`] : []),
    `${sec(spent.otherSec)} starting loads and checking answers`,
  ];
}

/** Undefined where the run has no end or no trial. */
export function timeLine(result: Result): string | undefined {
  const spent = timeSpent(result);
  if (!spent) return undefined;
  const starts =
    spent.starts > 0
      ? ` (${spent.starts} start${spent.starts === 1 ? '' : 's'}: ${sec(spent.readySec)} until they answered, ${sec(spent.warmupSec)} warming up)`
      : '';
  return (
    `${sec(spent.wallSec)}: ${sec(spent.beforeRoundsSec)} before the first window${starts}, ` +
    `then ${sec(spent.roundsSec)} of rounds over ${spent.windows} window${spent.windows === 1 ? '' : 's'}: ${roundParts(spent).join(', ')}`
  );
}
