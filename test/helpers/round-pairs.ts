import type { RatioEstimate } from '../../src/model/schema.js';
import { type Better, bestRoundsRatioOverStarts } from '../../src/stats/best-rounds.js';
import type { StartRounds } from '../../src/stats/paired.js';

/** The best-rounds ratio of `[theirs, mine]` round pairs, one start a side: its interval is over rounds alone. */
export function bestRoundsRatio(
  roundPairs: Array<[number, number]>,
  better: Better,
  share?: number,
): RatioEstimate | undefined {
  const side = (pick: 0 | 1): StartRounds =>
    new Map([[1, new Map(roundPairs.map((pair, round) => [round, pair[pick]]))]]);
  return bestRoundsRatioOverStarts(side(0), side(1), better, { share });
}
