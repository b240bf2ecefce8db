/**
 * docs/errors.md, rendered from the catalogue of error codes and the exit codes, so that the
 * page cannot drift from what gauntlet prints (a unit test compares the two).
 */
import { join } from 'node:path';
import { ERROR_CODES, type ErrorCode } from '../core/error-codes.js';
import { EXIT, EXIT_MEANINGS, type ExitCode, type ExitName } from '../core/exit-codes.js';
import { projectRoot } from '../core/paths.js';

export const ERRORS_DOC_FILE = join(projectRoot, 'docs', 'errors.md');

const cell = (text: string) => text.replaceAll('|', '\\|');

function exitName(code: ExitCode): ExitName {
  return (Object.keys(EXIT) as ExitName[]).find((name) => EXIT[name] === code)!;
}

function exitTable(): string[] {
  return [
    '| exit code | name | meaning | when |',
    '|---|---|---|---|',
    ...(Object.keys(EXIT) as ExitName[]).map(
      (name) =>
        `| ${EXIT[name]} | \`${name}\` | ${cell(EXIT_MEANINGS[name].meaning)} | ${cell(EXIT_MEANINGS[name].when)} |`,
    ),
  ];
}

function codeIndex(codes: ErrorCode[]): string[] {
  return [
    '| error code | exit code | cause |',
    '|---|---|---|',
    ...codes.map(
      (code) =>
        `| [\`${code}\`](#${code.toLowerCase()}) | ${ERROR_CODES[code].exit} | ${cell(ERROR_CODES[code].cause)} |`,
    ),
  ];
}

function codeSection(code: ErrorCode): string[] {
  const entry = ERROR_CODES[code];
  return [
    `### ${code}`,
    '',
    `- **Cause:** ${entry.cause}.`,
    `- **Fix:** ${entry.fix}.`,
    `- **Exit code:** ${entry.exit} (\`${exitName(entry.exit)}\`: ${EXIT_MEANINGS[exitName(entry.exit)].meaning}).`,
    '',
  ];
}

export function renderErrorsDoc(): string {
  const codes = Object.keys(ERROR_CODES) as ErrorCode[];
  return [
    '# Errors and exit codes',
    '',
    '<!-- Generated from src/core/error-codes.ts and src/core/exit-codes.ts by `npm run docs:errors`: edit those, not this page. -->',
    '',
    'Every error gauntlet prints starts with its code, then says how to fix it and where it is explained here:',
    '',
    '```',
    'error GAUNTLET_UNKNOWN_VALUE: unknown target "fastfy" for --targets',
    '  --targets takes one of: 0http, elysia, express4, express5, fastify, …',
    '  see docs/errors.md#gauntlet_unknown_value',
    '```',
    '',
    'The exit code tells a script or a CI job what happened without reading the output.',
    '',
    '## Exit codes',
    '',
    ...exitTable(),
    '',
    'A failed verification or a target that would not start does not fail `run` while other targets were measured:',
    'the report names them, and `verify` is the command that gates on correctness.',
    '',
    '## Error codes',
    '',
    ...codeIndex(codes),
    '',
    ...codes.flatMap(codeSection),
  ].join('\n');
}
