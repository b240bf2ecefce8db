/**
 * Fastify over HTTP/2, as its docs write it: `Fastify({ http2: true })` serves cleartext
 * HTTP/2 (h2c, prior knowledge), adding `https: { key, cert }` serves HTTP/2 over TLS (ALPN
 * h2; allowHTTP1 is not set, so HTTP/1.1 is refused). The text and json routes of hello (routes.ts).
 */
import Fastify, { type FastifyInstance, type RawServerBase } from 'fastify';
import { announceListening, exitWhenOrphaned, http2Protocol, listenAddress, tlsOptions } from '../_lib/app-env.js';
import { addTextAndJson } from './routes.js';

// The two constructions have different server types, so the app is served once for either.
async function serve<Server extends RawServerBase>(app: FastifyInstance<Server>): Promise<void> {
  addTextAndJson(app);
  const { host, port } = listenAddress();
  await app.listen({ host, port });
}

if (http2Protocol() === 'h2') await serve(Fastify({ logger: false, http2: true, https: tlsOptions() }));
else await serve(Fastify({ logger: false, http2: true }));
announceListening('fastify');
exitWhenOrphaned();
