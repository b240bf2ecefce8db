/**
 * The warm-up loop against a real process group read from /proc, loaded by a scripted
 * generator: what it does when a block leaves the target busy (HTTP/2's 100 × 100 streams on
 * a slow server) and when the generator saw no answer in a block the target wrote in.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Engine, EngineHooks, EngineMeasurement, LoadSpec } from '../../src/engines/engine.js';
import { leftWorkBehind, warmUp } from '../../src/measure/warmup.js';
import { localHost } from '../../src/hosts/local-host.js';
import type { RunningTarget } from '../../src/measure/target-process.js';
import { type GroupProcess, startGroup } from '../../src/proc/process-group.js';
import { helloSuite } from '../../src/suites/hello/suite.js';

/**
 * A stand-in target: it writes 64 KB every 5 ms while `writes` is on (what /proc counts as
 * its answers), and on SIGUSR2 keeps its core busy for 300 ms of CPU time (a backlog left by a
 * block), however long a busy machine makes that take.
 */
function fakeTarget(writes: boolean): GroupProcess {
  const code = `
    const fs = require('node:fs');
    const fd = fs.openSync('/dev/null', 'w');
    const chunk = Buffer.alloc(65536);
    const used = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    setInterval(() => { if (${writes}) fs.writeSync(fd, chunk); }, 5);
    process.on('SIGUSR2', () => { process.stdout.write('busy\\n'); const end = used() + 300; while (used() < end); });
    process.stdout.write('ready\\n');`;
  return startGroup({ command: process.execPath, args: ['-e', code] });
}

/** Resolves once the fake target next writes `line` on its stdout. */
function says(target: GroupProcess, line: string): Promise<void> {
  return new Promise((resolve) => {
    let text = '';
    const look = (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.split('\n').includes(line)) return;
      target.child.stdout?.off('data', look);
      resolve();
    };
    target.child.stdout?.on('data', look);
  });
}

/** Resolves once every one of the fake targets has started (said "ready"). */
const started = (...targets: GroupProcess[]) => Promise.all(targets.map((target) => says(target, 'ready')));

/** A generator that loads for the block's length, then answers as told for block n (1-based). */
function scripted(
  target: GroupProcess,
  answer: (block: number) => EngineMeasurement | Error,
): Engine & { blocks: number } {
  const engine = {
    name: 'scripted',
    blocks: 0,
    async run(spec: LoadSpec, hooks: EngineHooks): Promise<EngineMeasurement> {
      engine.blocks++;
      hooks.windowStart(process.pid);
      await new Promise((resolve) => setTimeout(resolve, spec.durationSec * 1000));
      hooks.windowEnd();
      const outcome = answer(engine.blocks);
      if (outcome instanceof Error) throw outcome;
      if (outcome.requests < 1000) {
        // few answers: the rest is still queued, and the target is busy with it once it says so
        const busy = says(target, 'busy');
        process.kill(target.pid, 'SIGUSR2');
        await busy;
      }
      return outcome;
    },
  };
  return engine as unknown as Engine & { blocks: number };
}

const answered = (requests: number): EngineMeasurement => ({
  requests,
  errors: 0,
  timeouts: 0,
  statusCounts: { 200: requests },
  bytes: requests * 200,
  durationSec: 1,
  latencyMs: { mean: 1, p50: 1, p75: 1, p90: 1, p99: 1, p99_9: 1, max: 1 },
});

function running(process: GroupProcess): RunningTarget {
  return {
    process,
    baseUrl: 'http://127.0.0.1:1',
    port: 1,
    protocol: 'h2c',
    host: localHost,
  } as unknown as RunningTarget;
}

const h2Load = { connections: 100, pipelining: 100, timeoutSec: 10 };
const json = helloSuite.scenarios.filter((s) => s.name === 'json');

