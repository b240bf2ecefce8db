/**
 * The error catalogue stays whole: every code raised in src is in it, every code in it is
 * raised somewhere, docs/errors.md is generated from it, and the CLI prints the code and exits
 * with the documented exit code (on input errors that start no server and no load).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ERROR_CODES, type ErrorCode } from '../../src/core/error-codes.js';
import { EXIT } from '../../src/core/exit-codes.js';
import { ERRORS_DOC_FILE, renderErrorsDoc } from '../../src/docs/errors-doc.js';
import { filesUnder } from '../helpers/files.js';
import { projectRoot, runCli } from '../helpers/cli.js';

const CATALOGUE_FILE = join('src', 'core', 'error-codes.ts');

const sources = filesUnder(join(projectRoot, 'src'), '.ts').map((file) => ({
  file: relative(projectRoot, file),
  text: readFileSync(file, 'utf8'),
}));
const codes = Object.keys(ERROR_CODES) as ErrorCode[];

test('docs/errors.md is generated from the catalogue (run npm run docs:errors)', () => {
  assert.equal(
    readFileSync(ERRORS_DOC_FILE, 'utf8'),
    renderErrorsDoc(),
    'docs/errors.md is out of date: npm run docs:errors',
  );
});

test('every code a UserError is raised with is in the catalogue', () => {
  let raised = 0;
  // core/errors.ts raises what another gauntlet's catalogue told it (UserError.relayed), checked when it runs
  for (const { file, text } of sources.filter((s) => s.file !== join('src', 'core', 'errors.ts'))) {
    for (const call of text.matchAll(/new UserError\(\s*([^,]*),/g)) {
      raised++;
      const literal = /^'([A-Z0-9_]+)'$/.exec(call[1].trim());
      assert.ok(literal, `${file}: new UserError(${call[1]}, …) does not name its code as a literal`);
      assert.ok(literal[1] in ERROR_CODES, `${file}: ${literal[1]} is not in ${CATALOGUE_FILE}`);
    }
  }
  assert.ok(raised > 20, `found only ${raised} UserErrors: the scan is broken`);
});

test('every code in the catalogue is used somewhere in src', () => {
  const elsewhere = sources.filter((s) => s.file !== CATALOGUE_FILE).map((s) => s.text);
  const unused = codes.filter((code) => !elsewhere.some((text) => text.includes(`'${code}'`)));
  assert.deepEqual(unused, [], `codes in ${CATALOGUE_FILE} that nothing raises: remove them`);
});

test('each code has a one-line cause and fix and a documented exit code; exit codes are distinct', () => {
  const exits = Object.values(EXIT);
  assert.equal(new Set(exits).size, exits.length, 'two exit codes share a number');
  for (const code of codes) {
    const { cause, fix, exit } = ERROR_CODES[code];
    for (const text of [cause, fix])
      assert.match(text, /^[^\n]+$/, `${code}: cause and fix are one non-empty line each`);
    assert.ok(exits.includes(exit), `${code}: exit code ${exit} is not in exit-codes.ts`);
  }
});

test("the README's table of exit codes lists every exit code, in order", () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  const section = readme.split('\n## Errors and exit codes\n')[1]?.split('\n## ')[0] ?? '';
  const listed = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
  assert.deepEqual(listed, Object.values(EXIT));
});

/** The CLI's refusal: the code first, the link to its explanation, and the code's exit code. */
async function assertRefusal(args: string[], code: ErrorCode, message: RegExp): Promise<void> {
  const out = await runCli(args, {}, 30_000);
  assert.equal(out.code, ERROR_CODES[code].exit, `gauntlet ${args.join(' ')}: exit code\n${out.stderr}`);
  assert.match(out.stderr, new RegExp(`^error ${code}: ${message.source}`, 'm'));
  assert.match(out.stderr, new RegExp(`see docs/errors\\.md#${code.toLowerCase()}$`, 'm'));
}

test('an unknown target prints its code and exits 2', async () => {
  await assertRefusal(['run', '--targets', 'nope'], 'GAUNTLET_UNKNOWN_VALUE', /unknown target "nope" for --targets/);
  assert.equal(ERROR_CODES.GAUNTLET_UNKNOWN_VALUE.exit, EXIT.USAGE);
});

test('an unknown option is a usage error with the nearest name as hint, exit 2', async () => {
  await assertRefusal(
    ['run', '--repeat', '3'],
    'GAUNTLET_USAGE',
    /unknown option '--repeat'\n {2}Did you mean --repeats\?/,
  );
  assert.equal(ERROR_CODES.GAUNTLET_USAGE.exit, EXIT.USAGE);
});

test('a bad option value names the flag, exit 2', async () => {
  await assertRefusal(
    ['run', '--repeats', '0'],
    'GAUNTLET_BAD_OPTION_VALUE',
    /.*--repeats takes a whole number above 0, got "0"/,
  );
  assert.equal(ERROR_CODES.GAUNTLET_BAD_OPTION_VALUE.exit, EXIT.USAGE);
});

test('--help exits 0, and no command at all is a usage error', async () => {
  assert.equal((await runCli(['--help'], {}, 30_000)).code, EXIT.OK);
  assert.equal((await runCli([], {}, 30_000)).code, EXIT.USAGE);
});
