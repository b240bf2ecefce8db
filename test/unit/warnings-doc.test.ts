/**
 * The warning catalogue stays whole: docs/warnings.md is generated from it, every code a
 * warning is raised with in src is in it, and every short line fits the terminal.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { renderWarningsDoc, WARNINGS_DOC_FILE } from '../../src/docs/warnings-doc.js';
import { WARNING_CODES } from '../../src/stats/warning-codes.js';
import { SHORT_MAX } from '../../src/stats/warnings.js';
import { reportResult } from '../helpers/report-result.js';
import { filesUnder } from '../helpers/files.js';
import { projectRoot } from '../helpers/cli.js';

test('docs/warnings.md is generated from the catalogue (run npm run docs:warnings)', () => {
  assert.equal(
    readFileSync(WARNINGS_DOC_FILE, 'utf8'),
    renderWarningsDoc(),
    'docs/warnings.md is out of date: npm run docs:warnings',
  );
});

test('every warning code raised in src is in the catalogue', () => {
  let raised = 0;
  for (const file of filesUnder(join(projectRoot, 'src'), '.ts')) {
    const text = readFileSync(file, 'utf8');
    // Files that make warnings name the type (`add` elsewhere is another function).
    if (!/\bWarning(Code)?\b/.test(text)) continue;
    // add('code', …) in the warning collectors, { kind: 'code', message: … } elsewhere.
    const codes = [
      ...text.matchAll(/\badd\(\s*'([a-z-]+)',/g),
      ...text.matchAll(/kind: '([a-z-]+)'(?: satisfies WarningCode)?,\s*message:/g),
    ].map((m) => m[1]);
    for (const code of codes) {
      raised++;
      assert.ok(
        code in WARNING_CODES,
        `${relative(projectRoot, file)}: warning ${code} is not in src/stats/warning-codes.ts`,
      );
    }
  }
  assert.ok(raised > 20, `found only ${raised} warnings: the scan is broken`);
});

test('every warning has a short line for the terminal, within its length', () => {
  const { warnings } = reportResult();
  assert.ok(warnings.length > 5);
  for (const warning of warnings) {
    assert.ok(warning.short, `${warning.kind} has no short line`);
    assert.ok(warning.short.length <= SHORT_MAX, `${warning.kind}: ${warning.short}`);
    assert.doesNotMatch(warning.short, /\n/);
  }
});
