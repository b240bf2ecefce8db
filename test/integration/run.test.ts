import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { resultSchema } from '../../src/results/schema.js';
import { leftoverProcesses, projectRoot, runCli, runFolder, tempDir } from '../helpers/cli.js';

const TARGETS = ['node-http', 'fastify', 'koa'];

test('a short real run of three targets: verified, repeated, measured, reported', async () => {
  const out = tempDir('run');
  const run = await runCli(['run', '--targets', TARGETS.join(','), '--repeats', '2', '--duration', '1', '--warmup', '1', '--out', out, '--seed', '5']);
  assert.equal(run.code, 0, run.stderr);
  const dir = runFolder(out);
  const result = resultSchema.parse(JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')));

  assert.equal(result.complete, true);
  assert.equal(result.trials.length, TARGETS.length * 3 * 2, 'every target x scenario x repeat ran');
  assert.deepEqual(result.verification.filter((v) => v.ok).map((v) => v.target).sort(), [...TARGETS, ...TARGETS].sort());
  for (const trial of result.trials) {
    assert.notEqual(trial.status, 'failed', `${trial.target}/${trial.scenario}: ${trial.reason}`);
    const m = trial.measurement!;
    assert.ok(m.requests > 1000, `${trial.target}/${trial.scenario} got only ${m.requests} responses`);
    assert.equal(m.statusCounts['200'], m.requests, 'every response was a 200');
    assert.ok(m.server.cpuUsPerRequest > 0 && m.server.cpuSeconds > 0, 'server CPU was sampled');
    assert.ok(m.server.peakRssBytes > 10e6, 'server RSS was sampled');
    assert.ok(m.server.rssSeries.length >= 2, 'an RSS series was recorded');
    assert.ok(m.generator.cpuCores > 0, 'generator CPU was sampled');
    assert.ok(m.latencyMs.p99 >= m.latencyMs.p50);
  }
  // Rounds interleave: round 1 of every target comes before any round 2.
  const lastOfRound1 = Math.max(...result.trials.filter((t) => t.round === 1).map((t) => t.index));
  const firstOfRound2 = Math.min(...result.trials.filter((t) => t.round === 2).map((t) => t.index));
  assert.ok(lastOfRound1 < firstOfRound2);

  const summary = result.summaries.find((s) => s.target === 'fastify' && s.scenario === 'json')!;
  assert.equal(summary.status, 'measured');
  assert.ok(summary.ratioToBaseline! > 0);
  assert.equal(result.summaries.find((s) => s.target === 'node-http' && s.scenario === 'json')!.ratioToBaseline, 1);

  // Exact versions from the lockfile reach the environment manifest.
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  assert.equal(result.environment.packages.fastify, pkg.dependencies.fastify);
  assert.equal(result.environment.engine.name, 'autocannon');
  assert.equal(result.plan.seed, 5);

  assert.match(run.stdout, /scenario json/);
  assert.match(run.stdout, /CPU µs\/req/);
  const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
  assert.match(markdown, /\| Target +\| Version/);
  assert.match(markdown, /\| fastify +\|/);

  // The saved result renders again.
  const again = await runCli(['report', join(dir, 'result.json'), '--markdown', join(out, 'again.md')]);
  assert.equal(again.code, 0, again.stderr);
  assert.ok(existsSync(join(out, 'again.md')));
  assert.match(again.stdout, /koa/);

  assert.deepEqual(await leftoverProcesses('/dist/src/targets/'), [], 'no target outlived the run');
  assert.deepEqual(await leftoverProcesses('/dist/src/engines/'), [], 'no generator outlived the run');
});
