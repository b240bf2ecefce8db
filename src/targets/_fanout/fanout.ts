/** The fanout handler every plain app shares: five parallel upstream calls, answered in part order. */
import { FANOUT_CALLS, type FanoutAnswer, type UpstreamAnswer, upstreamPath } from '../../suites/fanout/contract.js';

/** One GET to the upstream (a path on it), resolving to its parsed JSON; rejects on a status other than 200. */
export type UpstreamGet = (path: string) => Promise<unknown>;

export async function fanout(id: string, get: UpstreamGet): Promise<FanoutAnswer> {
  const parts = await Promise.all(
    Array.from({ length: FANOUT_CALLS }, (_, part) => get(upstreamPath(id, part)) as Promise<UpstreamAnswer>),
  );
  return { id, parts };
}
