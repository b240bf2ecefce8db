import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { checkEnvironments } from '../../src/compare/environment-match.js';
import type { Result } from '../../src/model/schema.js';
import {
  haltsAtOnce,
  type IdlePollingFiles,
  KERNEL_DEFAULT_HALT_POLL_NS,
  pollIdleCores,
  readIdlePolling,
} from '../../src/proc/idle-polling.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { reportResult } from '../helpers/report-result.js';
import { tempDir } from '../helpers/temp-dir.js';

/** A governor file and a halt-poll file in a temporary folder, standing in for /sys. */
function fakeSysfs(governor: string, haltPollNs: string): IdlePollingFiles {
  const dir = tempDir('idle');
  const files = {
    governor: join(dir, 'current_governor_ro'),
    haltPollNs: join(dir, 'guest_halt_poll_ns'),
    lease: join(dir, 'lease.json'),
  };
  writeFileSync(files.governor, `${governor}\n`);
  writeFileSync(files.haltPollNs, `${haltPollNs}\n`);
  return files;
}
const valueIn = (files: IdlePollingFiles) => readFileSync(files.haltPollNs, 'utf8').trim();

test('idle cores that halt at once are made to poll for the run, and put back after', () => {
  const files = fakeSysfs('haltpoll', '0');
  assert.equal(haltsAtOnce(readIdlePolling(files)), true);
  const polling = pollIdleCores(true, files);
  assert.equal(valueIn(files), String(KERNEL_DEFAULT_HALT_POLL_NS));
  assert.equal(polling.record?.haltPollNs, KERNEL_DEFAULT_HALT_POLL_NS);
  assert.equal(polling.record?.setFrom, 0);
  assert.match(polling.record!.note, /put back after/);
  polling.restore();
  assert.equal(valueIn(files), '0');
  polling.restore(); // twice is harmless
  assert.equal(valueIn(files), '0');
});

test('while it runs, a run keeps a lease of what it found, and gives it up when it puts the value back', () => {
  const files = fakeSysfs('haltpoll', '0');
  const polling = pollIdleCores(true, files);
  assert.deepEqual(JSON.parse(readFileSync(files.lease, 'utf8')), {
    pid: process.pid,
    setFrom: 0,
    value: KERNEL_DEFAULT_HALT_POLL_NS,
  });
  polling.restore();
  assert.equal(existsSync(files.lease), false);
});

test('the value a run killed outright left behind is put back by the next run, from its lease', () => {
  const dead = spawnSync(process.execPath, ['-e', '']).pid; // exited: its pid is free
  const killedRun = (ns: string) => {
    const files = fakeSysfs('haltpoll', ns);
    writeFileSync(files.lease, JSON.stringify({ pid: dead, setFrom: 0, value: KERNEL_DEFAULT_HALT_POLL_NS }));
    return files;
  };
  const files = killedRun(String(KERNEL_DEFAULT_HALT_POLL_NS));
  const polling = pollIdleCores(true, files);
  assert.equal(polling.record?.setFrom, 0);
  assert.match(polling.record!.note, new RegExp(`killed outright, pid ${dead}`));
  polling.restore();
  assert.equal(valueIn(files), '0');
  assert.equal(existsSync(files.lease), false);
  // --no-idle-polling: the machine's own value at once.
  const asked = killedRun(String(KERNEL_DEFAULT_HALT_POLL_NS));
  assert.equal(pollIdleCores(false, asked).record?.haltPollNs, 0);
  assert.equal(valueIn(asked), '0');
  // Changed by someone since: theirs; only the stale lease goes.
  const changed = killedRun('50000');
  assert.equal(pollIdleCores(true, changed).record?.haltPollNs, 50000);
  assert.equal(valueIn(changed), '50000');
  assert.equal(existsSync(changed.lease), false);
  // A lease of a live process is another run's, still running: its value stays.
  const running = fakeSysfs('haltpoll', String(KERNEL_DEFAULT_HALT_POLL_NS));
  writeFileSync(running.lease, JSON.stringify({ pid: process.pid, setFrom: 0, value: KERNEL_DEFAULT_HALT_POLL_NS }));
  assert.equal(pollIdleCores(true, running).record?.setFrom, undefined);
  assert.equal(valueIn(running), String(KERNEL_DEFAULT_HALT_POLL_NS));
});

