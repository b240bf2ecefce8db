/**
 * Koa over HTTP/2, as its docs write it: the app's callback() handed to node:http2,
 * http2.createServer (h2c) or http2.createSecureServer with the key and certificate (TLS,
 * ALPN h2 only). Routes as in hello, with @koa/router.
 */
import { createSecureServer, createServer } from 'node:http2';
import Koa from 'koa';
import Router from '@koa/router';
import { announceListening, exitWhenOrphaned, http2Protocol, listenAddress, tlsOptions } from '../_lib/app-env.js';

const app = new Koa();
const router = new Router();

// Koa picks the type from the body: a string is text/plain, an object is JSON.
router.get('/', (ctx) => {
  ctx.body = 'Hello, world!';
});

router.get('/json', (ctx) => {
  ctx.body = { hello: 'world' };
});

app.use(router.routes());

const server = http2Protocol() === 'h2' ? createSecureServer(tlsOptions(), app.callback()) : createServer(app.callback());
const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('koa'));
exitWhenOrphaned();
