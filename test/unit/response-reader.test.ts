import assert from 'node:assert/strict';
import test from 'node:test';
import { MalformedResponse, ResponseReader } from '../../src/engines/node-http1/response-reader.js';
import { requestBytes } from '../../src/engines/node-http1/request-bytes.js';

function reader() {
  const seen: Array<[number, boolean]> = [];
  return { seen, reader: new ResponseReader({ response: (status, closes) => seen.push([status, closes]) }) };
}

const fixed = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, world!';
const chunked =
  'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n8;ext=1\r\n, world!\r\n0\r\n\r\n';
const noReason = 'HTTP/1.1 404 \r\ncontent-length: 0\r\n\r\n';
const noBody = 'HTTP/1.1 204 No Content\r\n\r\n';
const closing = 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 2\r\n\r\nno';

test('pipelined answers in one read: each counted once, in order, with its status', () => {
  const { seen, reader: r } = reader();
  r.feed(Buffer.from(fixed + chunked + noReason + noBody + closing));
  assert.deepEqual(seen, [
    [200, false],
    [201, false],
    [404, false],
    [204, false],
    [503, true],
  ]);
  assert.equal(r.midResponse, false);
});

test('answers split at every byte boundary read the same', () => {
  const all = Buffer.from(fixed + chunked + noReason);
  for (let cut = 1; cut < all.length; cut++) {
    const { seen, reader: r } = reader();
    r.feed(all.subarray(0, cut));
    r.feed(all.subarray(cut));
    assert.deepEqual(
      seen.map(([s]) => s),
      [200, 201, 404],
      `cut at ${cut}`,
    );
  }
  const { seen, reader: r } = reader();
  for (const byte of all) r.feed(Buffer.from([byte]));
  assert.equal(seen.length, 3, 'one byte at a time');
});

test('a half-read answer is not counted; a body that runs to the close is counted at the close', () => {
  const { seen, reader: r } = reader();
  r.feed(Buffer.from(fixed.slice(0, -3)));
  assert.equal(seen.length, 0);
  assert.equal(r.midResponse, true);
  const untilClose = reader();
  untilClose.reader.feed(Buffer.from('HTTP/1.0 200 OK\r\n\r\nbody without a length'));
  assert.equal(untilClose.seen.length, 0);
  untilClose.reader.closed();
  assert.deepEqual(untilClose.seen, [[200, true]]);
});

test('100 Continue is not an answer; what is not HTTP is refused', () => {
  const { seen, reader: r } = reader();
  r.feed(Buffer.from(`HTTP/1.1 100 Continue\r\n\r\n${fixed}`));
  assert.deepEqual(seen, [[200, false]]);
  assert.throws(() => reader().reader.feed(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n')), MalformedResponse);
  assert.throws(() => reader().reader.feed(Buffer.from('HTTP/1.1 abc\r\n\r\n')), MalformedResponse);
});

test('request bytes: host, headers, a body with its length', () => {
  const get = requestBytes({ method: 'GET', path: '/user/7?x=1' }, 'http://127.0.0.1:3000').toString();
  assert.equal(get, 'GET /user/7?x=1 HTTP/1.1\r\nHost: 127.0.0.1:3000\r\n\r\n');
  const post = requestBytes(
    { method: 'POST', path: '/tasks', headers: { 'content-type': 'application/json' }, body: '{"a":"é"}' },
    'http://127.0.0.1:3000',
  ).toString();
  assert.equal(
    post,
    'POST /tasks HTTP/1.1\r\nHost: 127.0.0.1:3000\r\ncontent-type: application/json\r\nContent-Length: 10\r\n\r\n{"a":"é"}',
  );
});
