/**
 * Checks of option values that both the CLI (commander's parsers, cli/options.ts) and the
 * benches (bench/args.ts) apply, so that a flag is refused in the same words either way.
 */
import { UserError } from './errors.js';

/** A count: a whole number above 0, or GAUNTLET_BAD_OPTION_VALUE naming the flag. */
export function positiveCount(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new UserError('GAUNTLET_BAD_OPTION_VALUE', `${flag} takes a whole number above 0, got "${value}"`);
  return n;
}
