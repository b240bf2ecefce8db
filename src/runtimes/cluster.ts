/** --workers: run a target's app under node:cluster with N workers (see cluster-primary.ts). */
import { join } from 'node:path';
import { projectRoot } from '../core/paths.js';
import { UserError } from '../core/errors.js';
import type { Runtime } from './runtime.js';

const primaryFile = join(projectRoot, 'dist', 'src', 'runtimes', 'cluster-primary.js');

/** The primary runs under the chosen runtime too, and node:cluster forks the workers with that same binary. */
export function clusterRuntime(base: Runtime, workers: number): Runtime {
  return {
    ...base,
    workers,
    // node:cluster forks each worker with the primary's execArgv, so its V8 flags too.
    command: (appFile, v8Flags) => {
      const inner = base.command(primaryFile, v8Flags);
      return { command: inner.command, args: [...inner.args, appFile, String(workers)] };
    },
  };
}

/** "auto" is the cores the server gets (all but the generator's); a number is taken as asked. */
export function parseWorkers(value: string, serverCores: number): number {
  if (value === 'auto') return Math.max(1, serverCores);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--workers takes a whole number from 1 to 256 or "auto", got "${value}"`,
    );
  }
  return n;
}
