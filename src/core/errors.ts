import { ERROR_CODES, type ErrorCode } from './error-codes.js';
import type { ExitCode } from './exit-codes.js';

/**
 * Errors a user can fix: a code from the catalogue (error-codes.ts), what was wrong, and how to
 * fix it. The CLI prints these with their code, without a stack trace, and exits with the
 * code's exit code.
 */
export class UserError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'UserError';
  }

  get exitCode(): ExitCode {
    return ERROR_CODES[this.code].exit;
  }

  /**
   * An error of the catalogue raised by another gauntlet (a server host's agent) and told by
   * its code: the same error here, or undefined when the code is not in this catalogue. The
   * only place a code is not a literal (test/unit/errors.test.ts checks every other).
   */
  static relayed(code: string, message: string, hint?: string): UserError | undefined {
    return code in ERROR_CODES ? new UserError(code as ErrorCode, message, hint) : undefined;
  }
}

/** Refuses a value that is not among the valid ones, listing them. */
export function unknownValue(what: string, value: string, valid: string[], flag: string): UserError {
  return new UserError(
    'GAUNTLET_UNKNOWN_VALUE',
    `unknown ${what} "${value}" for ${flag}`,
    `${flag} takes one of: ${valid.join(', ')}`,
  );
}
