/**
 * The counting client against a server that resets a kept-alive connection as the next request
 * arrives on it, as a target under Valgrind does when a dump outlasted its keep-alive timeout.
 */
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { test } from 'node:test';
import { CountedClient } from '../../src/instructions/counted-load.js';
import { helloSuite } from '../../src/suites/hello/suite.js';

const json = helloSuite.scenarios.find((s) => s.name === 'json')!;
const answer = '{"hello":"world"}';
const reply = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${answer.length}\r\nconnection: keep-alive\r\n\r\n${answer}`;

/**
 * A client with `concurrency` connections to a server that answers the first `answered` requests
 * of each connection and resets it at the next; both closed after `use`.
 */
async function withResettingServer(
  answered: number,
  concurrency: number,
  use: (client: CountedClient, connections: () => number) => Promise<void>,
): Promise<void> {
  let connections = 0;
  const server = createServer((socket: Socket) => {
    connections++;
    let requests = 0;
    socket.on('data', () => {
      if (requests++ < answered) socket.write(reply);
      else socket.resetAndDestroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const client = new CountedClient(`http://127.0.0.1:${port}`, json, { concurrency, timeoutMs: 5000 });
  try {
    await use(client, () => connections);
  } finally {
    client.close();
    server.close();
  }
}

test('a kept-alive connection reset as a request goes out on it is retried on a new one', () =>
  withResettingServer(1, 1, async (client, connections) => {
    assert.equal((await client.send(1)).answered, 1);
    const second = await client.send(1);
    assert.equal(second.answered, 1, 'answered on a new connection');
    assert.equal(second.wrongCount, 0);
    assert.equal(second.opened, 1, 'the block says it opened a connection');
    assert.equal(connections(), 2);
  }));

test('a connection reset before it answered anything is a failure, not retried', () =>
  withResettingServer(0, 2, async (client, connections) => {
    await assert.rejects(client.send(2), /ECONNRESET/);
    assert.ok(connections() <= 2, `${connections()} connections: a fresh connection's reset is not retried`);
  }));

test('connections kept alive are opened once, in the first block', () =>
  withResettingServer(1000, 2, async (client, connections) => {
    assert.equal((await client.send(4)).opened, 2);
    const next = await client.send(4);
    assert.deepEqual([next.answered, next.opened], [4, 0]);
    assert.equal(connections(), 2);
  }));
