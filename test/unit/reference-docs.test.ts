/**
 * The README, docs/stability.md and bench/README.md quote figures from the reference outputs in
 * bench/ only through the blocks `npm run docs:reference` writes, so that prose cannot drift
 * from data; the generated blocks hold what the pages promise; and bench/ stays an indexed handful.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { test } from 'node:test';
import { BENCH_DIR } from '../../src/bench/outputs.js';
import { projectRoot } from '../../src/core/paths.js';
import { replaceBlock } from '../../src/docs/reference-blocks.js';
import { renderCountsEvidence, renderCountsSizes } from '../../src/docs/reference-counts.js';
import { referencePages } from '../../src/docs/reference-docs.js';
import { filesUnder } from '../helpers/files.js';
import { tempDir } from '../helpers/temp-dir.js';

const pages = referencePages();

for (const { file, text } of pages) {
  const name = relative(projectRoot, file);
  test(`${name} holds the figures bench/ gives (run npm run docs:reference)`, () => {
    assert.equal(readFileSync(file, 'utf8'), text, `${name} is out of date: run npm run docs:reference`);
  });
}

test('the README shows the reference ranking within its first 60 lines, and stays under 400', () => {
  const readme = pages.find((p) => relative(projectRoot, p.file) === 'README.md')!.text;
  const lines = readme.split('\n');
  const end = lines.findIndex((line) => line.includes('<!-- reference:end -->'));
  const rows = lines.flatMap((line, i) => (i < end && line.startsWith('| ') ? [i] : []));
  const lastRow = rows.at(-1) ?? -1;
  assert.ok(lastRow >= 0 && lastRow < 60, `the ranking's last row is on line ${lastRow + 1}: keep it in the first 60`);
  assert.ok(lines.length <= 400, `README.md has ${lines.length} lines: keep it to 400`);
});

test('bench/ holds at most 40 files, each named in its index, bench/README.md', () => {
  const outputs = filesUnder(BENCH_DIR).filter((file) => basename(file) !== 'README.md');
  assert.ok(outputs.length + 1 <= 40, `bench/ holds ${outputs.length + 1} files: keep it to 40`);
  const index = readFileSync(join(BENCH_DIR, 'README.md'), 'utf8');
  const unnamed = outputs.filter((file) => !index.includes(basename(file).replace(/\.[^.]+$/, '')));
  assert.deepEqual(
    unnamed.map((file) => relative(BENCH_DIR, file)),
    [],
    'every output is named in the index',
  );
});

test('a block is replaced between its markers, and a page without them is named', () => {
  const page = 'before\n<!-- x:start -->\nold\n<!-- x:end -->\nafter\n';
  assert.equal(replaceBlock(page, 'x', 'new\n', 'page.md'), 'before\n<!-- x:start -->\nnew\n<!-- x:end -->\nafter\n');
  assert.throws(
    () => replaceBlock('no markers', 'x', 'new', 'page.md'),
    /page\.md: needs exactly one <!-- x:start -->/,
  );
  assert.throws(
    () => replaceBlock(`${page}${page}`, 'x', 'new', 'page.md'),
    /page\.md: needs exactly one <!-- x:start -->/,
  );
});

/** One cell of a counts bench's run: its verdict and the change B/A − 1. */
const change = (verdict: string, share: number) => ({
  scenario: 'json',
  roundRatios: [],
  change: share,
  verdict,
  why: '',
});

test('the counts evidence says how often each kind of run called a change, and how far the bench got', () => {
  const dir = tempDir('counts-evidence');
  const file = join(dir, 'bench.json');
  writeFileSync(
    file,
    JSON.stringify({
      runs: 3,
      records: [
        { kind: 'A/A', minutes: 3, changes: [change('same', 0.001)] },
        { kind: 'A/B', minutes: 4, changes: [change('regression', 0.012)] },
        { kind: 'A/A', minutes: 3.5, changes: [change('improvement', -0.006)] },
        { kind: 'A/B', minutes: 3.2, changes: [change('same', 0.004)] },
      ],
    }),
  );
  const text = renderCountsEvidence(file, 'b/x.md');
  assert.match(text, /called the regression in 1 of 2 runs, measuring it at \+0\.40 % to \+1\.20 %/);
  assert.match(text, /different from itself in 1 of 2 A\/A runs \(changes −0\.60 % to \+0\.10 %\)/);
  assert.match(text, /3\.4 minutes in the median and 4\.0 at most/);
  assert.match(text, /So far 4 of the 6 runs planned\./);
});

test('the sizes table puts one row per bench, the smallest change first, with its calls and minutes', () => {
  const dir = tempDir('counts-sizes');
  const bench = (name: string, abChanges: Array<[string, number]>) => {
    const file = join(dir, `${name}.json`);
    const records = [
      { kind: 'A/A', minutes: 3, changes: [change('same', 0.002)] },
      ...abChanges.map(([verdict, share], i) => ({ kind: 'A/B', minutes: 4 + i, changes: [change(verdict, share)] })),
    ];
    writeFileSync(file, JSON.stringify({ records }));
    return { file, link: `b/${name}.md` };
  };
  const table = renderCountsSizes([
    bench('big', [
      ['regression', 0.021],
      ['regression', 0.019],
    ]),
    bench('small', [
      ['same', 0.004],
      ['regression', 0.006],
    ]),
  ]).split('\n');
  assert.equal(table.length, 4, 'a header, its rule and two rows');
  assert.match(
    table[2],
    /^\| \[small\]\(b\/small\.md\) \| \+0\.50 % \(\+0\.40 % to \+0\.60 %\) \| 1 of 2 \| 0 of 1 \| 4\.0, 5\.0 \|$/,
  );
  assert.match(table[3], /^\| \[big\]\(b\/big\.md\) \| \+2\.00 % \(\+1\.90 % to \+2\.10 %\) \| 2 of 2 \|/);
});
