/** Picking a few requests out of a scenario's load cycle, for checks that cannot send them all. */
import type { RequestSpec } from './types.js';

/** Requests sampled per scenario: enough for the mean of a cycle of 1,000 ids of two shapes within a byte. */
export const SIZE_SAMPLE = 16;

/** Up to `count` requests spread evenly over the load's cycle (every one of a short cycle). */
export function sampleRequests(load: RequestSpec[], count = SIZE_SAMPLE): RequestSpec[] {
  if (load.length <= count) return load;
  return Array.from({ length: count }, (_, k) => load[Math.floor(((k + 0.5) * load.length) / count)]);
}