test('a value someone else set while the run ran is left to them', () => {
  const files = fakeSysfs('haltpoll', '0');
  const polling = pollIdleCores(true, files);
  writeFileSync(files.haltPollNs, '50000');
  polling.restore();
  assert.equal(valueIn(files), '50000');
});

test('polling already on, --no-idle-polling, and machines without the governor are left as they are', () => {
  const polls = fakeSysfs('haltpoll', '100000');
  const already = pollIdleCores(true, polls);
  assert.equal(valueIn(polls), '100000');
  assert.deepEqual({ ns: already.record?.haltPollNs, from: already.record?.setFrom }, { ns: 100000, from: undefined });
  assert.match(already.record!.note, /poll up to 100 µs/);

  const asked = fakeSysfs('haltpoll', '0');
  const left = pollIdleCores(false, asked);
  assert.equal(valueIn(asked), '0');
  assert.equal(left.record?.haltPollNs, 0);
  assert.match(left.record!.note, /--no-idle-polling/);

  const bare = fakeSysfs('menu', '0');
  const none = pollIdleCores(true, bare);
  assert.equal(valueIn(bare), '0');
  assert.equal(none.record, undefined);
});

test('a setting gauntlet cannot write (not root) is left, and the note gives the command that sets it', (t) => {
  if (process.getuid?.() !== 0) return t.skip('needs root to run the check as another user');
  const files = fakeSysfs('haltpoll', '0');
  chmodSync(dirname(files.haltPollNs), 0o755); // readable by the other user, writable by root alone
  const moduleUrl = new URL('../../src/proc/idle-polling.js', import.meta.url).href;
  const script = `const { pollIdleCores } = await import(${JSON.stringify(moduleUrl)});
    const polling = pollIdleCores(true, ${JSON.stringify(files)});
    polling.restore();
    console.log(JSON.stringify(polling.record));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    uid: 65534,
    gid: 65534,
    encoding: 'utf8',
  });
  assert.equal(child.status, 0, child.stderr);
  const record = JSON.parse(child.stdout) as { haltPollNs: number; setFrom?: number; note: string };
  assert.equal(record.haltPollNs, 0);
  assert.equal(record.setFrom, undefined);
  assert.match(record.note, /could not change it \(EACCES\).*as root, echo 200000 > /);
  assert.equal(valueIn(files), '0');
});

test('a run whose idle cores halted at once warns, and compare will not set it beside one whose cores polled', () => {
  const withPolling = (haltPollNs: number, note: string): Result => {
    const result = reportResult();
    return {
      ...result,
      environment: { ...result.environment, idlePolling: { governor: 'haltpoll', haltPollNs, note } },
    };
  };
  const polled = withPolling(KERNEL_DEFAULT_HALT_POLL_NS, 'idle cores poll up to 200 µs before they halt');
  const halted = withPolling(0, 'idle cores halt at once (guest_halt_poll_ns 0), left so by --no-idle-polling');
  const kinds = (result: Result) => collectWarnings(result, result.summaries).map((w) => w.kind);
  assert.ok(kinds(halted).includes('idle-halts'));
  assert.ok(!kinds(polled).includes('idle-halts'));
  assert.match(
    collectWarnings(halted, halted.summaries).find((w) => w.kind === 'idle-halts')!.message,
    /^expect lower and noisier figures than with idle polling .*: idle cores halt at once \(guest_halt_poll_ns 0\), left so by --no-idle-polling$/,
  );
  assert.ok(checkEnvironments(polled, halted).blocking.some((b) => /idle polling/.test(b)));
  assert.ok(!checkEnvironments(polled, polled).blocking.some((b) => /idle polling/.test(b)));
  // An older result does not say: nothing to hold against it.
  assert.ok(!checkEnvironments(reportResult(), halted).blocking.some((b) => /idle polling/.test(b)));
});
