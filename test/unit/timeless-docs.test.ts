/**
 * The pages a user reads state what is true now: the story of how the project got there lives
 * in git, so no page holds a commit hash or a clock time (dates of committed runs are fine).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import test from 'node:test';
import { projectRoot } from '../../src/core/paths.js';
import { DATING_PATTERNS } from '../helpers/timeless.js';

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

test('README, CONTRIBUTING, docs/ and the bench/ index hold no commit hash and no clock time', () => {
  const pages = [
    ...['README.md', 'CONTRIBUTING.md', join('bench', 'README.md')].map((file) => join(projectRoot, file)),
    ...markdownUnder(join(projectRoot, 'docs')),
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
