/**
 * Errors a user can fix: a stable code, what was wrong, and how to fix it. The CLI prints
 * these without a stack trace and exits non-zero.
 */
export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'UserError';
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
