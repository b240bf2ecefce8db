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
 * read from the sockets (whole answers as on the wire).
 */
import { connect, type Socket } from 'node:net';
import { protocolOf, type LoadSpec } from '../engine.js';
import { LatencySamples } from '../latency-samples.js';
import { serveTrials } from '../worker-window.js';
import { requestBytes } from './request-bytes.js';
import { ResponseReader } from './response-reader.js';

/** How often in-flight requests are checked against the timeout. */
const TIMEOUT_SWEEP_MS = 200;
/** Pause before reopening a socket that closed during the load, so a dead server is not hammered. */
const RECONNECT_MS = 100;

interface Stats {
  requests: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  latency: LatencySamples;
}

const freshStats = (): Stats => ({
  requests: 0,
  errors: 0,
  timeouts: 0,
  statusCounts: {},
  latency: new LatencySamples(),
});

/** One socket and the send times of its requests in flight (a ring: answers come back in order). */
class Connection {
  readonly sent: Float64Array;
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
  }

  pushSent(at: number): void {
    this.sent[(this.first + this.inFlight) % this.sent.length] = at;
    this.inFlight++;
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
  stats = freshStats();

  constructor(readonly spec: LoadSpec) {
    this.requests = spec.requests.map((request) => requestBytes(request, spec.baseUrl));
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
    this.stats = freshStats();
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
      response: (status, closes) => {
        const latencyMs = performance.now() - connection.shiftSent();
        if (closes) connection.closing = true;
        if (!this.measuring) return;
        this.stats.requests++;
        this.stats.statusCounts[status] = (this.stats.statusCounts[status] ?? 0) + 1;
        this.stats.latency.add(latencyMs);
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

  /** Tops the socket up to `depth` requests in flight, in one write. */
  private fill(connection: Connection): void {
    const missing = this.depth - connection.inFlight;
    if (missing <= 0 || !this.running || connection.socket.destroyed) return;
    const now = performance.now();
    const batch: Buffer[] = [];
    for (let i = 0; i < missing; i++) {
      batch.push(this.requests[this.next]);
      this.next = (this.next + 1) % this.requests.length;
      connection.pushSent(now);
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
