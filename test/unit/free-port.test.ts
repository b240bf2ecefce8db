import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { ephemeralLow, freePort } from '../../src/proc/free-port.js';

test('free ports come from below the ephemeral range, where no outgoing connection takes them, and never twice', async () => {
  const low = ephemeralLow();
  assert.ok(low > 1024, `the kernel's ephemeral range starts at ${low}`);
  const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
  assert.equal(new Set(ports).size, ports.length, 'no port handed out twice');
  for (const port of ports) assert.ok(port >= 20000 && port < low, `${port} lies below ${low}`);
  // each one really is free: a server binds it
  const port = await freePort();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((resolve) => server.close(resolve));
});
