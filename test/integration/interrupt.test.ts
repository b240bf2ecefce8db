import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultSchema } from '../../src/model/schema.js';
import { haltsAtOnce, KERNEL_DEFAULT_HALT_POLL_NS, readIdlePolling } from '../../src/proc/idle-polling.js';
import { leftoverProcesses, runCli, savedResult, startRunUntilTrials } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A run long enough to interrupt, resolved once its journal holds `trials` finished trials. */
const startRunAndWait = (out: string, trials: number) =>
  startRunUntilTrials(
    ['run', '--targets', 'node-http,polka', '--repeats', '20', '--duration', '1', '--warmup', '0'],
    out,
    trials,
  );

test('Ctrl-C keeps the finished trials, writes a partial result, and stops every process', async () => {
  const out = tempDir('sigint');
  const { child, exited, mark, dir, stdout } = await startRunAndWait(out, 2);
  child.kill('SIGINT');
  assert.equal(await exited, 130);
  const result = savedResult(dir);
  assert.equal(result.complete, false);
  assert.match(result.interruption!, /SIGINT/);
  assert.ok(result.trials.length >= 2);
  assert.ok(result.trials.every((t) => t.status !== 'failed' || /stopped|SIGINT/.test(t.reason ?? '')));
  assert.match(stdout(), /INCOMPLETE/);
  const report = await runCli(['report', dir]);
  assert.equal(report.code, 0, report.stderr);
  assert.match(report.stdout, /node-http/);
  assert.deepEqual(await leftoverProcesses(mark), [], 'no target or generator outlived the run');
});

test('if gauntlet itself is killed, its target and generator notice and exit, and the journal still reports', async () => {
  const out = tempDir('sigkill');
  const idleBefore = readIdlePolling();
  const { child, exited, mark, dir } = await startRunAndWait(out, 1);
  child.kill('SIGKILL');
  await exited;
  assert.deepEqual(await leftoverProcesses(mark, 5000), [], 'the orphaned target and generator exit by themselves');
  const report = await runCli(['report', dir, '--json']);
  assert.equal(report.code, 0, report.stderr);
  const result = resultSchema.parse(JSON.parse(report.stdout));
  assert.equal(result.complete, false);
  assert.ok(result.trials.length >= 1);
  // Idle polling the killed run set (as root, on a haltpoll guest) could not be put back by it;
  // the next run puts back what it found, from the lease it left.
  if (haltsAtOnce(idleBefore) && process.getuid?.() === 0) {
    assert.equal(readIdlePolling().haltPollNs, KERNEL_DEFAULT_HALT_POLL_NS, 'left by the killed run');
    const next = await runCli([
      'run',
      '--targets',
      'node-http',
      '--scenarios',
      'text',
      '--repeats',
      '1',
      '--warmup',
      '0',
      '--duration',
      '0.2',
      '--out',
      tempDir('after-sigkill'),
    ]);
    assert.equal(next.code, 0, next.stderr);
  }
  assert.deepEqual(readIdlePolling(), idleBefore, 'the halt polling setting is back to what the killed run found');
});
