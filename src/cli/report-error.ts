/**
 * How a failure of a command reaches the user: commander's refusals get a code of their own
 * (GAUNTLET_USAGE, GAUNTLET_BAD_OPTION_VALUE); everything else is printed by core/error-report.ts.
 */
import { CommanderError } from 'commander';
import { formatError, reportFailure } from '../core/error-report.js';
import { EXIT, type ExitCode } from '../core/exit-codes.js';

/** Prints any error that ended a command and gives its exit code. */
export function reportError(error: unknown): ExitCode {
  if (error instanceof CommanderError) return reportUsageError(error);
  return reportFailure(error);
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
