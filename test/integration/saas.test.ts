import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { EXIT } from '../../src/core/exit-codes.js';
import { fixtureTargetsDir, leftoverProcesses, runCli, runFolder, savedResult } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured, isMeasured } from '../helpers/measured.js';

const SAAS_TARGETS = [
  'node-http',
  'express5',
  'fastify',
  'koa',
  'hono',
  'h3',
  'wooks',
  'wooks-0.6',
  'moost',
  'nest-express',
  'nest-fastify',
];
const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };

test('every saas target answers all 20 scenarios and the other routes exactly right, raw and with a slow store', async () => {
  for (const env of [{}, { GAUNTLET_STORE: 'delay:1' }]) {
    const out = await runCli(['verify', '--suite', 'saas', '--json'], env);
    assert.equal(out.code, 0, out.stdout + out.stderr);
    const verdicts = JSON.parse(out.stdout) as { verdicts: Array<{ target: string; ok: boolean }> };
    assert.deepEqual(
      verdicts.verdicts
        .filter((v) => v.ok)
        .map((v) => v.target)
        .sort(),
      [...SAAS_TARGETS].sort(),
    );
    assert.deepEqual(await leftoverProcesses(out.mark), []);
  }
});

test('a target that lets a wrong token through is refused; one that reads bodies before auth passes', async () => {
  const out = await runCli(['verify', '--suite', 'saas', '--targets', 'saas-lenient,saas-body-first'], withFixtures);
  assert.equal(out.code, EXIT.WRONG_ANSWER);
  assert.match(out.stdout, /FAILED saas-lenient\n\s+header-fail: GET \/api\/v1\/me: status 200, expected 401/);
  assert.match(out.stdout, /ok +saas-body-first/);
});

test('a short saas run with the mixed load: weighted summary, layer cost, no unexpected status', async () => {
  const dir = tempDir('saas');
  // one scenario per kind of answer (200, 401, 201, 404); the large bodies need windows of seconds at 100 connections.
  // 10 connections keep the latency, and so the window it needs (5 × p50), short while other tests load the machine:
  // at 100 a busy machine can push the median past 600 ms, and a window-too-short trial is not ranked.
  const scenarios = 'public-static,header-fail,cookie-post-small,error-404-short';
  const run = await runCli([
    'run',
    '--suite',
    'saas',
    '--targets',
    'fastify,nest-fastify',
    '--scenarios',
    scenarios,
    '--mixed',
    '--repeats',
    '1',
    '--duration',
    '0.5',
    '--warmup',
    '0',
    '--connections',
    '10',
    '--out',
    dir,
    '--quiet',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const folder = runFolder(dir);
  const result = savedResult(folder);
  const mixed = result.trials.filter((t) => t.scenario === 'mixed');
  assert.equal(mixed.length, 3, 'the baseline twice, the other target once');
  for (const trial of mixed) {
    assertMeasured(trial);
    const statuses = Object.keys(trial.measurement!.statusCounts).sort();
    assert.deepEqual(statuses, ['200', '201', '401', '404'], 'the mix carries every kind of answer');
  }
  assert.equal(result.plan.scenarioWeights?.['cookie-post-small']?.category, 'cookie-auth');
  assert.deepEqual(result.acrossScenarios?.weighted.map((w) => w.target).sort(), ['fastify', 'nest-fastify']);
  assert.equal(result.acrossScenarios?.layers[0]?.layer, 'fastify');
  const markdown = readFileSync(join(folder, 'report.md'), 'utf8');
  assert.match(markdown, /## Weighted summary/);
  assert.match(markdown, /\| Mixed run req\/s/);
  assert.match(markdown, /## Cost of the layer on top/);
  assert.match(markdown, /\| nest-fastify +\| fastify +\|/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('the Redis variant: gauntlet starts, seeds and stops a real redis-server and reports raw vs store', async () => {
  const dir = tempDir('redis');
  const run = await runCli([
    'run',
    '--suite',
    'saas',
    '--targets',
    'node-http',
    '--stores',
    'memory,redis',
    '--scenarios',
    'header-static,cookie-param-suffix,public-login',
    '--repeats',
    '1',
    '--duration',
    '0.5',
    '--warmup',
    '0',
    '--out',
    dir,
    '--quiet',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const folder = runFolder(dir);
  const result = savedResult(folder);
  const redisTrials = result.trials.filter((t) => t.target === 'node-http+redis');
  assert.equal(redisTrials.length, 3);
  assert.ok(
    redisTrials.every((t) => isMeasured(t) && t.measurement.statusCounts['200'] === t.measurement.requests),
    'every answer through Redis was right',
  );
  assert.ok(
    result.verification.some((v) => v.target === 'node-http+redis' && v.ok),
    'the Redis variant was verified, so the seeded data was there',
  );
  assert.match(
    readFileSync(join(folder, 'report.md'), 'utf8'),
    /## With a store behind every handler[\s\S]*\| node-http \|/,
  );
  const pinning = result.environment.pinning;
  if (pinning.pinned) {
    assert.ok(pinning.services, 'the core plan gave redis-server its cores');
    assert.match(pinning.note, /services \(redis\)/);
  }
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'redis-server and the apps are gone');
});

test('--stores is refused for a suite whose apps call no store, and an unknown store is named', async () => {
  const hello = await runCli(['run', '--stores', 'redis']);
  assert.equal(hello.code, 2);
  assert.match(hello.stderr, /hello suite's apps call no store/);
  const unknown = await runCli(['run', '--suite', 'saas', '--stores', 'postgres']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown store "postgres"/);
});
