import type { RatioEstimate } from '../../src/model/schema.js';
import { type Better, bestHalfRatioOverStarts } from '../../src/stats/best-half.js';
import type { StartRounds } from '../../src/stats/paired.js';

/** The best-half ratio of `[theirs, mine]` round pairs, one start a side: its interval is over rounds alone. */
export function bestHalfRatio(roundPairs: Array<[number, number]>, better: Better): RatioEstimate | undefined {
  const side = (pick: 0 | 1): StartRounds =>
    new Map([[1, new Map(roundPairs.map((pair, round) => [round, pair[pick]]))]]);
  return bestHalfRatioOverStarts(side(0), side(1), better);
}
