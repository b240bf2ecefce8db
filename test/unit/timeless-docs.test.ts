/**
 * The pages a user reads state what is true now: the story of how the project got there lives
 * in git, so no page holds a commit hash or a clock time (dates of committed runs are fine).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import test from 'node:test';
import { projectRoot } from '../../src/core/paths.js';
import { filesUnder } from '../helpers/files.js';
import { DATING_PATTERNS } from '../helpers/timeless.js';

test('README, CONTRIBUTING, docs/ and the bench/ index hold no commit hash and no clock time', () => {
  const pages = [
    ...['README.md', 'CONTRIBUTING.md', join('bench', 'README.md')].map((file) => join(projectRoot, file)),
    ...filesUnder(join(projectRoot, 'docs'), '.md'),
  ];
  assert.ok(pages.length > 10, 'the docs were found');
  const found: string[] = [];
  for (const page of pages)
    readFileSync(page, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const [pattern, why] of DATING_PATTERNS) {
          const hit = pattern.exec(line)?.[0];
          if (hit) found.push(`${relative(projectRoot, page)}:${index + 1} ${why}: ${hit}`);
        }
      });
  assert.deepEqual(found, []);
});
