import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureTargetsDir, leftoverProcesses, resultOf, runCli, runFolder } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };

test('a target that calls the upstream four times is refused at verification; those that call it five times pass', async () => {
  const run = await runCli(
    ['verify', '--suite', 'fanout', '--targets', 'upstream-four-calls,fastify-undici,nest-fastify-undici'],
    withFixtures,
  );
  assert.equal(run.code, 3, run.stdout + run.stderr);
  assert.match(run.stdout, /upstream-four-calls/);
  assert.match(run.stdout, /made 4 call\(s\) to the upstream, expected 5/);
  assert.match(run.stdout, /ok\s+fastify-undici/);
  assert.match(
    run.stdout,
    /ok\s+nest-fastify-undici/,
    'NestJS 10 from deps/nest-10 starts and injects its HttpService',
  );
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'the upstream and the targets are stopped');
});

test('a short fanout run: answers and upstream counts checked per window, a caching target caught, the pair computed', async () => {
  const out = tempDir('fanout');
  const run = await runCli(
    [
      'run',
      '--suite',
      'fanout',
      '--targets',
      'fastify-axios,fastify-undici,upstream-cache',
      '--repeats',
      '1',
      // 3 s, not 1: fastify-axios answers a few hundred req/s here, so a 1 s window had to be
      // extended to hold 1,000 answers, and on a busier machine fell short after the last extension
      '--duration',
      '3',
      '--warmup',
      '1',
      // 10 requests in flight, not the suite's 100: a slow moment of the machine then lengthens
      // the window instead of timing requests out (fastify-axios answered 170 req/s in one)
      '--connections',
      '10',
      // the baseline (fastify-axios) once a round: its windows take seconds to hold 1,000 answers
      '--baseline-visits',
      '1',
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  assert.equal(result.plan.upstream?.callsPerRequest, 5);
  assert.ok(result.environment.pinning.note.includes('upstream'), result.environment.pinning.note);

  // The cache makes its five calls while it is verified, so it passes...
  assert.ok(result.verification.some((v) => v.target === 'upstream-cache' && v.phase === 'start' && v.ok));
  // ...and is caught by the count of the window (and the checks sent after it).
  const caught = result.verification.find((v) => v.target === 'upstream-cache' && v.phase === 'under-load');
  assert.ok(caught && !caught.ok, 'a failed verification under load is recorded');
  assert.ok(
    caught.failures.some((f) => /the upstream served \d+ calls in the window/.test(f.reason)),
    JSON.stringify(caught.failures),
  );
  const cell = result.summaries.find((s) => s.target === 'upstream-cache')!;
  assert.equal(cell.status, 'failed');
  assert.equal(cell.ratioToBaseline, undefined, 'never ranked');

  for (const target of ['fastify-axios', 'fastify-undici']) {
    const trial = result.trials.find((t) => t.target === target && t.status === 'ok');
    const tried = result.trials
      .filter((t) => t.target === target)
      .map((t) => ({ status: t.status, flags: t.flags, upstream: t.measurement?.upstream }));
    assert.ok(
      trial?.measurement?.upstream?.ok,
      `${target}: its window's upstream count holds: ${JSON.stringify(tried)}`,
    );
    assert.ok(trial.measurement.upstream.calls > 0);
    const summary = result.summaries.find((s) => s.target === target)!;
    assert.ok(summary.upstreamCpuUsPerRequest, `${target}: the upstream's CPU per request is summarized`);
  }
  const pair = result.acrossScenarios?.pairs?.find((p) => p.before === 'fastify-axios' && p.after === 'fastify-undici');
  assert.ok(pair?.requestsPerSec, 'the client effect (undici vs axios on Fastify) is computed');
  assert.equal(pair.rounds, 1);
  const markdown = readFileSync(join(runFolder(out), 'report.md'), 'utf8');
  assert.match(markdown, /Improvement matrix: fanout/);
  assert.match(markdown, /Fanout per runtime and target: fanout/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});
