/**
 * `--cost instructions` end to end, under the real Valgrind: a run stopped by Ctrl-C after its
 * first count, whose document and reports `report` and `compare` read; an ab that calls a
 * release doing a fixed amount of extra work a regression (the same code is judged in the unit
 * tests and measured by bench:counts); and a clear error without Valgrind.
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
} from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const skip = valgrindUnavailable();
const fixturePackages = join(projectRoot, 'test', 'fixtures', 'packages');
/** A run's mechanics: short counts after a short warm-up, one process per target unless said. */
const short = [
  '--cost',
  'instructions',
  '--count-processes',
  '1',
  '--count-warmup',
  '1000',
  '--count-requests',
  '400',
  '--quiet',
];
const documentOf = (out: string) =>
  JSON.parse(readFileSync(join(runFolder(out), 'instructions.json'), 'utf8')) as CountsDocument;

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
      '--count-processes',
      '2',
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
  assert.match(readFileSync(join(runFolder(out), 'report.html'), 'utf8'), /B regressed beyond 0\.50 % in json/);
  const doc = documentOf(out);
  assert.equal(doc.counts.length, 4, 'A and B, two rounds');
  assert.deepEqual(doc.ab && [doc.ab.a, doc.ab.b], doc.targets, 'the document keeps which is A and which B');
});

test('run --cost instructions counts and reports instructions per request; Ctrl-C keeps the finished counts; report and compare read them', {
  skip,
}, async () => {
  const out = tempDir('count-run');
  const counted = (runDir: string) => {
    try {
      return (JSON.parse(readFileSync(join(runDir, 'instructions.json'), 'utf8')) as CountsDocument).counts.length;
    } catch {
      return 0; // not written yet, or being replaced
    }
  };
  const { child, exited, mark, dir, stdout } = await startRunUntilTrials(
    ['run', '--targets', 'node-http,fastify', ...short.filter((a) => a !== '--quiet'), '--count-processes', '2'],
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
  assert.deepEqual(await leftoverProcesses(mark), []);

  const doc = JSON.parse(readFileSync(join(dir, 'instructions.json'), 'utf8')) as CountsDocument;
  assert.equal(doc.complete, false);
  assert.deepEqual(doc.scenarios, ['json'], 'the default scenario of the hello suite');
  assert.deepEqual(doc.failures, [], 'the stopped count is no failure');
  assert.ok(doc.counts.length >= 1);
  for (const count of doc.counts) {
    // a node:http answer takes tens of thousands of instructions; a count of nothing would be near 0
    assert.ok(count.instructionsPerRequest > 10_000, `${count.target}: ${count.instructionsPerRequest}`);
    assert.equal(count.counted, 2, '--count-requests 400: the figure is two blocks of 200, never more');
  }
  assert.equal(doc.plan.blockRequests, 200, 'below 2,000 requests, two blocks of half of them');
  assert.match(doc.valgrind.version, /^\d+\.\d+/);
  assert.ok(doc.valgrind.flags.includes('--tool=callgrind'));
  assert.ok(doc.v8Flags.includes('--hash-seed=1'));
  assert.ok(doc.v8Flags.includes('--no-memory-reducer'), 'the memory reducer off, as in timed runs');
  assert.ok(doc.v8Flags.includes('--min-semi-space-size=16'), 'the young generation at its full size from the start');
  assert.match(stdout(), /node-http\s+json\s+[\d,]+\s+1\.000/, 'the first target counted is the baseline');
  assert.match(readFileSync(join(dir, 'report.md'), 'utf8'), /\| node-http +\| json/);
  assert.match(readFileSync(join(dir, 'report.html'), 'utf8'), /json: instructions per request/);

  // Rendered again with CSV, and compared with itself: the same counts, no regression.
  const csv = tempDir('count-csv');
  const report = await runCli(['report', dir, '--csv', csv]);
  assert.equal(report.code, 0, report.stderr);
  assert.match(readFileSync(join(csv, 'counts.csv'), 'utf8'), /^target,scenario,round,instructions_per_request,/);
  const same = await runCli(['compare', dir, dir]);
  assert.equal(same.code, 0, same.stderr);
  assert.match(same.stdout, /No regression beyond 0\.50 % in instructions per request/);
});

test('without Valgrind, --cost instructions stops with a coded error naming the install command', async () => {
  const run = await runCli(['run', '--targets', 'node-http', '--cost', 'instructions', '--quiet'], {
    PATH: '/nonexistent',
  });
  assert.equal(run.code, 4, run.stderr);
  assert.match(run.stderr, /GAUNTLET_NO_VALGRIND/);
  assert.match(run.stderr, /apt-get install valgrind/);
});
