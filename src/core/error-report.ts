/**
 * How a failure reaches the user: `error <CODE>: <message>`, the hint, and where the code is
 * explained, so that a code seen in a CI log can be looked up. The CLI (cli/report-error.ts,
 * which adds commander's refusals) and the benches (bench/args.ts) print through this.
 */
import { errorDocLink, type ErrorCode } from './error-codes.js';
import { UserError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';

const BUG_HINT = 'this is a bug in gauntlet: please report it with the command line and this output';

export function formatError(code: ErrorCode, message: string, hint?: string): string {
  return [`error ${code}: ${message}`, ...(hint ? [`  ${hint}`] : []), `  see ${errorDocLink(code)}`].join('\n');
}

/** Prints an error a user can fix with its code, anything else as a bug; gives the exit code. */
export function reportFailure(error: unknown): ExitCode {
  if (error instanceof UserError) {
    console.error(formatError(error.code, error.message, error.hint));
    return error.exitCode;
  }
  console.error(formatError('GAUNTLET_INTERNAL', `gauntlet failed: ${stackOf(error)}`, BUG_HINT));
  return EXIT.INTERNAL;
}

/** An exception nothing caught (a callback, a stray promise). */
export function reportCrash(error: unknown): ExitCode {
  console.error(formatError('GAUNTLET_INTERNAL', `gauntlet crashed: ${stackOf(error)}`, BUG_HINT));
  return EXIT.INTERNAL;
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
