/** Parsers for option values: each refuses a bad value with a message naming the flag. */
import { InvalidArgumentError, Option } from 'commander';
import { UserError } from '../core/errors.js';
import { positiveCount } from '../core/option-values.js';
import { parseV8Flags } from '../runtimes/v8-flags.js';

export function positiveInt(flag: string) {
  return (value: string): number => {
    try {
      return positiveCount(value, flag);
    } catch (error) {
      // Commander reports its own error type as the flag's bad value (report-error.ts).
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

export function seconds(flag: string, allowZero = false) {
  return (value: string): number => {
    const n = Number(value.replace(/s$/, ''));
    if (!Number.isFinite(n) || n < 0 || (!allowZero && n === 0)) {
      throw new InvalidArgumentError(
        `${flag} takes seconds${allowZero ? ' (0 or more)' : ' above 0'}, e.g. 2 or 0.5, got "${value}"`,
      );
    }
    return n;
  };
}

export function nonNegativeNumber(flag: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0)
      throw new InvalidArgumentError(`${flag} takes a number, 0 or more, got "${value}"`);
    return n;
  };
}

export function list(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** --v8-flags: a comma- or space-separated list of flags. */
export function v8FlagList(value: string): string[] {
  try {
    return parseV8Flags(value);
  } catch (error) {
    // commander keeps only a message: the example goes with it
    const hint = error instanceof UserError ? error.hint : undefined;
    throw new InvalidArgumentError(`${(error as Error).message}${hint ? `: ${hint}` : ''}`);
  }
}

/** --target-dir of run, ab, verify and list: program.ts adds the folders before a command loads targets. */
export function targetDirOption(): Option {
  return new Option(
    '--target-dir <dirs>',
    'folders holding targets of your own, each a folder with manifest.js and its apps, comma-separated (gauntlet help targets)',
  ).argParser(list);
}
