/**
 * The wait before a window: it returns once the target's process group is idle, waits out a
 * backlog (a child that stays busy for a while), and gives up on one that never idles.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startGroup } from '../../src/proc/process-group.js';
import { waitUntilIdle } from '../../src/proc/settle.js';

/** A process group whose leader spins a core for `busyMs` (after a short start), then sleeps. */
function busyFor(busyMs: number) {
  const code = `setTimeout(() => { const end = Date.now() + ${busyMs}; while (Date.now() < end); setInterval(() => {}, 1000); }, 0)`;
  return startGroup({ command: process.execPath, args: ['-e', code] });
}

test('waitUntilIdle returns at once for an idle group, waits out a busy spell, and says when it gave up', async () => {
  const idle = startGroup({ command: process.execPath, args: ['-e', 'setInterval(() => {}, 1000)'] });
  const spell = busyFor(800);
  const forever = busyFor(60_000);
  try {
    await new Promise((resolve) => setTimeout(resolve, 300)); // past node's own start-up
    const quiet = await waitUntilIdle(idle.pid);
    assert.equal(quiet.idle, true);
    assert.ok(quiet.waitedMs < 400, `an idle group took ${quiet.waitedMs} ms`);

    const waited = await waitUntilIdle(spell.pid);
    assert.equal(waited.idle, true);
    assert.ok(waited.waitedMs >= 200, `a group busy for 0.8 s was called idle after ${waited.waitedMs} ms`);

    const gaveUp = await waitUntilIdle(forever.pid, undefined, 500);
    assert.equal(gaveUp.idle, false);
    assert.ok(gaveUp.waitedMs >= 500 && gaveUp.waitedMs < 1500, `gave up after ${gaveUp.waitedMs} ms`);
  } finally {
    await Promise.all([idle.stop(500), spell.stop(500), forever.stop(500)]);
  }
});
