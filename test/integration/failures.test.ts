import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EXIT } from '../../src/core/exit-codes.js';
import { fixtureTargetsDir, leftoverProcesses, resultOf, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured } from '../helpers/measured.js';

const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };

test('a target that answers wrongly is refused, never measured, and named with the reason', async () => {
  const out = tempDir('wrong');
  const run = await runCli(
    [
      'run',
      '--targets',
      'node-http,wrong-body',
      '--scenarios',
      'text,json',
      '--repeats',
      '2',
      '--duration',
      '1',
      '--warmup',
      '0',
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  assert.equal(result.trials.filter((t) => t.target === 'wrong-body').length, 0, 'no load was sent to a wrong target');
  // the baseline's two visits per scenario and round were planned before wrong-body failed verification
  assert.equal(result.trials.filter((t) => t.target === 'node-http').length, 8);
  const failed = result.summaries.find((s) => s.target === 'wrong-body' && s.scenario === 'text')!;
  assert.equal(failed.status, 'failed');
  assert.match(failed.reason!, /body "Hello, World", expected "Hello, world!"/);
  assert.equal(failed.requestsPerSec, undefined);
  assert.match(run.stdout, /wrong-body: failed/);

  const verify = await runCli(['verify', '--targets', 'node-http,wrong-body'], withFixtures);
  assert.equal(verify.code, EXIT.WRONG_ANSWER);
  assert.match(verify.stdout, /ok +node-http/);
  assert.match(verify.stdout, /FAILED wrong-body/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
  assert.deepEqual(await leftoverProcesses(verify.mark), []);
});

test('a target that dies mid-trial gives a failed trial with its exit code and output, and leaves nothing behind', async () => {
  const out = tempDir('crash');
  const run = await runCli(
    [
      'run',
      '--targets',
      'dies-mid-trial,node-http',
      '--scenarios',
      'text',
      '--repeats',
      '1',
      '--duration',
      '2',
      '--warmup',
      '0',
      '--out',
      out,
    ],
    { ...withFixtures, DIE_AFTER_REQUESTS: '5000' },
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const crashed = result.trials.find((t) => t.target === 'dies-mid-trial')!;
  assert.equal(crashed.status, 'failed');
  assert.match(crashed.reason!, /died during the trial \(exit code 3\)/);
  assert.equal(crashed.exit?.code, 3);
  assert.match(crashed.exit!.lastOutput, /giving up after 5000 requests/);
  assertMeasured(
    result.trials.find((t) => t.target === 'node-http'),
    'the run went on with the rest: node-http',
  );
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'the crashed target, its child and the generator are gone');
});

test('a target that never answers times out with a clear error quoting its output', async () => {
  const verify = await runCli(['verify', '--targets', 'never-ready', '--ready-timeout', '1'], withFixtures);
  assert.equal(verify.code, EXIT.TARGET_FAILED);
  assert.match(verify.stdout, /never-ready did not start: did not answer HTTP within 1000 ms/);
  assert.match(verify.stdout, /waiting for a database that never comes/);
  assert.deepEqual(await leftoverProcesses(verify.mark), []);
});
