/**
 * The wait before a window: it returns once the target's process group is idle, waits out a
 * backlog (a child that stays busy for a while), and gives up on one that never idles.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type GroupProcess, startGroup } from '../../src/proc/process-group.js';
import { groupMembers, usageOf } from '../../src/proc/proc-stat.js';
import { waitUntilIdle } from '../../src/proc/settle.js';

/**
 * A process group that says "ready" once started and then idles; on SIGUSR2 it says "spinning",
 * spins two threads until they have used `cpuMs` of CPU between them (Infinity: for good), and
 * says "done".
 * A busy spell measured in CPU time, not wall time, lasts as long as it must on a busy machine,
 * and two threads keep the group busy in every slice even when one of them waits for a core.
 */
function spinner(cpuMs = 0): GroupProcess {
  const code = `
    const { Worker } = require('node:worker_threads');
    const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const spin = 'const { workerData } = require("node:worker_threads"); const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; }; while (used() < workerData);';
    process.on('SIGUSR2', () => {
      const until = used() + ${Number.isFinite(cpuMs) ? cpuMs : 'Infinity'};
      process.stdout.write('spinning\\n');
      const worker = new Worker(spin, { eval: true, workerData: until });
      while (used() < until);
      worker.terminate();
      process.stdout.write('done\\n');
    });
    setInterval(() => {}, 1000);
    process.stdout.write('ready\\n');`;
  return startGroup({ command: process.execPath, args: ['-e', code] });
}

/** Resolves once the group has written `line` on its stdout. */
function saw(group: GroupProcess, line: string): Promise<void> {
  return new Promise((resolve) => {
    let text = '';
    const look = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.split('\n').includes(line)) return;
      group.child.stdout?.off('data', look);
      resolve();
    };
    group.child.stdout?.on('data', look);
  });
}

test('waitUntilIdle returns at once for an idle group, waits out a busy spell, and says when it gave up', async () => {
  const idle = spinner();
  const spell = spinner(600);
  const forever = spinner(Number.POSITIVE_INFINITY);
  try {
    await Promise.all([idle, spell, forever].map((group) => saw(group, 'ready')));
    const quiet = await waitUntilIdle(idle.pid);
    assert.equal(quiet.idle, true);
    assert.ok(quiet.waitedMs < 1000, `an idle group took ${quiet.waitedMs} ms`);

    const spinning = saw(spell, 'spinning');
    const done = saw(spell, 'done');
    process.kill(spell.pid, 'SIGUSR2');
    await spinning;
    const waited = await waitUntilIdle(spell.pid);
    assert.equal(waited.idle, true);
    // Called idle, the group had done its work: what it used after that is the last moments of
    // the spell (a thread waiting for a core uses nothing meanwhile), not a part of it.
    const cpuAt = () => usageOf(groupMembers(spell.pid)).cpuSeconds;
    const atIdle = cpuAt();
    await done;
    const after = cpuAt() - atIdle;
    assert.ok(after < 0.15, `called idle after ${waited.waitedMs} ms, the group then still used ${after} s of CPU`);

    const endless = saw(forever, 'spinning');
    process.kill(forever.pid, 'SIGUSR2');
    await endless;
    const gaveUp = await waitUntilIdle(forever.pid, undefined, 500);
    assert.equal(gaveUp.idle, false);
    assert.ok(gaveUp.waitedMs >= 500 && gaveUp.waitedMs < 3000, `gave up after ${gaveUp.waitedMs} ms`);
  } finally {
    await Promise.all([idle.stop(500), spell.stop(500), forever.stop(500)]);
  }
});
