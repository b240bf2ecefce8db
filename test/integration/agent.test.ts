/**
 * `gauntlet agent` spoken to in-process, as the load host would over SSH: a target started,
 * metered and stopped, its exit told as an event, and what is left stopped when the input closes.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { serveAgent } from '../../src/hosts/agent.js';
import { gauntletVersion } from '../../src/results/environment.js';

/** A server that answers "ok" where the host tells it to listen. */
const SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.GAUNTLET_PORT), process.env.GAUNTLET_HOST)`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('the agent starts, meters and stops targets, tells their exit, and stops the rest when its input closes', async () => {
  const input = new PassThrough();
  const output = new PassThrough();
  const served = serveAgent({ input, output, address: '127.0.0.1' });
  const replies = new Map<number, (message: Record<string, unknown>) => void>();
  const events: Array<Record<string, unknown>> = [];
  createInterface({ input: output }).on('line', (line) => {
    const message = JSON.parse(line) as Record<string, unknown>;
    if ('event' in message) events.push(message);
    else replies.get(message.id as number)?.(message);
  });
  let id = 0;
  const ask = (request: Record<string, unknown>) =>
    new Promise<Record<string, unknown>>((resolve) => {
      replies.set(++id, resolve);
      input.write(`${JSON.stringify({ ...request, id })}\n`);
    });

  const hello = await ask({ op: 'hello', version: gauntletVersion() });
  assert.equal((hello.value as { version: string }).version, gauntletVersion());
  const launch = {
    label: 'tiny',
    command: process.execPath,
    args: ['-e', SERVER],
    env: {},
    protocol: 'http1',
    readyTimeoutMs: 5000,
  };
  const started = (await ask({ op: 'start', launch })).value as { pid: number; port: number };
  const answer = await fetch(`http://127.0.0.1:${started.port}/`).then((r) => r.text());
  assert.equal(answer, 'ok');

  await ask({ op: 'meter-begin', meter: 1, pid: started.pid, series: true });
  for (let i = 0; i < 50; i++) await fetch(`http://127.0.0.1:${started.port}/`).then((r) => r.text());
  const usage = (await ask({ op: 'meter-end', meter: 1 })).value as { cpuSeconds: number; writtenBytes: number };
  assert.ok(usage.cpuSeconds > 0, 'CPU read from /proc');
  assert.ok(usage.writtenBytes > 50 * 2, 'its answers counted');

  const refused = await ask({ op: 'start', launch: { ...launch, args: ['-e', 'process.exit(3)'] } });
  assert.equal(refused.ok, false);
  assert.match((refused.error as { message: string }).message, /tiny did not start: exited with code 3/);

  await ask({ op: 'stop', pid: started.pid });
  assert.ok(
    events.some((e) => e.event === 'exit' && e.pid === started.pid),
    'the exit is told',
  );
  assert.equal(alive(started.pid), false);

  const left = (await ask({ op: 'start', launch })).value as { pid: number };
  input.end(); // the SSH session closed
  await served;
  assert.equal(alive(left.pid), false, 'a target still running when the input closed was stopped');
});
