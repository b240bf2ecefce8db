import type { RatioEstimate } from '../../src/model/schema.js';
import { type Better, bestRoundsMean, bestRoundsRatioOverStarts } from '../../src/stats/best-rounds.js';
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

/**
 * bestRoundsRatio's estimate alone, without its bootstrap interval: what a simulation of
 * thousands of series scores, in a fraction of the time (best-rounds.test.ts checks the two agree).
 */
export function bestRoundsEstimate(roundPairs: Array<[number, number]>, better: Better, share?: number): number {
  const counted = roundPairs.filter(([theirs]) => theirs > 0);
  const side = (pick: 0 | 1) =>
    bestRoundsMean(
      counted.map((pair) => pair[pick]),
      better,
      share,
    );
  return side(1) / side(0);
}
