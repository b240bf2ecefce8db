/**
 * Koa over HTTP/2, as its docs write it: the app's callback() handed to node:http2,
 * http2.createServer (h2c) or http2.createSecureServer with the key and certificate (TLS,
 * ALPN h2 only). The text and json routes of hello (routes.ts), with @koa/router.
 */
import { createSecureServer, createServer } from 'node:http2';
import Koa from 'koa';
import Router from '@koa/router';
import { announceListening, exitWhenOrphaned, http2Protocol, listenAddress, tlsOptions } from '../_lib/app-env.js';
import { addTextAndJson } from './routes.js';

const app = new Koa();
const router = addTextAndJson(new Router());

app.use(router.routes());

const server =
  http2Protocol() === 'h2' ? createSecureServer(tlsOptions(), app.callback()) : createServer(app.callback());
const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('koa'));
exitWhenOrphaned();
