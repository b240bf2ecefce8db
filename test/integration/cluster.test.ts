import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { EXIT } from '../../src/core/exit-codes.js';
import {
  cliFile,
  fixtureTargetsDir,
  leftoverProcesses,
  newMark,
  processesMarked,
  resultOf,
  runCli,
  TEST_MARK_VAR,
} from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured } from '../helpers/measured.js';

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

test('cluster mode starts a primary and N workers per target, and leaves none behind', async () => {
  const out = tempDir('cluster');
  const mark = newMark();
  const child = spawn(
    process.execPath,
    [
      cliFile,
      'run',
      '--targets',
      'node-http',
      '--scenarios',
      'text',
      '--workers',
      '2',
      '--repeats',
      '1',
      '--duration',
      '2',
      '--warmup',
      '0',
      '--out',
      out,
      '--quiet',
    ],
    {
      env: { ...process.env, [TEST_MARK_VAR]: mark },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let most = 0;
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    const apps = processesMarked(mark).filter((pid) => commandLine(pid).includes('node-http/hello.js'));
    most = Math.max(most, apps.length);
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(await exited, 0);
  assert.equal(most, 3, 'one primary and two workers ran the app');
  const result = resultOf(out);
  assert.equal(result.plan.workers, 2);
  assert.match(result.environment.pinning.note, /2 cluster worker\(s\) per target/);
  assertMeasured(result.trials[0]);
  assert.deepEqual(await leftoverProcesses(mark), []);
});

test('a worker that dies ends the target: a failed trial with its exit code, and no process left', async () => {
  const out = tempDir('cluster-crash');
  const run = await runCli(
    [
      'run',
      '--targets',
      'dies-mid-trial',
      '--scenarios',
      'text',
      '--workers',
      '2',
      '--repeats',
      '1',
      '--duration',
      '2',
      '--warmup',
      '0',
      '--out',
      out,
      '--quiet',
    ],
    { GAUNTLET_TARGET_DIRS: fixtureTargetsDir, DIE_AFTER_REQUESTS: '3000' },
  );
  assert.equal(run.code, EXIT.TARGET_FAILED, `nothing was measured, which the exit code says: ${run.stderr}`);
  const result = resultOf(out);
  const [trial] = result.trials;
  assert.equal(trial.status, 'failed');
  assert.equal(trial.exit?.code, 3);
  assert.match(trial.exit!.lastOutput, /worker \d+ exited \(code 3\): stopping the target/);
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'the primary, the other worker and their children are gone');
  assert.ok(readdirSync(out).length === 1);
});

test('--workers refuses what is not a worker count', async () => {
  const run = await runCli(['run', '--workers', 'many']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /--workers takes a whole number from 1 to 256 or "auto", got "many"/);
});
