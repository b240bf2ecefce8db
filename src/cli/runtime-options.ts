/** The --runtime flags run, verify and ab share. */
import { type Command, Option } from 'commander';
import { DEFAULT_RUNTIME_ID } from '../runtimes/known-runtimes.js';
import { list } from './options.js';

export interface RuntimeFlags {
  runtime: string[];
  installRuntimes: boolean;
}

export function runtimeOptions(): Option[] {
  return [
    new Option(
      '--runtime <a,b>',
      'runtimes to run every target on, comma-separated; several share one interleaved run (gauntlet runtimes lists them)',
    )
      .argParser(list)
      .default([DEFAULT_RUNTIME_ID], `${DEFAULT_RUNTIME_ID}; services: each target's own`),
    new Option(
      '--install-runtimes',
      'install a missing --runtime from npm into .gauntlet/runtimes instead of refusing',
    ).default(false),
  ];
}

export function addRuntimeOptions(command: Command): Command {
  for (const option of runtimeOptions()) command.addOption(option);
  return command;
}
