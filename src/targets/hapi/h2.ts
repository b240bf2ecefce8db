/**
 * hapi over HTTP/2, the documented way to bring another server: the `listener` option with a
 * node:http2 server (http2.createServer for h2c, http2.createSecureServer with the key and
 * certificate for TLS, ALPN h2 only) and `tls: true` when that listener is TLS, so hapi's
 * server.info knows. The text and json routes of hello (routes.ts).
 */
import { createSecureServer, createServer } from 'node:http2';
import type { Server } from 'node:http';
import Hapi from '@hapi/hapi';
import { announceListening, exitWhenOrphaned, http2Protocol, listenAddress, tlsOptions } from '../_lib/app-env.js';
import { textAndJson } from './routes.js';

const { host, port } = listenAddress();
const tls = http2Protocol() === 'h2';
// hapi's types name node:http's Server; an http2 server has the interface hapi uses from it.
const listener = (tls ? createSecureServer(tlsOptions()) : createServer()) as unknown as Server;
const server = Hapi.server({ host, port, listener, tls });

server.route(textAndJson);

await server.start();
announceListening('hapi');
exitWhenOrphaned();
