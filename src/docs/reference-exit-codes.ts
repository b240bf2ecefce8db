/** The README's short table of exit codes, from the same catalogue as docs/errors.md. */
import { EXIT, EXIT_MEANINGS, type ExitName } from '../core/exit-codes.js';

export function renderExitCodes(): string {
  return [
    '| exit code | meaning |',
    '|---|---|',
    ...(Object.keys(EXIT) as ExitName[]).map((name) => `| ${EXIT[name]} | ${EXIT_MEANINGS[name].meaning} |`),
  ].join('\n');
}
