/**
 * One target per runtime, like the store variants: on a single runtime a target keeps its
 * name (`fastify`); with several, each runtime gets its own variant (`fastify@node24`,
 * `fastify@bun`) carrying its Runtime, so one interleaved run measures them all. A pair the
 * target cannot run is listed as unavailable with the reason, never started.
 */
import { UserError, unknownValue } from '../core/errors.js';
import { runtimeAvailability } from './availability.js';
import type { Target } from './registry.js';
import { KNOWN_RUNTIMES, runtimeLabel } from '../runtimes/known-runtimes.js';
import { describeRuntime, type Runtime } from '../runtimes/runtime.js';

export interface RuntimeSelection {
  runnable: Target[];
  unavailable: Array<{ target: string; reason: string }>;
}

export function runtimeVariantName(
  target: string,
  runtime: Pick<Runtime, 'id'>,
  runtimes: Array<Pick<Runtime, 'id'>>,
): string {
  return runtimes.length > 1 ? `${target}@${runtimeLabel(runtime.id)}` : target;
}

/** `fastify@bun` → fastify on bun; a name without a runtime suffix → the name alone. */
export function splitRuntimeSuffix(name: string): { target: string; runtimeId?: string } {
  for (const known of KNOWN_RUNTIMES) {
    const suffix = `@${runtimeLabel(known.id)}`;
    if (name.endsWith(suffix) && name.length > suffix.length)
      return { target: name.slice(0, -suffix.length), runtimeId: known.id };
  }
  return { target: name };
}

/**
 * --targets may name a variant as reports do (`fastify@bun`): its target, limited to that
 * runtime, which must be one the run has. Returns the plain names and each limit.
 */
export function targetsAndRuntimeLimits(
  names: string[] | undefined,
  runtimeIds: string[],
): { names?: string[]; limits: Map<string, Set<string>> } {
  const limits = new Map<string, Set<string>>();
  if (!names) return { limits };
  const plain: string[] = [];
  const unlimited = new Set<string>();
  for (const name of names) {
    const { target, runtimeId } = splitRuntimeSuffix(name);
    if (!plain.includes(target)) plain.push(target);
    if (!runtimeId) {
      unlimited.add(target);
      continue;
    }
    if (!runtimeIds.includes(runtimeId)) {
      throw new UserError(
        'GAUNTLET_RUNTIME_NOT_IN_RUN',
        `--targets names ${name}, but ${runtimeId} is not among the run's runtimes (${runtimeIds.join(', ')})`,
        `add it: --runtime ${[...runtimeIds, runtimeId].join(',')}`,
      );
    }
    limits.set(target, (limits.get(target) ?? new Set()).add(runtimeId));
  }
  for (const target of unlimited) limits.delete(target);
  return { names: plain, limits };
}

export function runtimeVariants(
  targets: Target[],
  runtimes: Runtime[],
  suite: string,
  limits = new Map<string, Set<string>>(),
): RuntimeSelection {
  const selection: RuntimeSelection = { runnable: [], unavailable: [] };
  for (const target of targets) {
    for (const runtime of runtimes) {
      if (limits.has(target.name) && !limits.get(target.name)!.has(runtime.id)) continue;
      const name = runtimeVariantName(target.name, runtime, runtimes);
      const availability = runtimeAvailability(target, runtime, suite);
      if (!availability.available) {
        selection.unavailable.push({ target: name, reason: availability.reason ?? `cannot run on ${runtime.id}` });
        continue;
      }
      const title =
        runtimes.length > 1
          ? `${target.title} on ${describeRuntime({ ...runtime, workers: undefined })}`
          : target.title;
      selection.runnable.push({ ...target, name, title, runtime });
    }
  }
  return selection;
}

/**
 * The baseline's name in the run: a variant named as such (`node-http@bun`), else the named
 * (or default) target on the first runtime it runs on.
 */
export function runtimeBaselineName(
  base: string,
  wanted: string | undefined,
  selection: RuntimeSelection,
  runtimes: Runtime[],
): string {
  const names = selection.runnable.map((t) => t.name);
  const namedRuntime = wanted === undefined ? undefined : splitRuntimeSuffix(wanted).runtimeId;
  const candidates = runtimes
    .filter((r) => namedRuntime === undefined || r.id === namedRuntime)
    .map((runtime) => runtimeVariantName(base, runtime, runtimes));
  const found = candidates.find((name) => names.includes(name));
  if (found) return found;
  throw unknownValue('baseline (one of the targets being run)', wanted ?? base, names, '--baseline');
}
