/** The --runtime flags run, verify and ab share. */
import type { Command } from 'commander';
import { DEFAULT_RUNTIME_ID } from '../runtimes/known-runtimes.js';
import { list } from './options.js';

export interface RuntimeFlags {
  runtime: string[];
  installRuntimes: boolean;
}

export function addRuntimeOptions(command: Command): Command {
  return command
    .option(
      '--runtime <a,b>',
      `runtimes the targets run on, in one interleaved run (node@20, node@22, node@24, node@26, bun, deno; gauntlet runtimes list)`,
      list,
      [DEFAULT_RUNTIME_ID],
    )
    .option(
      '--install-runtimes',
      'install a --runtime that is not installed yet (npm, into .gauntlet/runtimes) instead of refusing',
      false,
    );
}