test('a block leaves work behind when its requests in flight outlast one settle slice at the rate just answered', () => {
  assert.equal(leftWorkBehind(100 * 100, answered(13_000)), true, 'hapi at 100 × 100 streams: 0.77 s of backlog');
  assert.equal(leftWorkBehind(100 * 10, answered(80_000)), false, 'a fast target at 100 × 10: 12.5 ms');
  assert.equal(leftWorkBehind(100 * 10, answered(14_000)), true, 'moost at 100 × 10: 71 ms');
  assert.equal(leftWorkBehind(100 * 10, answered(0)), true, 'no answer at all');
  assert.equal(leftWorkBehind(100 * 10, undefined), true, 'the generator gave no figures');
});

test('warm-up waits for a target a block left busy before loading the next, and only then', async () => {
  const slow = fakeTarget(true);
  const fast = fakeTarget(true);
  try {
    await started(slow, fast);
    const signal = new AbortController().signal;
    const backlogged = await warmUp(
      running(slow),
      json,
      scripted(slow, () => answered(500)),
      h2Load,
      {
        signal,
        maxSec: 4,
      },
    );
    const blocks = backlogged.blocks.length;
    assert.ok(blocks >= 3, JSON.stringify(backlogged));
    // a wait after every block but the last, each past most of a busy spell of 300 ms of CPU
    assert.ok(
      (backlogged.waitedMs ?? 0) >= (blocks - 1) * 200,
      `waited ${backlogged.waitedMs} ms over ${blocks} blocks`,
    );
    const kept = await warmUp(
      running(fast),
      json,
      scripted(fast, () => answered(1_000_000)),
      h2Load,
      {
        signal,
        maxSec: 4,
      },
    );
    assert.equal(kept.waitedMs, undefined, 'a block answered fast leaves nothing to wait for');
  } finally {
    await Promise.all([slow.stop(500), fast.stop(500)]);
  }
});

test('a block the generator saw no answer in still counts when the target wrote in it; one it wrote nothing in ends the warm-up', async () => {
  const writing = fakeTarget(true);
  const silent = fakeTarget(false);
  const noAnswer = () => new Error('h2load got no response in the measured window (can it connect?)');
  try {
    await started(writing, silent);
    const signal = new AbortController().signal;
    const engine = scripted(writing, (n) => (n === 2 ? noAnswer() : answered(1_000_000)));
    const went_on = await warmUp(running(writing), json, engine, h2Load, { signal, maxSec: 4 });
    assert.equal(went_on.error, undefined, JSON.stringify(went_on));
    assert.ok(went_on.blocks.length >= 3, `blocks after the one without answers: ${went_on.blocks.length}`);
    assert.ok(went_on.blocks.every((b) => b.bytesPerSec > 0));

    const stopped = await warmUp(running(silent), json, scripted(silent, noAnswer), h2Load, { signal, maxSec: 4 });
    assert.match(stopped.error ?? '', /no response in the measured window/);
    assert.equal(stopped.blocks.length, 0);
    assert.equal(stopped.steady, false);
  } finally {
    await Promise.all([writing.stop(500), silent.stop(500)]);
  }
});

test('warm-up sends what a trial sends after its window after every block, and a failed send does not end it', async () => {
  const target = fakeTarget(true);
  try {
    await started(target);
    const events: string[] = [];
    const engine = scripted(target, (n) => {
      events.push(`block ${n}`);
      return answered(1_000_000);
    });
    let sends = 0;
    const warmup = await warmUp(running(target), json, engine, h2Load, {
      signal: new AbortController().signal,
      maxSec: 4,
      afterBlock: async () => {
        sends++;
        events.push('checks');
        if (sends === 1) throw new Error('connection refused');
      },
    });
    assert.ok(warmup.blocks.length >= 3, JSON.stringify(warmup));
    assert.equal(warmup.error, undefined);
    const expected = warmup.blocks.flatMap((_, i) => [`block ${i + 1}`, 'checks']);
    assert.deepEqual(events, expected, 'each block followed by the checks, before the next block');
  } finally {
    await target.stop(500);
  }
});
