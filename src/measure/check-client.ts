/**
 * The connections gauntlet's checker (load-checker.ts) sends the scenario's checks on while
 * a load runs: HTTP/1.1 kept alive (a socket per check in flight, reused, so the checker does
 * not pay a connection per check), or one HTTP/2 session (h2c or h2) with a stream per check.
 * Each answer is read whole, status, headers and body, as verification reads it.
 */
import { Agent, request } from 'node:http';
import { connect, constants, type ClientHttp2Session, type OutgoingHttpHeaders } from 'node:http2';
import type { LoadProtocol } from '../engines/engine.js';
import type { ProbeAnswer } from '../http/http-probe.js';
import type { RequestSpec } from '../suites/types.js';

export type CheckAnswer = Pick<ProbeAnswer, 'status' | 'headers' | 'body'>;

export interface CheckClient {
  send(spec: RequestSpec, timeoutMs: number): Promise<CheckAnswer>;
  /** Drops the connections: checks still waiting fail. */
  close(): void;
}

export function checkClient(baseUrl: string, protocol: LoadProtocol, sockets: number): CheckClient {
  return protocol === 'http1' ? http1Client(baseUrl, sockets) : http2Client(baseUrl, protocol);
}

function http1Client(baseUrl: string, sockets: number): CheckClient {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  return {
    send: (spec, timeoutMs) =>
      new Promise((resolve, reject) => {
        const url = new URL(spec.path, baseUrl);
        const req = request(url, { method: spec.method, headers: spec.headers, agent, timeout: timeoutMs }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            // a connection cut mid-answer is no answer, not a wrong one
            if (!res.complete) reject(new Error('the connection closed mid-answer'));
            else
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              });
          });
          res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
        req.on('error', reject);
        if (spec.body !== undefined) req.write(spec.body);
        req.end();
      }),
    close: () => agent.destroy(),
  };
}

/** Connection-specific headers HTTP/2 forbids (RFC 9113 8.2.2); host becomes :authority. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function http2Client(baseUrl: string, protocol: 'h2c' | 'h2'): CheckClient {
  const origin = new URL(baseUrl).origin;
  let session: ClientHttp2Session | undefined;
  const open = (): ClientHttp2Session => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(origin, protocol === 'h2' ? { rejectUnauthorized: false, ALPNProtocols: ['h2'] } : {});
    opened.on('error', () => undefined); // each stream fails on its own
    session = opened;
    return opened;
  };
  return {
    send: (spec, timeoutMs) =>
      new Promise((resolve, reject) => {
        const url = new URL(spec.path, baseUrl);
        const headers: OutgoingHttpHeaders = { ':method': spec.method, ':path': `${url.pathname}${url.search}` };
        for (const [name, value] of Object.entries(spec.headers ?? {})) {
          const lower = name.toLowerCase();
          if (lower === 'host') headers[':authority'] = value;
          else if (!CONNECTION_HEADERS.has(lower)) headers[lower] = value;
        }
        let stream: ReturnType<ClientHttp2Session['request']>;
        try {
          stream = open().request(headers, { endStream: spec.body === undefined });
        } catch (error) {
          reject(error as Error);
          return;
        }
        stream.setTimeout(timeoutMs, () => stream.close());
        let status = 0;
        let answerHeaders: CheckAnswer['headers'] = {};
        const chunks: Buffer[] = [];
        stream.on('response', (received) => {
          status = Number(received[':status'] ?? 0);
          answerHeaders = Object.fromEntries(Object.entries(received).filter(([name]) => !name.startsWith(':')));
        });
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('close', () => {
          // a stream reset or cut mid-answer is no answer, not a wrong one
          if (status === 0 || stream.rstCode !== constants.NGHTTP2_NO_ERROR)
            reject(new Error('the stream ended without a whole answer'));
          else resolve({ status, headers: answerHeaders, body: Buffer.concat(chunks).toString('utf8') });
        });
        if (spec.body !== undefined) stream.end(spec.body);
      }),
    close: () => session?.destroy(),
  };
}
