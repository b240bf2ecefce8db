/**
 * `--v8-flags`: V8 (and Node) flags a run adds to its node and deno targets' command line, after
 * the ones gauntlet sets itself. They make a tuning measurable (the young generation's size,
 * `--max-semi-space-size`, is the one most asked about), and they make experiments on a start's
 * own speed (docs/statistics.md) rerunnable as shipped. Each runtime of the run is asked to start with
 * them before anything is measured, so a flag it refuses stops the run with its own words
 * instead of as 17 targets that did not start.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from '../core/errors.js';
import { makeTempFolder, removeTempFolder } from '../proc/temp-folders.js';
import { describeRuntime, KEPT_UP_V8_FLAGS, type Runtime } from './runtime.js';

const run = promisify(execFile);

/** How long a runtime may take to start with the flags and run an empty module. */
const CHECK_TIMEOUT_MS = 15_000;

/** "--max-semi-space-size=64,--single-threaded" (or space-separated) as a list; anything not a flag is refused. */
export function parseV8Flags(text: string): string[] {
  return wellFormedV8Flags(text.split(/[,\s]+/).filter((flag) => flag.length > 0));
}

/** The flags as given, when each is a flag (the API takes a list as it is). */
export function wellFormedV8Flags(flags: string[]): string[] {
  if (flags.length === 0)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      '--v8-flags names no flag',
      'e.g. --v8-flags=--max-semi-space-size=64',
    );
  const notFlag = flags.find((flag) => !/^--?[A-Za-z]/.test(flag));
  if (notFlag)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--v8-flags takes flags, each starting with "--"; "${notFlag}" is not one`,
      "e.g. --v8-flags=--max-semi-space-size=64,--single-threaded (node --v8-options lists V8's)",
    );
  return flags;
}

/** The flags node and deno targets start with: gauntlet's own (unless the memory reducer is left on), then the user's. */
export function targetV8Flags(options: { memoryReducer?: boolean; v8Flags?: string[] }): string[] {
  return [...(options.memoryReducer ? [] : KEPT_UP_V8_FLAGS), ...(options.v8Flags ?? [])];
}

/**
 * The services suite measures in-process benches in children of its own (inproc/), which take
 * no target command line: flags given for it would be recorded and not used, so they are refused.
 */
export function refuseV8FlagsOffTargets(suite: { name: string; kind?: string }, flags: string[] | undefined): void {
  if (suite.kind === 'bench' && flags && flags.length > 0)
    throw new UserError(
      'GAUNTLET_OPTION_NOT_FOR_SUITE',
      `the ${suite.name} suite runs in-process benches, not targets started with a command line, so --v8-flags has no effect there`,
      'use --v8-flags with the hello, saas, h2 or fanout suite',
    );
}

/** Whether a result's targets ran with gauntlet's own flags (the reports then say nothing); absent: a result that does not say, older or imported. */
export function v8FlagsAreDefault(flags: string[] | undefined): boolean {
  return flags === undefined || JSON.stringify(flags) === JSON.stringify(KEPT_UP_V8_FLAGS);
}

/**
 * Starts each node and deno runtime once with the flags on an empty module; a runtime that
 * refuses them (node exits 9 with "bad option") is refused here, named, with what it said.
 * Bun runs JavaScriptCore and is not asked: the flags do not reach it (launchArgs).
 */
export async function checkV8Flags(runtimes: Runtime[], flags: string[] | undefined): Promise<void> {
  if (flags === undefined) return;
  wellFormedV8Flags(flags);
  const checked = runtimes.filter((r) => r.name === 'node' || r.name === 'deno');
  if (checked.length === 0) return;
  const dir = makeTempFolder('v8-flags');
  try {
    const empty = join(dir, 'empty.mjs');
    await writeFile(empty, '');
    for (const runtime of checked) {
      const { command, args } = runtime.command(empty, flags);
      try {
        await run(command, args, {
          timeout: CHECK_TIMEOUT_MS,
          env: { ...process.env, ...runtime.env },
          cwd: dir,
        });
      } catch (error) {
        const said = String((error as { stderr?: string }).stderr ?? (error as Error).message)
          .trim()
          .split('\n')
          .slice(0, 3)
          .join(' / ');
        throw new UserError(
          'GAUNTLET_BAD_OPTION_VALUE',
          `${describeRuntime(runtime)} does not start with --v8-flags ${flags.join(',')}: ${said}`,
          runtime.name === 'deno'
            ? `\`${command} run --v8-flags=--help\` lists the flags V8 takes; drop or mend the one it names`
            : `\`${command} --v8-options\` lists V8's flags and \`${command} --help\` Node's; drop or mend the one it names`,
        );
      }
    }
  } finally {
    removeTempFolder(dir);
  }
}
