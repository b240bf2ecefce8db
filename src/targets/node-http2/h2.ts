/**
 * The HTTP/2 baseline, as the native app of the Tuft benchmark comparison
 * (https://github.com/tuftjs/bench): node:http2's core API, one 'stream' handler
 * comparing :method and :path by hand, bodies sent with their length. Cleartext with prior
 * knowledge (h2c) or TLS with ALPN h2 only (allowHTTP1 stays false), as GAUNTLET_PROTOCOL says.
 */
import {
  constants,
  createSecureServer,
  createServer,
  type IncomingHttpHeaders,
  type ServerHttp2Stream,
} from 'node:http2';
import { announceListening, exitWhenOrphaned, http2Protocol, listenAddress, tlsOptions } from '../_lib/app-env.js';

const {
  HTTP2_HEADER_CONTENT_LENGTH,
  HTTP2_HEADER_CONTENT_TYPE,
  HTTP2_HEADER_METHOD,
  HTTP2_HEADER_PATH,
  HTTP2_HEADER_STATUS,
} = constants;
const TEXT = Buffer.from('Hello, world!');
const JSON_BODY = Buffer.from(JSON.stringify({ hello: 'world' }));

function send(stream: ServerHttp2Stream, status: number, type: string, body: Buffer): void {
  stream.respond({
    [HTTP2_HEADER_STATUS]: status,
    [HTTP2_HEADER_CONTENT_TYPE]: type,
    [HTTP2_HEADER_CONTENT_LENGTH]: body.length,
  });
  stream.end(body);
}

function onStream(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
  const method = headers[HTTP2_HEADER_METHOD];
  const path = headers[HTTP2_HEADER_PATH];
  if (method === 'GET' && path === '/') send(stream, 200, 'text/plain; charset=utf-8', TEXT);
  else if (method === 'GET' && path === '/json') send(stream, 200, 'application/json; charset=utf-8', JSON_BODY);
  else stream.respond({ [HTTP2_HEADER_STATUS]: 404 }, { endStream: true });
}

const server = http2Protocol() === 'h2' ? createSecureServer(tlsOptions()) : createServer();
server.on('stream', onStream);

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('node-http2'));
exitWhenOrphaned();
