/**
 * HTTP/1.1 load on raw node:net sockets, in its own process (pinned by the parent), one trial
 * per 'run' message: `connections` keep-alive sockets, each keeping `pipelining` requests in
 * flight (every response that ends is replaced at once, all the replacements a read brought
 * written together), cycling through the spec's requests, written from bytes built once.
 * Responses are read by ResponseReader, which builds no header objects and no body strings:
 * that is where autocannon spends most of its CPU per request.
 *
 * Counted in the window: responses per status, the latency of each (written to fully read,
 * in order on its socket), requests lost when a socket closed or failed (errors), requests
 * past the timeout (timeouts, also errors: the socket is dropped and reopened), and the bytes
 * read from the sockets (whole answers as on the wire). Where the load says each answer
 * (LoadSpec.expectedAnswers), every body of the expected status is compared with it (bodyCheck).
 */
import { connect, type Socket } from 'node:net';
import { BODY_SAMPLES, type BodyCheck, protocolOf, type LoadSpec } from '../engine.js';
import { freshWindowStats, serveTrials } from '../worker-window.js';
import { requestBytes } from './request-bytes.js';
import { ResponseReader } from './response-reader.js';

/** How often in-flight requests are checked against the timeout. */
const TIMEOUT_SWEEP_MS = 200;
/** Pause before reopening a socket that closed during the load, so a dead server is not hammered. */
const RECONNECT_MS = 100;

/** One socket and the send times of its requests in flight (a ring: answers come back in order). */
class Connection {
  readonly sent: Float64Array;
  /** Which of the load's requests each one in flight is (the same ring as `sent`). */
  readonly sentIndex: Int32Array;
  private first = 0;
  inFlight = 0;
  bytesAtWindowStart = 0;
  /** Set when the socket is dropped on purpose (timeout, malformed answer): its losses are already counted. */
  dropped = false;
  /** The server said it closes after the response just read: send nothing more on this socket. */
  closing = false;

  constructor(
    readonly socket: Socket,
    pipelining: number,
  ) {
    this.sent = new Float64Array(pipelining);
    this.sentIndex = new Int32Array(pipelining);
  }

  pushSent(at: number, index: number): void {
    const slot = (this.first + this.inFlight) % this.sent.length;
    this.sent[slot] = at;
    this.sentIndex[slot] = index;
    this.inFlight++;
  }

  /** The request the next answer on this socket answers. */
  oldestIndex(): number {
    return this.sentIndex[this.first];
  }

  shiftSent(): number {
    const at = this.sent[this.first];
    this.first = (this.first + 1) % this.sent.length;
    this.inFlight--;
    return at;
  }

  oldestSent(): number {
    return this.sent[this.first];
  }
}

class Load {
  private readonly requests: Buffer[];
  /** Each request's expected answer (status and body), where the load says it. */
  private readonly expected: Array<{ status: number; body: Buffer } | undefined>;
  private readonly host: string;
  private readonly port: number;
  private readonly depth: number;
  private readonly timeoutMs: number;
  private next = 0;
  private running = true;
  private measuring = false;
  private readonly connections = new Set<Connection>();
  /** Socket bytes of connections closed during the window. */
  private closedBytes = 0;
  private sweep?: NodeJS.Timeout;
  stats = freshWindowStats();

