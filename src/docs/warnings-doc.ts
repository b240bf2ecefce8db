/**
 * docs/warnings.md, rendered from the catalogue of warning codes, so that the page cannot
 * drift from the codes a result carries (a unit test compares the two).
 */
import { join } from 'node:path';
import { projectRoot } from '../core/paths.js';
import { WARNING_CODES, type WarningCode } from '../stats/warning-codes.js';

export const WARNINGS_DOC_FILE = join(projectRoot, 'docs', 'warnings.md');

const cell = (text: string) => text.replaceAll('|', '\\|');

const RUNS: Record<(typeof WARNING_CODES)[WarningCode]['runs'], string> = {
  http: 'HTTP suites',
  'in-process': 'in-process suites',
  all: 'every suite',
};

function codeIndex(codes: WarningCode[]): string[] {
  return [
    '| code | title | runs |',
    '|---|---|---|',
    ...codes.map(
      (code) => `| [\`${code}\`](#${code}) | ${cell(WARNING_CODES[code].title)} | ${RUNS[WARNING_CODES[code].runs]} |`,
    ),
  ];
}

function codeSection(code: WarningCode): string[] {
  const entry = WARNING_CODES[code];
  return [
    `### ${code}`,
    '',
    `**${entry.title}** (${RUNS[entry.runs]}).`,
    '',
    `- **Means:** ${entry.meaning}.`,
    `- **What to do:** ${entry.remedy}.`,
    '',
  ];
}

export function renderWarningsDoc(): string {
  const codes = Object.keys(WARNING_CODES) as WarningCode[];
  return [
    '# Warnings',
    '',
    '<!-- Generated from src/stats/warning-codes.ts by `npm run docs:warnings`: edit that, not this page. -->',
    '',
    'A run warns where its figures cannot be taken at face value. The terminal prints each warning as one line,',
    'its code first, and says where the rest is:',
    '',
    '```',
    'warnings:',
    '  ! generator-bound: load generator near a full core in 3 trial(s) (fastify/param): compare CPU µs/req, not req/s',
    '  ! few-repeats: with 3 repeat(s) the intervals have only 75 % confidence; 6 or more repeats give 95 % (--repeats 6)',
    '  in full: report.md and report.html; what each code means and what to do: docs/warnings.md',
    '```',
    '',
    'The full text of each warning, with the cell it concerns and its figures, is in `result.json` (`warnings`:',
    '`kind` is the code, `message` the full text, `short` the terminal line) and in `report.md` and `report.html`.',
    'Warnings qualify the figures; they do not change the exit code ([docs/errors.md](errors.md) says what does).',
    '',
    '## Codes',
    '',
    'HTTP suites: hello, saas, h2, fanout. In-process suites: services.',
    '',
    ...codeIndex(codes),
    '',
    ...codes.flatMap(codeSection),
  ].join('\n');
}
