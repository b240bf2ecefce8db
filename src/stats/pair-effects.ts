/**
 * The suite's chosen pairs of targets (fanout: the framework, client and combined effects of the
 * NestJS HTTP Module Performance Comparison, https://www.npmjs.com/package/nestjs-undici), on
 * each runtime of the run: per round, `after`'s figure over `before`'s measured in the same
 * round and scenario, seconds apart, so the machine's drift cancels in each ratio (as the
 * baseline ratios of summarize.ts); then the median of the ratios with its distribution-free
 * interval.
 */
import type { Measurement, Result } from '../model/schema.js';
import { findSuite } from '../suites/registry.js';
import type { TargetPair } from '../suites/types.js';
import { spreadOf } from './describe.js';
import { baseTargetName, runRuntimes } from './runtime-matrix.js';
import { pairedRatios } from './paired.js';
import { validByRound } from './summarize.js';

type PairInput = Pick<Result, 'plan' | 'targets' | 'trials'>;
type PairEffect = NonNullable<NonNullable<Result['acrossScenarios']>['pairs']>[number];

const FIGURES = {
  requestsPerSec: (m: Measurement) => m.requestsPerSec,
  latencyMean: (m: Measurement) => m.latencyMs.mean,
  latencyP95: (m: Measurement) => m.latencyMs.p95 ?? 0,
  cpuUsPerRequest: (m: Measurement) => m.server.cpuUsPerRequest,
} as const;

/** Each runtime of the run with the name its variant of a target has (one runtime: the plain name). */
function runtimeNames(result: PairInput): Array<{ runtime: string; nameOf(base: string): string | undefined }> {
  const runtimes = runRuntimes(result.targets);
  const names = new Set(result.targets.map((t) => t.name));
  if (runtimes.length < 2)
    return [{ runtime: result.plan.runtime, nameOf: (base) => (names.has(base) ? base : undefined) }];
  return runtimes.map((runtime) => ({
    runtime: runtime.id,
    nameOf: (base) =>
      result.targets.find((t) => t.runtime?.id === runtime.id && baseTargetName(t.name, runtime.id) === base)?.name,
  }));
}

export function pairEffects(
  result: PairInput,
  pairs: TargetPair[] = findSuite(result.plan.suite)?.pairs ?? [],
): PairEffect[] {
  const effects: PairEffect[] = [];
  for (const pair of pairs) {
    for (const { runtime, nameOf } of runtimeNames(result)) {
      const before = nameOf(pair.before);
      const after = nameOf(pair.after);
      if (!before || !after) continue;
      for (const scenario of result.plan.scenarios) {
        const mine = validByRound(result.trials, after, scenario);
        const theirs = validByRound(result.trials, before, scenario);
        const effect: PairEffect = { ...pair, runtime, scenario, rounds: 0 };
        for (const [key, figure] of Object.entries(FIGURES) as Array<
          [keyof typeof FIGURES, (m: Measurement) => number]
        >) {
          const ratios = pairedRatios(mine, theirs, figure);
          effect.rounds = Math.max(effect.rounds, ratios.length);
          if (ratios.length > 0) effect[key] = spreadOf(ratios);
        }
        if (effect.rounds > 0) effects.push(effect);
      }
    }
  }
  return effects;
}
