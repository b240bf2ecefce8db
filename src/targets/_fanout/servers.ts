/** The plain fanout apps: Express 5 or Fastify 5 serving GET /fanout/:id with one outbound client. */
import express from 'express';
import Fastify from 'fastify';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { type ClientName, upstreamClient } from './clients.js';
import { fanout } from './fanout.js';

/** Express 5 passes a rejected handler to its error handler (500), so an upstream failure is an error answer. */
export async function serveExpress(name: string, client: ClientName): Promise<void> {
  const get = await upstreamClient(client);
  const app = express();
  app.get('/fanout/:id', async (req, res) => {
    res.json(await fanout(req.params.id, get));
  });
  const { host, port } = listenAddress();
  await new Promise<void>((resolve) => app.listen(port, host, () => resolve()));
  announceListening(name);
  exitWhenOrphaned();
}

/** Fastify serializes the returned object (no response schema, as the Express app has none). */
export async function serveFastify(name: string, client: ClientName): Promise<void> {
  const get = await upstreamClient(client);
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/fanout/:id', (req) => fanout(req.params.id, get));
  const { host, port } = listenAddress();
  await app.listen({ port, host });
  announceListening(name);
  exitWhenOrphaned();
}
