import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ComparisonReport } from '../../src/report/comparison-render.js';
import { fixtureTargetsDir, leftoverProcesses, projectRoot, resultOf, runCli, runFolder } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { isMeasured } from '../helpers/measured.js';

const fixturePackages = join(projectRoot, 'test', 'fixtures', 'packages');
const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };
const short = ['--scenarios', 'text', '--duration', '0.5', '--quiet'];

function comparisonOf(out: string): ComparisonReport {
  return JSON.parse(readFileSync(join(runFolder(out), 'comparison.json'), 'utf8')) as ComparisonReport;
}

test('ab calls a release that burns CPU per request slower and costlier, and fails the exit code', async () => {
  const out = tempDir('ab-slow');
  const run = await runCli(
    [
      'ab',
      'slowpoke',
      `slowpoke@file:${fixturePackages}/slowpoke-fast`,
      `slowpoke@file:${fixturePackages}/slowpoke-slow`,
      '--repeats',
      '6',
      // warmed up: a cold first window of A could read slower than B, and with 6 rounds one
      // round the other way already leaves the signed-rank test short of 5 %
      '--warmup',
      '1',
      // 100 requests in flight, not 1,000: the slow release's windows need no lengthening
      '--connections',
      '10',
      '--out',
      out,
      ...short,
    ],
    withFixtures,
  );
  assert.equal(run.code, 1, `a regression must fail the exit code\n${run.stdout}\n${run.stderr}`);
  const report = comparisonOf(out);
  const rps = report.cells.find((c) => c.figure === 'rps')!;
  assert.equal(rps.verdict, 'worse');
  assert.equal(rps.verdictWords, 'slower');
  assert.equal(rps.regression, true);
  assert.ok(rps.change < -0.2, `the slow release should lose much more than 20 %, lost ${rps.change}`);
  assert.equal(report.cells.find((c) => c.figure === 'cpu')!.verdictWords, 'costlier');
  // A and B of a round are pairs: judged round by round, every round counted.
  assert.equal(rps.test, 'signed-rank');
  assert.equal(rps.pairs, 6);
  assert.match(run.stdout, /REGRESSION: slower/);
  assert.match(run.stdout, /Wilcoxon signed-rank/);
  // what the test cannot tell from the version: each side's one start
  assert.match(run.stdout, /note: A and B each ran in one process: the per-round test counts a start's own speed/);

  // Both variants ran interleaved in one run, each against its own install.
  const result = resultOf(out);
  assert.deepEqual(result.targets.map((t) => t.packages.slowpoke).sort(), ['1.0.0', '2.0.0']);
  for (const round of [1, 2, 3, 4, 5, 6])
    assert.equal(result.trials.filter((t) => t.round === round).length, 2, `round ${round} ran A and B`);
  assert.match(readFileSync(join(runFolder(out), 'compare.md'), 'utf8'), /regression/i);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('ab of two published versions of a real framework installs both and gives a verdict per figure', async () => {
  const out = tempDir('ab-polka');
  const run = await runCli([
    'ab',
    'polka',
    'polka@0.5.1',
    'polka@0.5.2',
    '--repeats',
    '3',
    '--threshold',
    '90',
    '--warmup',
    '0',
    '--out',
    out,
    ...short,
  ]);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  const result = resultOf(out);
  assert.deepEqual(
    result.targets.map((t) => t.packages.polka),
    ['0.5.1', '0.5.2'],
  );
  const report = comparisonOf(out);
  assert.deepEqual(report.cells.map((c) => c.figure).sort(), ['cpu', 'p99', 'rps', 'rss']);
  // 3 rounds a side cannot reach 5 %: the tool must say so rather than invent a verdict.
  assert.ok(report.cells.every((c) => c.verdict === 'no-difference'));
  assert.ok(report.warnings.some((w) => /no difference can reach significance/.test(w)));
  assert.match(run.stdout, /no difference the data can show/);
});

test('ab refuses a version of a package the target does not use', async () => {
  const run = await runCli(['ab', 'polka', 'fastify@5.11.0', 'fastify@5.12.8']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /replaces fastify, which target polka does not use/);
});

test('ab swaps a framework under another (fastify under NestJS) and runs a saas app', async () => {
  const out = tempDir('ab-saas');
  const run = await runCli([
    'ab',
    'nest-fastify',
    'fastify@5.11.0',
    'fastify@5.12.8',
    '--suite',
    'saas',
    '--scenarios',
    'public-static,cookie-put-small',
    '--repeats',
    '1',
    '--threshold',
    '90',
    '--out',
    out,
    '--warmup',
    '0',
    '--quiet',
  ]);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  const result = resultOf(out);
  assert.deepEqual(
    result.targets.map((t) => t.packages.fastify),
    ['5.11.0', '5.12.8'],
  );
  // NestJS's Fastify adapter, installed beside the variant, loads the variant's fastify.
  const variant = join(projectRoot, '.gauntlet', 'ab', 'nest-fastify_fastify_5.11.0');
  const adapter = createRequire(join(variant, 'node_modules', '@nestjs', 'platform-fastify', 'package.json'));
  assert.equal(adapter.resolve('fastify/package.json'), join(variant, 'node_modules', 'fastify', 'package.json'));
  assert.ok(
    result.verification.every((v) => v.ok),
    'both variants answered the saas contract',
  );
  assert.ok(result.trials.every(isMeasured));
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});
