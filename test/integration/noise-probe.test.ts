import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import type { NoiseProbe } from '../../src/calibrate/noise-probe.js';
import { MIN_PROBE_WINDOWS } from '../../src/calibrate/noise-probe.js';
import { RUN_DEFAULTS } from '../../src/api/settings.js';
import { cliFile, leftoverProcesses, newMark, runCli, TEST_MARK_VAR } from '../helpers/cli.js';

test("doctor --noise loads node-http in the default run's windows back to back and describes their spread", async () => {
  const probed = await runCli(['doctor', '--noise', '2', '--json']);
  assert.equal(probed.code, 0, probed.stderr);
  const probe = JSON.parse(probed.stdout) as NoiseProbe;
  assert.equal(probe.target, 'node-http');
  assert.ok(probe.windows.length >= MIN_PROBE_WINDOWS, `${probe.windows.length} windows`);
  assert.ok(probe.windows.every((w) => w.requestsPerSec > 0 && w.cpuUsPerRequest > 0));
  const { requestsPerSec, cpuUsPerRequest } = probe.noise;
  assert.equal(requestsPerSec.windows, probe.windows.length);
  for (const series of [requestsPerSec, cpuUsPerRequest]) {
    assert.ok(series.logSpread >= 0 && series.median > 0);
    assert.ok(series.slowWindows >= 0 && series.slowWindows <= series.windows);
  }
  // the maximum counts the seconds its windows measured, which a busy machine trims a little
  assert.ok(
    probe.warmup.steady || probe.warmup.seconds >= RUN_DEFAULTS.warmupSec * 0.9,
    `warmed up to steady state or its maximum: ${JSON.stringify(probe.warmup)}`,
  );
  assert.match(probed.stderr, /windows of 0\.25 s/);
  assert.deepEqual(await leftoverProcesses(probed.mark), []);

  const refused = await runCli(['doctor', '--noise', '0']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /--noise takes seconds above 0/);
});

test('doctor --noise stopped with Ctrl-C reports the windows so far, in words, and stops node-http', async () => {
  const mark = newMark();
  const child = spawn(process.execPath, [cliFile, 'doctor', '--noise', '60'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [TEST_MARK_VAR]: mark },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  // in words, the progress lines go to standard output
  while (!/windows of/.test(stdout)) {
    if (Date.now() > deadline) throw new Error(`the probe never started its windows:\n${stdout}\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 3000));
  child.kill('SIGINT');
  assert.equal(await exited, 130, stderr);
  const windows = Number(/(\d+) windows back to back/.exec(stdout)?.[1]);
  assert.ok(windows >= 2 && windows < 60, stdout);
  assert.match(stdout, /req\/s: median [\d,]+; windows spread [\d.]+ %/);
  assert.deepEqual(await leftoverProcesses(mark), [], 'node-http and the generator stopped with the probe');
});
