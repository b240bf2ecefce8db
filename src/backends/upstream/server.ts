/**
 * The upstream HTTP service of the fanout suite, run by gauntlet in its own process: GET
 * /item/:id/:part answers `{ id, part, token, payload }` after a configurable delay, signed
 * with a secret made here at start. A second port, for gauntlet only, tells the secret once
 * (GET /secret) and the number of calls served so far (GET /count).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { upstreamAnswer } from '../../suites/fanout/contract.js';

const env = (name: string) => Number(process.env[name]);
const host = '127.0.0.1';
const key = { secret: randomBytes(32).toString('hex'), payloadBytes: env('UPSTREAM_PAYLOAD_BYTES') };
const latencyMs = env('UPSTREAM_LATENCY_MS');
let served = 0;
let secretTold = false;

const ITEM = /^\/item\/([A-Za-z0-9_-]{1,64})\/(\d{1,2})$/;

const data = createServer((req, res) => {
  const match = req.method === 'GET' ? ITEM.exec(req.url ?? '') : null;
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  served++; // counted on arrival: once a target has answered, every call it made is in the count
  const body = JSON.stringify(upstreamAnswer(key, match[1], Number(match[2])));
  const send = () =>
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  if (latencyMs > 0) setTimeout(send, latencyMs);
  else send();
});
// Longer than any client's idle pool timeout, so pooled connections are closed by the clients, never mid-request by us.
data.keepAliveTimeout = 30_000;

const control = createServer((req, res) => {
  if (req.url === '/count') {
    res.end(String(served));
  } else if (req.url === '/secret' && !secretTold) {
    secretTold = true; // told once, to gauntlet right after the start: a target asking later gets nothing
    res.end(key.secret);
  } else {
    res.writeHead(404).end();
  }
});

data.listen(env('UPSTREAM_PORT'), host);
control.listen(env('UPSTREAM_CONTROL_PORT'), host);

// Gone with gauntlet even after a SIGKILL of it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();
