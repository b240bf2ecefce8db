/**
 * One request with the raw answer kept for verification: plain HTTP/1.1 by default, or
 * HTTP/2 (node:http2 client) for targets that serve h2c (cleartext, prior knowledge) or h2
 * (TLS, where ALPN must have negotiated h2; the throwaway certificate is not checked).
 */
import { request } from 'node:http';
import { connect, type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';
import type { LoadProtocol } from '../suites/protocol.js';
import type { RequestSpec } from '../suites/types.js';

export interface ProbeAnswer {
  status: number;
  /** HTTP/1.1: the status line's reason phrase ('' when the line ends after the code); absent over HTTP/2, which has none. */
  statusMessage?: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Length of the body in bytes. */
  bodyBytes: number;
  /** HTTP/1.1: bytes of the whole answer as read from the socket (status line, headers, framing, body). */
  wireBytes?: number;
}

export interface ProbeOptions {
  timeoutMs?: number;
  protocol?: LoadProtocol;
  /**
   * HTTP/1.1: ask for a kept-alive connection, as a load does (the answer then carries the same
   * Connection and Keep-Alive headers as under load), and close it after the answer.
   */
  keepAlive?: boolean;
}

export function probe(baseUrl: string, spec: RequestSpec, options: ProbeOptions = {}): Promise<ProbeAnswer> {
  const { timeoutMs = 5000, protocol = 'http1', keepAlive = false } = options;
  if (protocol !== 'http1') return probeHttp2(baseUrl, spec, timeoutMs, protocol);
  return new Promise((resolve, reject) => {
    const url = new URL(spec.path, baseUrl);
    const headers = keepAlive ? { connection: 'keep-alive', ...spec.headers } : { ...spec.headers };
    const req = request(url, { method: spec.method, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const wireBytes = req.socket?.bytesRead;
        if (keepAlive) req.socket?.destroy();
        resolve({
          status: res.statusCode ?? 0,
          statusMessage: res.statusMessage ?? '',
          headers: res.headers,
          body: body.toString('utf8'),
          bodyBytes: body.length,
          wireBytes,
        });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    if (spec.body !== undefined) req.write(spec.body);
    req.end();
  });
}

/** Connection-specific headers HTTP/2 forbids (RFC 9113 8.2.2); host becomes :authority. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

/** The scheme each HTTP/2 flavour is reached by. */
export const http2Scheme: Record<'h2c' | 'h2', string> = { h2c: 'http:', h2: 'https:' };

/** The server answered, but not over the protocol asked: waiting longer will not help. */
export class ProtocolMismatchError extends Error {}

/** Why a connected session does not speak the asked protocol, or undefined. */
export function protocolMismatch(
  session: Pick<ClientHttp2Session, 'alpnProtocol' | 'encrypted'>,
  protocol: 'h2c' | 'h2',
): string | undefined {
  if (protocol === 'h2') {
    if (!session.encrypted) return 'the connection is not TLS';
    if (session.alpnProtocol !== 'h2')
      return `ALPN negotiated ${session.alpnProtocol ? `"${session.alpnProtocol}"` : 'nothing'}, expected h2`;
  } else if (session.encrypted) return 'h2c expected, but the connection is TLS';
  return undefined;
}

/** A TLS server with no protocol in common (it offers no h2) ends the handshake with alert 120: a mismatch, not a slow start. */
function refusedAlpn(error: Error): Error {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (
      (cause as NodeJS.ErrnoException).code === 'ERR_SSL_TLSV1_ALERT_NO_APPLICATION_PROTOCOL' ||
      /alert no application protocol/.test(cause.message)
    ) {
      return new ProtocolMismatchError('ALPN found no protocol in common: the server does not offer h2 over TLS');
    }
  }
  return error;
}

function probeHttp2(
  baseUrl: string,
  spec: RequestSpec,
  timeoutMs: number,
  protocol: 'h2c' | 'h2',
): Promise<ProbeAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(spec.path, baseUrl);
    if (url.protocol !== http2Scheme[protocol]) {
      reject(new Error(`${protocol} needs a ${http2Scheme[protocol]}// URL, got ${baseUrl}`));
      return;
    }
    // An https URL makes node:http2 connect with TLS and offer ALPN h2 only; an http URL is h2c with prior knowledge.
    const session = connect(url.origin, protocol === 'h2' ? { rejectUnauthorized: false, ALPNProtocols: ['h2'] } : {});
    let settled = false;
    const finish = (error: Error | undefined, answer?: ProbeAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      session.destroy();
      if (error) reject(error);
      else resolve(answer!);
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    session.on('error', (error) => finish(refusedAlpn(error)));
    session.on('connect', () => {
      const mismatch = protocolMismatch(session, protocol);
      if (mismatch) finish(new ProtocolMismatchError(mismatch));
    });

    const headers: OutgoingHttpHeaders = { ':method': spec.method, ':path': `${url.pathname}${url.search}` };
    for (const [name, value] of Object.entries(spec.headers ?? {})) {
      const lower = name.toLowerCase();
      if (lower === 'host') headers[':authority'] = value;
      else if (!CONNECTION_HEADERS.has(lower)) headers[lower] = value;
    }
    const stream = session.request(headers, { endStream: spec.body === undefined });
    let status = 0;
    let answerHeaders: ProbeAnswer['headers'] = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => {
      status = Number(received[':status'] ?? 0);
      answerHeaders = Object.fromEntries(Object.entries(received).filter(([name]) => !name.startsWith(':')));
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      // A mismatch is also caught here: 'connect' may come after a quick answer on some servers.
      const mismatch = protocolMismatch(session, protocol);
      if (mismatch) finish(new ProtocolMismatchError(mismatch));
      else if (status === 0) finish(new Error('the stream ended without a response'));
      else {
        const body = Buffer.concat(chunks);
        finish(undefined, { status, headers: answerHeaders, body: body.toString('utf8'), bodyBytes: body.length });
      }
    });
    stream.on('error', (error) => finish(refusedAlpn(error)));
    if (spec.body !== undefined) stream.end(spec.body);
  });
}

