/** Where a program is: whether a file may be run, and the first folder of a list (PATH by default) that has it. */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The folders of PATH, in order. */
export function pathDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
}

/** Absolute path of `command` in the first of `dirs` that holds it as an executable, or undefined. */
export function findExecutable(command: string, dirs: string[] = pathDirs()): string | undefined {
  return dirs.map((dir) => join(dir, command)).find(isExecutable);
}
