/** A small seeded PRNG (mulberry32): the same seed gives the same trial order and bootstrap. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A bootstrap distribution, sorted: `resamples` values of `statistic`, each computed on fresh
 * draws with replacement (`draw`, as often as the statistic needs, from one seeded stream);
 * a statistic that returns undefined for a draw is left out.
 */
export function bootstrap(
  statistic: (draw: <T>(values: readonly T[]) => T[]) => number | undefined,
  seed: number,
  resamples = 2000,
): number[] {
  const random = seededRandom(seed);
  const draw = <T>(values: readonly T[]) => values.map(() => values[Math.floor(random() * values.length)]);
  const values: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const value = statistic(draw);
    if (value !== undefined) values.push(value);
  }
  return values.sort((x, y) => x - y);
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