/** Malformed answers in a row after which readiness gives up (one could be a server still setting up). */
const MALFORMED_ANSWERS_TO_GIVE_UP = 3;

/** What came back, when node's HTTP parser refused the answer (error codes HPE_*), else undefined. */
export function malformedAnswer(error: unknown): string | undefined {
  const parseError = error as { code?: string; reason?: string; rawPacket?: Buffer };
  if (typeof parseError?.code !== 'string' || !parseError.code.startsWith('HPE_')) return undefined;
  const raw = parseError.rawPacket
    ? JSON.stringify(parseError.rawPacket.subarray(0, 120).toString('latin1'))
    : 'nothing readable';
  return `${parseError.reason ?? parseError.code} (${parseError.code}); it sent ${raw}`;
}

const protocolName: Record<LoadProtocol, string> = { http1: 'HTTP', h2c: 'HTTP/2 (h2c)', h2: 'HTTP/2 over TLS (h2)' };

/** Resolves once anything answers on baseUrl over `protocol`, or rejects after timeoutMs. */
export async function waitUntilAnswering(
  baseUrl: string,
  timeoutMs: number,
  gaveUp: () => string | undefined,
  protocol: LoadProtocol = 'http1',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let malformed = 0;
  for (;;) {
    const stop = gaveUp();
    if (stop) throw new Error(stop);
    try {
      await probe(baseUrl, { method: 'GET', path: '/' }, { timeoutMs: 1000, protocol });
      return;
    } catch (error) {
      if (error instanceof ProtocolMismatchError)
        throw new Error(`answered, but not over ${protocolName[protocol]}: ${error.message}`);
      // Something answers, but not HTTP: waiting the whole ready timeout would not change that.
      const garbage = malformedAnswer(error);
      if (garbage && ++malformed >= MALFORMED_ANSWERS_TO_GIVE_UP)
        throw new Error(`answered malformed HTTP: ${garbage}`);
      if (Date.now() > deadline) {
        // A server that answers, but not over the protocol asked (no ALPN h2, not HTTP/2), says so.
        const last = protocol === 'http1' ? '' : ` (last: ${(error as Error).message})`;
        throw new Error(`did not answer ${protocolName[protocol]} within ${timeoutMs} ms${last}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
