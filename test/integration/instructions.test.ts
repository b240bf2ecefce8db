/**
 * `--cost instructions` end to end, under the real Valgrind: a run that counts two targets and
 * writes its document and report, an ab that calls a release doing a fixed amount of extra
 * work a regression (the same code is judged in the unit tests and measured by bench:counts),
 * Ctrl-C, and a clear error without Valgrind.
 * Counts are kept short: the tests check the mechanics, and bench/instructions/ measures the
 * precision (after a short warm-up two processes of the same code counted up to 2 % apart).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { valgrindUnavailable } from '../../src/instructions/valgrind.js';
import type { CountsDocument } from '../../src/instructions/count-result.js';
import {
  fixtureTargetsDir,
  leftoverProcesses,
  projectRoot,
  runCli,
  runFolder,
  startRunUntilTrials,
  tempDir,
} from '../helpers/cli.js';

const skip = valgrindUnavailable();
const fixturePackages = join(projectRoot, 'test', 'fixtures', 'packages');
/** A run's mechanics: short counts after a short warm-up. */
const short = [
  '--cost',
  'instructions',
  '--count-processes',
  '2',
  '--count-warmup',
  '3000',
  '--count-requests',
  '2000',
  '--quiet',
];
const documentOf = (out: string) =>
  JSON.parse(readFileSync(join(runFolder(out), 'instructions.json'), 'utf8')) as CountsDocument;

test('run --cost instructions counts each target in a process per round and reports instructions per request', {
  skip,
}, async () => {
  const out = tempDir('count-run');
  const run = await runCli(['run', '--targets', 'node-http,fastify', ...short, '--out', out], {}, 300_000);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const doc = documentOf(out);
  assert.equal(doc.complete, true);
  assert.deepEqual(doc.scenarios, ['json'], 'the default scenario of the hello suite');
  assert.equal(doc.counts.length, 4, 'two targets, two rounds');
  assert.deepEqual(doc.failures, []);
  for (const count of doc.counts) {
    // a node:http answer takes tens of thousands of instructions; a count of nothing would be near 0
    assert.ok(count.instructionsPerRequest > 10_000, `${count.target}: ${count.instructionsPerRequest}`);
    assert.equal(count.blocks.length >= 2, true);
  }
  assert.match(doc.valgrind.version, /^\d+\.\d+/);
  assert.ok(doc.valgrind.flags.includes('--tool=callgrind'));
  assert.ok(doc.v8Flags.includes('--hash-seed=1'));
  assert.match(run.stdout, /instructions\/req/);
  assert.match(run.stdout, /node-http\s+json\s+[\d,]+\s+1\.000/);
  assert.match(readFileSync(join(runFolder(out), 'report.md'), 'utf8'), /\| fastify +\| json/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('ab --cost instructions calls fixed extra work per request a regression and fails the exit code', {
  skip,
}, async () => {
  const out = tempDir('count-ab');
  // B runs 5,000 turns of a loop per request: about a quarter more instructions, far beyond the
  // few percent a short warm-up leaves between two processes of the same code.
  const run = await runCli(
    [
      'ab',
      'slowpoke',
      `slowpoke@file:${fixturePackages}/slowpoke-fast`,
      `slowpoke@file:${fixturePackages}/slowpoke-loop`,
      ...short,
      '--out',
      out,
    ],
    { GAUNTLET_TARGET_DIRS: fixtureTargetsDir },
    300_000,
  );
  assert.deepEqual(await leftoverProcesses(run.mark), []);
  assert.equal(run.code, 1, `a regression fails the exit code\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /regression: B counts [\d.]+ % more/);
  assert.match(readFileSync(join(runFolder(out), 'compare.md'), 'utf8'), /regression/);
});

test('Ctrl-C stops the count under way, keeps the finished counts, and leaves no process', {
  skip,
}, async () => {
  const out = tempDir('count-sigint');
  const counted = (runDir: string) => {
    try {
      return (JSON.parse(readFileSync(join(runDir, 'instructions.json'), 'utf8')) as CountsDocument).counts.length;
    } catch {
      return 0; // not written yet, or being replaced
    }
  };
  const { child, exited, mark, dir } = await startRunUntilTrials(
    ['run', '--targets', 'node-http,fastify', ...short.filter((a) => a !== '--quiet'), '--count-processes', '5'],
    out,
    1,
    { finishedIn: counted, timeoutMs: 180_000 },
  );
  const stoppedAt = Date.now();
  child.kill('SIGINT');
  assert.equal(await exited, 130);
  // Not the rest of the count (30 s and more): the target is stopped. callgrind_control can take
  // several seconds more to give up on it on a busy machine.
  assert.ok(Date.now() - stoppedAt < 30_000, 'the count under way is stopped, not waited for');
  const doc = JSON.parse(readFileSync(join(dir, 'instructions.json'), 'utf8')) as CountsDocument;
  assert.equal(doc.complete, false);
  assert.ok(doc.counts.length >= 1);
  assert.deepEqual(doc.failures, [], 'the stopped count is no failure');
  assert.deepEqual(await leftoverProcesses(mark), []);
});

test('without Valgrind, --cost instructions stops with a coded error naming the install command', async () => {
  const run = await runCli(['run', '--targets', 'node-http', '--cost', 'instructions', '--quiet'], {
    PATH: '/nonexistent',
  });
  assert.equal(run.code, 4, run.stderr);
  assert.match(run.stderr, /GAUNTLET_NO_VALGRIND/);
  assert.match(run.stderr, /apt-get install valgrind/);
});
