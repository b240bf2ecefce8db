/**
 * HTTP/2 load from node:http2, in its own process (pinned by the parent), one trial per
 * 'run' message: `connections` sessions, each keeping `pipelining` streams in flight (a
 * stream that ends is replaced at once), cycling through the spec's requests. A warm-up on
 * the same sessions comes first; the measured window is announced over IPC so the parent
 * samples /proc over exactly that window.
 *
 * Counted in the window: responses per status, latency of each (request sent to stream
 * closed, kept exactly, see latency.ts), streams that failed (errors) or passed the timeout
 * (timeouts, also errors; the stream is cancelled and replaced), and bytes read from the
 * sockets (the TCP or TLS bytes as received: frames, headers and bodies). Where the load says
 * each answer (LoadSpec.expectedAnswers), every body of the expected status is compared with it
 * as its DATA arrives (bodyCheck).
 */
import {
  connect as connectHttp2,
  constants,
  type ClientHttp2Session,
  type ClientHttp2Stream,
  type OutgoingHttpHeaders,
} from 'node:http2';
import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { BODY_SAMPLE_BYTES, BODY_SAMPLES, type BodyCheck, protocolOf, type LoadSpec } from '../engine.js';
import { freshWindowStats, serveTrials, type WindowStats } from '../worker-window.js';

/** Connection-specific headers HTTP/2 forbids (RFC 9113 8.2.2); host becomes :authority. */
const DROPPED_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);
/** How often in-flight streams are checked against the timeout. */
const TIMEOUT_SWEEP_MS = 200;
/** Pause before reopening a session that closed during the load, so a dead server is not hammered. */
const RECONNECT_MS = 100;

interface Prepared {
  label: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer;
  /** The answer it must get, where the load says it (LoadSpec.expectedAnswers). */
  expected?: { status: number; body: Buffer };
}

interface Slot {
  stream?: ClientHttp2Stream;
  startedAt: number;
  timedOut: boolean;
}

/** A body being compared with the expected one as its DATA arrives. */
class BodyComparison {
  private offset = 0;
  /** Set at the first byte that differs: the body as it came, up to BODY_SAMPLE_BYTES. */
  private wrong: Buffer[] | undefined;
  private kept = 0;

  constructor(readonly expected: Buffer) {}

  add(chunk: Buffer): void {
    const end = this.offset + chunk.length;
    if (!this.wrong && (end > this.expected.length || chunk.compare(this.expected, this.offset, end) !== 0)) {
      this.wrong = [this.expected.subarray(0, Math.min(this.offset, BODY_SAMPLE_BYTES))];
      this.kept = this.wrong[0].length;
    }
    if (this.wrong && this.kept < BODY_SAMPLE_BYTES) {
      const piece = Buffer.from(chunk.subarray(0, BODY_SAMPLE_BYTES - this.kept));
      this.wrong.push(piece);
      this.kept += piece.length;
    }
    this.offset = end;
  }

  /** null when the whole body was the expected one, else the body that came. */
  verdict(): Buffer | null {
    if (this.wrong) return Buffer.concat(this.wrong);
    return this.offset === this.expected.length ? null : this.expected.subarray(0, this.offset);
  }
}

function prepare(spec: LoadSpec): Prepared[] {
  return spec.requests.map((request, index) => {
    const answer = spec.expectedAnswers?.[index];
    const url = new URL(request.path, spec.baseUrl);
    const headers: OutgoingHttpHeaders = { ':method': request.method, ':path': `${url.pathname}${url.search}` };
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      const lower = name.toLowerCase();
      if (lower === 'host') headers[':authority'] = value;
      else if (!DROPPED_HEADERS.has(lower)) headers[lower] = value;
    }
    return {
      label: `${request.method} ${request.path}`,
      headers,
      body: request.body === undefined ? undefined : Buffer.from(request.body),
      ...(answer && { expected: { status: answer.status, body: Buffer.from(answer.body) } }),
    };
  });
}

class Load {
  private readonly requests: Prepared[];
  private readonly url: URL;
  private readonly timeoutMs: number;
  private next = 0;
  private running = true;
  private measuring = false;
  private readonly sessions = new Set<Connection>();
  /** Socket bytes of sessions closed during the window. */
  private closedBytes = 0;
  private sweep?: NodeJS.Timeout;
  stats: WindowStats = freshWindowStats();
  /** DATA bytes of the responses counted in the window (their bodies). */
  bodyBytes = 0;

  constructor(readonly spec: LoadSpec) {
    this.requests = prepare(spec);
    this.url = new URL(spec.baseUrl);
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
    this.bodyBytes = 0;
    for (const connection of this.sessions) connection.bytesAtWindowStart = connection.socket.bytesRead;
    this.measuring = true;
  }

