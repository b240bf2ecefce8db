/**
 * Whether two results can be compared at all. A different CPU, core count, engine or load
 * voids the comparison; other differences (node version, pinning) are said but allowed,
 * since comparing them can be the point.
 */
import type { Result } from '../results/schema.js';

export interface EnvironmentCheck {
  /** Differences that void the comparison unless forced. */
  blocking: string[];
  /** Differences worth saying. */
  notes: string[];
}

export function checkEnvironments(a: Result, b: Result): EnvironmentCheck {
  const blocking: string[] = [];
  const notes: string[] = [];
  const differ = (what: string, x: unknown, y: unknown, list: string[]) => {
    if (JSON.stringify(x) !== JSON.stringify(y)) list.push(`${what}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`);
  };
  differ('CPU model', a.environment.cpuModel, b.environment.cpuModel, blocking);
  differ('usable cores', a.environment.allowedCores.length, b.environment.allowedCores.length, blocking);
  differ('engine', a.environment.engine.name, b.environment.engine.name, blocking);
  differ('engine flags', a.environment.engine.flags, b.environment.engine.flags, blocking);
  differ('suite', a.plan.suite, b.plan.suite, blocking);
  differ('node', a.environment.node, b.environment.node, notes);
  differ('pinning', a.environment.pinning.note, b.environment.pinning.note, notes);
  differ('kernel', a.environment.kernel, b.environment.kernel, notes);
  return { blocking, notes };
}
