/** The CPU seconds a broker's process group used so far (summed over its members), read from /proc. */
import { groupMembers, usageOf } from '../../proc/proc-stat.js';

export function groupCpuSecondsOf(pgid: number): number {
  return usageOf(groupMembers(pgid)).cpuSeconds;
}
