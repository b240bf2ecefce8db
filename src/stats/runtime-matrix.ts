/**
 * The runtime matrix of a run on several runtimes (--runtime node@20,node@24,bun): per target
 * and scenario, each runtime's median req/s and CPU µs per request; the runtime against the
 * first one named (the reference) on the same target; and the target against the baseline on
 * the same runtime (the "framework impact on Node 20 vs Node 24" of the NestJS HTTP Module
 * Performance Comparison, https://www.npmjs.com/package/nestjs-undici). Both sides of a
 * ratio are measured in the same rounds of one run, so it is judged round by round as `ab`
 * judges A and B: the per-round ratio's Hodges-Lehmann estimate, its signed-rank interval and
 * p-value (two samples only when no round holds both).
 */
import { planRuns } from '../model/plan-cells.js';
import type { Measurement, Result, RuntimeMatrix, RuntimeRecord, Trial } from '../model/schema.js';
import { runtimeLabel } from '../runtimes/known-runtimes.js';
import { compareRoundsOrSamples, type Direction } from './compare.js';
import { trialRoundPairs } from './paired.js';
import { medianOf } from './describe.js';

type MatrixInput = Pick<Result, 'plan' | 'targets' | 'trials'>;
type Ratios = NonNullable<RuntimeMatrix['cells'][number]['runtimes'][number]['vsReference']>;

const FIGURES: Array<{ key: keyof Ratios; of: (m: Measurement) => number; direction: Direction }> = [
  { key: 'requestsPerSec', of: (m) => m.requestsPerSec, direction: 'higher-is-better' },
  { key: 'cpuUsPerRequest', of: (m) => m.server.cpuUsPerRequest, direction: 'lower-is-better' },
];

/** The target's name on one runtime: `fastify@bun` → fastify, `fastify@bun+redis` → fastify+redis. */
export function baseTargetName(variant: string, runtimeId: string): string {
  return variant.replace(`@${runtimeLabel(runtimeId)}`, '');
}

/** The runtimes of the run's targets, in the order they were asked for (targets list each runtime in turn). */
export function runRuntimes(targets: Result['targets']): RuntimeRecord[] {
  const seen = new Map<string, RuntimeRecord>();
  for (const target of targets)
    if (target.runtime && !seen.has(target.runtime.id)) seen.set(target.runtime.id, target.runtime);
  return [...seen.values()];
}

/** `after` over `before`, figure by figure, where both have clean trials. */
export function ratiosBetween(before: Trial[], after: Trial[]): Ratios | undefined {
  const a = before.filter((t) => t.status === 'ok' && t.measurement).map((t) => t.measurement!);
  const b = after.filter((t) => t.status === 'ok' && t.measurement).map((t) => t.measurement!);
  if (a.length === 0 || b.length === 0) return undefined;
  const ratios: Ratios = {};
  for (const figure of FIGURES) {
    const pairs = trialRoundPairs(before, after, figure.of);
    const c = compareRoundsOrSamples(pairs, a.map(figure.of), b.map(figure.of), figure.direction);
    if (c.medianA === 0) continue;
    ratios[figure.key] = { ratio: 1 + c.change, low: 1 + c.interval[0], high: 1 + c.interval[1], pValue: c.pValue };
  }
  return ratios;
}

export function runtimeMatrix(result: MatrixInput): RuntimeMatrix | undefined {
  const runtimes = runRuntimes(result.targets);
  if (runtimes.length < 2) return undefined;
  const reference = runtimes[0];
  // Each variant's base name and runtime; targets without a runtime (older results) have no place here.
  const variants = result.targets
    .filter((t) => t.runtime)
    .map((t) => ({ name: t.name, runtime: t.runtime!.id, base: baseTargetName(t.name, t.runtime!.id) }));
  const variantOf = (base: string, runtime: string) =>
    variants.find((v) => v.base === base && v.runtime === runtime)?.name;
  const baselineRuntime = variants.find((v) => v.name === result.plan.baseline)?.runtime ?? reference.id;
  const baseline = baseTargetName(result.plan.baseline, baselineRuntime);
  const trialsOf = (name: string | undefined, scenario: string) =>
    name ? result.trials.filter((t) => t.target === name && t.scenario === scenario) : [];
  const bases = [...new Set(variants.map((v) => v.base))];

  const cells = bases.flatMap((target) =>
    result.plan.scenarios.map((scenario) => ({
      target,
      scenario,
      runtimes: runtimes.flatMap((runtime) => {
        const variant = variantOf(target, runtime.id);
        if (!variant || !planRuns(result.plan, variant, scenario)) return [];
        const trials = trialsOf(variant, scenario);
        const clean = trials.filter((t) => t.status === 'ok' && t.measurement).map((t) => t.measurement!);
        const vsReference =
          runtime.id === reference.id
            ? undefined
            : ratiosBetween(trialsOf(variantOf(target, reference.id), scenario), trials);
        const vsBaseline =
          target === baseline ? undefined : ratiosBetween(trialsOf(variantOf(baseline, runtime.id), scenario), trials);
        return [
          {
            runtime: runtime.id,
            variant,
            ...(clean.length > 0 && {
              requestsPerSec: medianOf(clean.map((m) => m.requestsPerSec)),
              cpuUsPerRequest: medianOf(clean.map((m) => m.server.cpuUsPerRequest)),
            }),
            ...(vsReference && { vsReference }),
            ...(vsBaseline && { vsBaseline }),
          },
        ];
      }),
    })),
  );
  return { runtimes, baseline, cells: cells.filter((cell) => cell.runtimes.length > 0) };
}