  /** Stops issuing and counting; returns the socket bytes read in the window. */
  stop(): number {
    this.running = false;
    this.measuring = false;
    clearInterval(this.sweep);
    let bytes = this.closedBytes;
    for (const connection of this.sessions) bytes += connection.socket.bytesRead - connection.bytesAtWindowStart;
    for (const connection of this.sessions) connection.session.destroy();
    this.sessions.clear();
    return bytes;
  }

  private open(): void {
    if (!this.running) return;
    const port = Number(this.url.port || (this.url.protocol === 'https:' ? 443 : 80));
    const host = this.url.hostname;
    let socket: Socket;
    const session = connectHttp2(this.url.origin, {
      // Our own socket, so its byte count stays readable after the session is gone.
      createConnection: () => {
        socket =
          this.url.protocol === 'https:'
            ? connectTls({ host, port, servername: host, ALPNProtocols: ['h2'], rejectUnauthorized: false })
            : connectTcp({ host, port, noDelay: true });
        return socket;
      },
      peerMaxConcurrentStreams: Math.max(100, this.spec.pipelining),
    });
    const connection: Connection = { session, socket: socket!, bytesAtWindowStart: 0, slots: [] };
    this.sessions.add(connection);
    session.on('error', () => {
      if (this.measuring) this.stats.errors++;
    });
    session.once('close', () => {
      if (!this.sessions.delete(connection)) return; // stopped: nothing to replace
      if (this.measuring) this.closedBytes += connection.socket.bytesRead - connection.bytesAtWindowStart;
      if (this.running) setTimeout(() => this.open(), RECONNECT_MS);
    });
    session.once('connect', () => {
      for (let i = 0; i < Math.max(1, this.spec.pipelining); i++) {
        const slot: Slot = { startedAt: 0, timedOut: false };
        connection.slots.push(slot);
        this.issue(connection, slot);
      }
    });
  }

  private issue(connection: Connection, slot: Slot): void {
    const { session } = connection;
    if (!this.running || session.closed || session.destroyed) {
      slot.stream = undefined;
      return;
    }
    const prepared = this.requests[this.next];
    this.next = (this.next + 1) % this.requests.length;
    slot.timedOut = false;
    slot.startedAt = performance.now();
    let stream: ClientHttp2Stream;
    try {
      stream = session.request(prepared.headers, { endStream: prepared.body === undefined });
    } catch {
      if (this.measuring) this.stats.errors++;
      slot.stream = undefined;
      return; // the session is going away; its 'close' opens a new one
    }
    slot.stream = stream;
    if (prepared.body !== undefined) stream.end(prepared.body);
    let status = 0;
    let bodyBytes = 0;
    let comparison: BodyComparison | undefined;
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
      if (this.measuring && prepared.expected && prepared.expected.status === status)
        comparison = new BodyComparison(prepared.expected.body);
    });
    stream.on('error', () => undefined); // counted on close, by how it closed
    // bodies are not kept, only their size, and compared where the load says them
    stream.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      comparison?.add(chunk);
    });
    stream.once('close', () => {
      if (slot.stream !== stream) return;
      if (this.measuring && !slot.timedOut) {
        if (status > 0 && stream.rstCode === constants.NGHTTP2_NO_ERROR) {
          this.stats.requests++;
          this.bodyBytes += bodyBytes;
          this.stats.statusCounts[status] = (this.stats.statusCounts[status] ?? 0) + 1;
          this.stats.latency.add(performance.now() - slot.startedAt);
          if (comparison) this.countBody(prepared, status, comparison.verdict());
        } else this.stats.errors++;
      }
      this.issue(connection, slot);
    });
  }

  /** A compared body: right (null) or the one that came instead. */
  private countBody(prepared: Prepared, status: number, wrongBody: Buffer | null): void {
    const check = this.stats.bodyCheck;
    check.compared++;
    if (wrongBody === null) return;
    check.wrong++;
    if (check.samples.length < BODY_SAMPLES) {
      check.samples.push({
        request: prepared.label,
        status,
        body: wrongBody.toString('utf8'),
        expected: prepared.expected!.body.toString('utf8'),
      });
    }
  }

  /** Body checks of the window, where the load says the answers. */
  get bodyCheck(): BodyCheck | undefined {
    return this.spec.expectedAnswers ? this.stats.bodyCheck : undefined;
  }

  private checkTimeouts(): void {
    const now = performance.now();
    for (const connection of this.sessions) {
      for (const slot of connection.slots) {
        if (!slot.stream || slot.timedOut || now - slot.startedAt < this.timeoutMs) continue;
        slot.timedOut = true;
        if (this.measuring) {
          this.stats.timeouts++;
          this.stats.errors++;
        }
        slot.stream.close(constants.NGHTTP2_CANCEL); // its 'close' issues the next request
      }
    }
  }
}

interface Connection {
  session: ClientHttp2Session;
  socket: Socket;
  bytesAtWindowStart: number;
  slots: Slot[];
}

serveTrials((spec) => {
  if (protocolOf(spec) === 'http1') throw new Error('node-http2 speaks HTTP/2 only (h2c or h2)');
  return new Load(spec);
});
