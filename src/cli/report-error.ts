/**
 * How a failure reaches the user: `error <CODE>: <message>`, the hint, and where the code is
 * explained, so that a code seen in a CI log can be looked up. Returns the exit code it ends with.
 */
import { CommanderError } from 'commander';
import { errorDocLink, type ErrorCode } from '../core/error-codes.js';
import { UserError } from '../core/errors.js';
import { EXIT, type ExitCode } from '../core/exit-codes.js';

const BUG_HINT = 'this is a bug in gauntlet: please report it with the command line and this output';

export function formatError(code: ErrorCode, message: string, hint?: string): string {
  return [`error ${code}: ${message}`, ...(hint ? [`  ${hint}`] : []), `  see ${errorDocLink(code)}`].join('\n');
}

/** Prints any error that ended a command and gives its exit code. */
export function reportError(error: unknown): ExitCode {
  if (error instanceof UserError) {
    console.error(formatError(error.code, error.message, error.hint));
    return error.exitCode;
  }
  if (error instanceof CommanderError) return reportUsageError(error);
  console.error(formatError('GAUNTLET_INTERNAL', `gauntlet failed: ${stackOf(error)}`, BUG_HINT));
  return EXIT.INTERNAL;
}

/** An exception nothing caught (a callback, a stray promise). */
export function reportCrash(error: unknown): ExitCode {
  console.error(formatError('GAUNTLET_INTERNAL', `gauntlet crashed: ${stackOf(error)}`, BUG_HINT));
  return EXIT.INTERNAL;
}

/** Commander's own refusals (main.ts silences its printing so that they carry a code too). */
function reportUsageError(error: CommanderError): ExitCode {
  if (error.exitCode === 0) return EXIT.OK; // --help, --version
  if (error.code === 'commander.help') return EXIT.USAGE; // no command given: commander printed the help
  // Option parsers (options.ts) refuse values with InvalidArgumentError, which commander reports as this code.
  if (error.code === 'commander.invalidArgument') {
    console.error(formatError('GAUNTLET_BAD_OPTION_VALUE', error.message.replace(/^error: /, '')));
    return EXIT.USAGE;
  }
  // showSuggestionAfterError puts "(Did you mean --repeats?)" on a second line: that is the best hint.
  const [first, ...suggestion] = error.message.replace(/^error: /, '').split('\n');
  const hint =
    suggestion.length > 0
      ? suggestion.join(' ').replace(/^\((.*)\)$/, '$1')
      : 'gauntlet --help lists the commands, gauntlet <command> --help their options';
  console.error(formatError('GAUNTLET_USAGE', first, hint));
  return EXIT.USAGE;
}

function stackOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
