/** How a run records the runtimes its targets ran on: per trial, per target, and in the environment. */
import type { RuntimeRecord } from '../model/schema.js';
import type { Target } from './registry.js';
import { describeRuntime, type Runtime } from '../runtimes/runtime.js';

export function runtimeRecord(runtime: Runtime): RuntimeRecord {
  return {
    id: runtime.id,
    name: runtime.name,
    version: runtime.version,
    ...(runtime.workers && { workers: runtime.workers }),
  };
}

/** A runtime variant's own runtime, else the run's. */
export function runtimeOf(target: Target | undefined, fallback: Runtime): Runtime {
  return target?.runtime ?? fallback;
}

/** Each runtime the targets use once, in their order, with where its binary came from. */
export function runtimesUsed(targets: Target[], fallback: Runtime): Array<RuntimeRecord & { source: string }> {
  const seen = new Map<string, RuntimeRecord & { source: string }>();
  for (const runtime of targets.map((t) => runtimeOf(t, fallback))) {
    if (!seen.has(runtime.id)) seen.set(runtime.id, { ...runtimeRecord(runtime), source: runtime.source });
  }
  if (seen.size === 0) seen.set(fallback.id, { ...runtimeRecord(fallback), source: fallback.source });
  return [...seen.values()];
}

/** "node 24.21.0, bun 1.4.5": the plan's runtime line. */
export function runtimesLine(targets: Target[], fallback: Runtime): string {
  return runtimesUsed(targets, fallback).map(describeRuntime).join(', ');
}
