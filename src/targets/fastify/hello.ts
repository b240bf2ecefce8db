import Fastify from 'fastify';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { addTextAndJson } from './routes.js';

const app = Fastify({ logger: false });

addTextAndJson(app);
app.get<{ Params: { id: string } }>('/user/:id', async (req) => req.params.id);

const { host, port } = listenAddress();
await app.listen({ host, port });
announceListening('fastify');
exitWhenOrphaned();
