import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startGroup } from '../../src/proc/process-group.js';
import { threadsCpuSeconds, threadsStopped } from '../../src/proc/proc-stat.js';
import { closeTurnsGuard, Turns } from '../../src/proc/turns.js';
import { fixtureTargetsDir, leftoverProcesses, resultOf, runCli, startRunUntilTrials } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The state letter of /proc/PID/stat ('T': stopped), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
  } catch {
    return undefined;
  }
}

async function notStopped(pid: number): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    if (stateOf(pid) !== 'T') return true;
    await sleep(20);
  }
  return false;
}

test('two groups in turns run one at a time, split the time between them, and both run again after', async () => {
  const busy = () => startGroup({ command: process.execPath, args: ['-e', 'for (;;) {}'] });
  const groups = [busy(), busy()];
  try {
    await sleep(200);
    const cpu = () => groups.map((g) => threadsCpuSeconds(g.pid) ?? 0).reduce((a, b) => a + b, 0);
    const turns = new Turns([groups[0].pid, groups[1].pid]);
    // the window starts once the turns have: the constructor spawns the guard first
    const before = cpu();
    const fromMs = performance.now();
    await sleep(600);
    const toMs = performance.now();
    const used = cpu() - before;
    turns.stop();
    const wallSec = (toMs - fromMs) / 1000;
    // two busy loops on two cores would use two cores' worth; in turns, one core's at most
    assert.ok(used < 1.4 * wallSec, `the two used ${used.toFixed(2)} s of CPU in ${wallSec.toFixed(2)} s`);
    const served = [turns.servedMs(0, fromMs, toMs), turns.servedMs(1, fromMs, toMs)];
    assert.ok(served[0] > 0 && served[1] > 0, `both ran: ${served}`);
    assert.ok(Math.abs(served[0] + served[1] - (toMs - fromMs)) < 1, 'the turns split the window between them');
    assert.ok(turns.swapCount > 2);
    for (const group of groups) assert.ok(await notStopped(group.pid), 'stop() resumed both');
  } finally {
    await Promise.all(groups.map((g) => g.stop()));
    await closeTurnsGuard();
  }
});

test('a stopped group counts as stopped only once every thread of it has stopped', async () => {
  // worker threads busy in a loop: each must leave the CPU to take the stop
  const script =
    "const { Worker } = require('node:worker_threads'); for (let i = 0; i < 3; i++) new Worker('for (;;) {}', { eval: true }); for (;;) {}";
  const group = startGroup({ command: process.execPath, args: ['-e', script] });
  try {
    await sleep(300);
    assert.equal(threadsStopped([group.pid]), false, 'running threads are not stopped');
    process.kill(-group.pid, 'SIGSTOP');
    let stopped = false;
    for (let i = 0; i < 100 && !stopped; i++) {
      stopped = threadsStopped([group.pid]);
      if (!stopped) await sleep(5);
    }
    assert.ok(stopped, 'every thread stopped after SIGSTOP');
    assert.equal(threadsStopped([2 ** 22 + 1]), true, 'a process that is gone counts as stopped');
  } finally {
    await group.stop();
  }
});

