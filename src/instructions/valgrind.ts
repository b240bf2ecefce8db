/**
 * Valgrind's callgrind, as `--cost instructions` runs a target under it.
 *
 * Why callgrind: it counts every instruction a process executes (Ir), over all its threads, and
 * its instrumentation can be switched on and off, and its counts dumped and zeroed, from outside
 * the process (`callgrind_control`, through Valgrind's gdbserver). A Node server cannot be
 * changed to mark its own measured region, so that is the only way to count over a block of
 * requests and leave the start and the warm-up out. Cachegrind counts the same instructions but,
 * in Valgrind 3.19, only over a whole process.
 *
 * The target starts uninstrumented (`--instr-atstart=no`), which serves about three times as many
 * requests a second here as instrumented, so the JIT's warm-up is cheaper; counting is switched on after it.
 */
import { spawnSync } from 'node:child_process';
import { UserError } from '../core/errors.js';
import { findExecutable } from '../proc/executables.js';

export const VALGRIND_INSTALL = 'apt-get install valgrind';

/**
 * Every flag callgrind runs with; the result records them.
 * - `--smc-check=all-non-file`: V8 writes its compiled code into anonymous memory and rewrites
 *   it; Valgrind must notice, or it runs stale translations.
 * - `--vgdb=yes`: callgrind_control reaches the process through Valgrind's gdbserver.
 * - `--dump-line=no --dump-instr=no --compress-strings=no`: a dump holds totals per function
 *   only; gauntlet reads its totals line.
 */
export function callgrindFlags(outDir: string): string[] {
  return [
    '--tool=callgrind',
    '--instr-atstart=no',
    '--smc-check=all-non-file',
    '--vgdb=yes',
    '--dump-line=no',
    '--dump-instr=no',
    '--compress-strings=no',
    `--callgrind-out-file=${outDir}/callgrind.out.%p`,
    '-q',
  ];
}

/** Why instructions cannot be counted here, or undefined. */
export function valgrindUnavailable(): string | undefined {
  if (!findExecutable('valgrind')) return `valgrind is not installed (${VALGRIND_INSTALL})`;
  if (!findExecutable('callgrind_control')) return `callgrind_control is not installed (${VALGRIND_INSTALL})`;
  return undefined;
}

/** Refuses a run that counts instructions on a machine without Valgrind. */
export function requireValgrind(): void {
  const reason = valgrindUnavailable();
  if (reason)
    throw new UserError(
      'GAUNTLET_NO_VALGRIND',
      `--cost instructions runs each target under Valgrind, and ${reason}`,
      `install it: ${VALGRIND_INSTALL} (as root), or drop --cost`,
    );
}

let version: string | undefined;

/** "3.19.0", or "unknown". */
export function valgrindVersion(): string {
  if (version === undefined) {
    const ran = spawnSync('valgrind', ['--version'], { encoding: 'utf8', timeout: 5000 });
    version = /valgrind-(\S+)/.exec(ran.stdout ?? '')?.[1] ?? 'unknown';
  }
  return version;
}