  constructor(readonly spec: LoadSpec) {
    this.requests = spec.requests.map((request) => requestBytes(request, spec.baseUrl));
    this.expected = spec.requests.map((_, index) => {
      const answer = spec.expectedAnswers?.[index];
      return answer ? { status: answer.status, body: Buffer.from(answer.body) } : undefined;
    });
    const url = new URL(spec.baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.depth = Math.max(1, spec.pipelining);
    this.timeoutMs = spec.timeoutSec * 1000;
  }

  start(): void {
    for (let i = 0; i < this.spec.connections; i++) this.open();
    this.sweep = setInterval(() => this.checkTimeouts(), TIMEOUT_SWEEP_MS);
  }

  /** From now on responses count; what happened before is forgotten. */
  openWindow(): void {
    this.stats = freshWindowStats();
    this.closedBytes = 0;
    for (const connection of this.connections) connection.bytesAtWindowStart = connection.socket.bytesRead;
    this.measuring = true;
  }

  /** Stops issuing and counting; returns the socket bytes read in the window. */
  stop(): number {
    this.running = false;
    this.measuring = false;
    clearInterval(this.sweep);
    let bytes = this.closedBytes;
    for (const connection of this.connections) {
      bytes += connection.socket.bytesRead - connection.bytesAtWindowStart;
      connection.socket.destroy();
    }
    this.connections.clear();
    return bytes;
  }

  private open(): void {
    if (!this.running) return;
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    const connection = new Connection(socket, this.depth);
    this.connections.add(connection);
    const reader = new ResponseReader({
      expectedBody: (status) => {
        const expected = this.measuring ? this.expected[connection.oldestIndex()] : undefined;
        return expected && expected.status === status ? expected.body : undefined;
      },
      response: (status, closes, wrongBody) => {
        const index = connection.oldestIndex();
        const latencyMs = performance.now() - connection.shiftSent();
        if (closes) connection.closing = true;
        if (!this.measuring) return;
        this.stats.requests++;
        this.stats.statusCounts[status] = (this.stats.statusCounts[status] ?? 0) + 1;
        this.stats.latency.add(latencyMs);
        if (wrongBody !== undefined) this.countBody(index, status, wrongBody);
      },
    });
    socket.once('connect', () => this.fill(connection));
    socket.on('data', (chunk: Buffer) => {
      try {
        reader.feed(chunk);
      } catch {
        this.drop(connection); // malformed answer: counted as errors, the socket is replaced
        return;
      }
      if (!connection.closing) this.fill(connection);
    });
    socket.on('error', () => undefined); // counted on close
    socket.once('close', () => {
      reader.closed();
      if (!this.connections.delete(connection)) return; // stopped: nothing to replace
      if (this.measuring) {
        this.closedBytes += socket.bytesRead - connection.bytesAtWindowStart;
        if (!connection.dropped) this.stats.errors += connection.inFlight;
      }
      if (this.running) setTimeout(() => this.open(), RECONNECT_MS);
    });
  }

  /** A compared body: right (null) or the one that came instead. */
  private countBody(index: number, status: number, wrongBody: Buffer | null): void {
    const check = this.stats.bodyCheck;
    check.compared++;
    if (wrongBody === null) return;
    check.wrong++;
    if (check.samples.length < BODY_SAMPLES) {
      const request = this.spec.requests[index];
      check.samples.push({
        request: `${request.method} ${request.path}`,
        status,
        body: wrongBody.toString('utf8'),
        expected: this.expected[index]!.body.toString('utf8'),
      });
    }
  }

  /** Body checks of the window, where the load says the answers. */
  get bodyCheck(): BodyCheck | undefined {
    return this.spec.expectedAnswers ? this.stats.bodyCheck : undefined;
  }

  /** Tops the socket up to `depth` requests in flight, in one write. */
  private fill(connection: Connection): void {
    const missing = this.depth - connection.inFlight;
    if (missing <= 0 || !this.running || connection.socket.destroyed) return;
    const now = performance.now();
    const batch: Buffer[] = [];
    for (let i = 0; i < missing; i++) {
      batch.push(this.requests[this.next]);
      connection.pushSent(now, this.next);
      this.next = (this.next + 1) % this.requests.length;
    }
    connection.socket.write(batch.length === 1 ? batch[0] : Buffer.concat(batch));
  }

  /** Drops a socket whose requests are lost (timeout or malformed answer), counting them once. */
  private drop(connection: Connection, timedOut = false): void {
    if (connection.dropped) return;
    connection.dropped = true;
    if (this.measuring) {
      this.stats.errors += connection.inFlight;
      if (timedOut) this.stats.timeouts += connection.inFlight;
    }
    connection.socket.destroy();
  }

  private checkTimeouts(): void {
    const now = performance.now();
    for (const connection of this.connections) {
      if (connection.inFlight > 0 && now - connection.oldestSent() > this.timeoutMs) this.drop(connection, true);
    }
  }
}

serveTrials((spec) => {
  if (protocolOf(spec) !== 'http1') throw new Error('node-http1 speaks HTTP/1.1 only');
  return new Load(spec);
});