test("the other side resumes only once the stopped side says it has stopped, and the wait is the stopped side's time", async () => {
  const idle = () => startGroup({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
  const groups = [idle(), idle()];
  const slowStopMs = 15;
  const stopSent = new Map<number, number>();
  const overlaps: string[] = [];
  // a side whose threads take 15 ms to stop (as moost's V8 threads did); meanwhile the other must stay stopped
  const slowToStop = (pids: readonly number[]): boolean => {
    const pid = pids[0];
    const other = groups.find((g) => g.pid !== pid)!.pid;
    if (stateOf(other) !== 'T') overlaps.push(`${other} ran while ${pid} was stopping`);
    const sent = stopSent.get(pid) ?? performance.now();
    stopSent.set(pid, sent);
    if (performance.now() - sent < slowStopMs) return false;
    stopSent.delete(pid);
    return threadsStopped(pids);
  };
  try {
    await sleep(200);
    const turns = new Turns([groups[0].pid, groups[1].pid], 25, slowToStop);
    const fromMs = performance.now();
    await sleep(400);
    const toMs = performance.now();
    turns.stop();
    assert.deepEqual(overlaps, [], 'no side resumed while the other was stopping');
    for (const side of [0, 1] as const) {
      const waits = turns.stopWaits(side, fromMs, toMs);
      assert.ok(waits && waits.median >= slowStopMs, `side ${side} waited for its stop: ${JSON.stringify(waits)}`);
    }
    const served = turns.servedMs(0, fromMs, toMs) + turns.servedMs(1, fromMs, toMs);
    assert.ok(Math.abs(served - (toMs - fromMs)) < 1, 'the stop waits are counted to the side stopping, none lost');
    // each turn lasts its 25 ms and its stop: fewer swaps than without the waits
    assert.ok(turns.swapCount <= Math.ceil((toMs - fromMs) / (25 + slowStopMs)), `${turns.swapCount} swaps`);
  } finally {
    await Promise.all(groups.map((g) => g.stop()));
    await closeTurnsGuard();
  }
});

test('a group left stopped ends at once on stop(), not after the grace for SIGKILL', async () => {
  const idle = startGroup({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
  await sleep(200);
  process.kill(-idle.pid, 'SIGSTOP');
  await idle.stop(60_000);
  assert.equal((await idle.exited).signal, 'SIGTERM', 'resumed, it took the SIGTERM');
});

const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };

test('run --turns pairs every trial with a baseline process in one window, refuses a cheat, and leaves nothing behind', async () => {
  const out = tempDir('turns');
  const run = await runCli(
    [
      'run',
      '--turns',
      '--turn-ms',
      '30',
      '--targets',
      'node-http,polka,cheats-under-load',
      '--scenarios',
      'json',
      '--repeats',
      '3',
      '--duration',
      '0.25',
      '--trial-warmup',
      '0.1',
      '--warmup',
      '0',
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  assert.deepEqual(result.plan.turns, { turnMs: 30 }, '--turn-ms sets the turn');
  const polka = result.trials.filter((t) => t.target === 'polka');
  assert.equal(polka.length, 3, 'one trial a round; the baseline is never measured on its own');
  for (const trial of polka) {
    assert.equal(trial.turns?.partner.target, 'node-http');
    assert.equal(trial.turns.turnMs, 30);
    assert.ok(trial.turns.partner.process, 'the baseline runs a process per visit, taken in turn');
    const m = trial.measurement!;
    assert.ok(trial.turns.servedSec > 0 && trial.turns.servedSec < m.durationSec, 'it ran part of its window');
    assert.ok(m.durationSec >= 0.45, 'each load lasts twice --duration');
    assert.ok(Math.abs(m.requestsPerSec - m.requests / trial.turns.servedSec) < 1e-6, 'req/s over its time');
  }
  const baselineSides = result.trials.filter((t) => t.target === 'node-http');
  assert.ok(baselineSides.every((t) => t.turns && t.turns.partner.target !== 'node-http'));
  assert.equal(
    baselineSides.filter((t) => t.turns?.partner.target === 'polka').length,
    3,
    'a baseline side for every polka trial',
  );
  const cell = result.summaries.find((s) => s.target === 'polka')!;
  assert.equal(cell.status, 'measured');
  assert.equal(cell.baselineRatios?.requestsPerSec?.estimator, 'turns');
  assert.ok(cell.ratioToBaseline! > 0);
  const caught = result.verification.find((v) => v.target === 'cheats-under-load' && v.phase === 'under-load');
  assert.ok(caught && !caught.ok, 'the cheat is caught in turns too');
  const cheat = result.summaries.find((s) => s.target === 'cheats-under-load')!;
  assert.equal(cheat.status, 'failed');
  assert.equal(cheat.ratioToBaseline, undefined);
  assert.match(run.stdout, /took 30 ms turns/);
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'no target, generator or guard outlived the run');
});

/** A long run in turns, resolved once its journal holds a trial. */
const runInTurnsUntilATrial = (out: string) =>
  startRunUntilTrials(
    ['run', '--turns', '--targets', 'node-http,polka', '--repeats', '20', '--duration', '1', '--warmup', '0'],
    out,
    1,
  );

test('Ctrl-C in the middle of turns stops every process, none left stopped', async () => {
  const { child, exited, mark } = await runInTurnsUntilATrial(tempDir('turns-sigint'));
  await sleep(700); // well inside the next trial's 2 s of turns
  child.kill('SIGINT');
  assert.equal(await exited, 130);
  assert.deepEqual(await leftoverProcesses(mark), []);
});

test('gauntlet killed outright in the middle of turns: the guard resumes the targets, which then exit', async () => {
  const { child, exited, mark } = await runInTurnsUntilATrial(tempDir('turns-sigkill'));
  await sleep(700);
  child.kill('SIGKILL');
  await exited;
  assert.deepEqual(await leftoverProcesses(mark, 5000), [], 'no target is left stopped or running');
});

test('--turns is refused where turns cannot work', async () => {
  const ramp = await runCli(['run', '--turns', '--profile', 'ramp:0-10/2s', '--targets', 'node-http,polka']);
  assert.equal(ramp.code, 2);
  assert.match(ramp.stderr, /GAUNTLET_TURNS_UNSUITED/);
  assert.match(ramp.stderr, /ramp profile; turns need a fixed load/);
  const alone = await runCli(['run', '--turns', '--targets', 'node-http']);
  assert.equal(alone.code, 2);
  assert.match(alone.stderr, /at least one other target/);
  const lengthAlone = await runCli(['run', '--turn-ms', '50', '--targets', 'node-http,polka']);
  assert.equal(lengthAlone.code, 2);
  assert.match(lengthAlone.stderr, /--turn-ms sets the length of a turn, but this run takes no turns/);
});

test('ab --turns: A and B of each round in one window, the per-round test on those pairs', async () => {
  const out = tempDir('ab-turns');
  const run = await runCli([
    'ab',
    'polka',
    'polka@0.5.1',
    'polka@0.5.2',
    '--turns',
    '--repeats',
    '3',
    '--threshold',
    '90',
    '--scenarios',
    'text',
    '--warmup',
    '0',
    '--duration',
    '0.25',
    '--quiet',
    '--out',
    out,
  ]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /--turns: in each round A and B were loaded in one window/);
  const result = resultOf(out);
  const after = result.trials.filter((t) => t.target === 'polka@0.5.2');
  assert.equal(after.length, 3);
  assert.ok(
    after.every((t) => t.turns?.partner.target === 'polka@0.5.1'),
    'B took turns with A in every round',
  );
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});
