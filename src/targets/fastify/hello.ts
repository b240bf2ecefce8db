import Fastify from 'fastify';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = Fastify({ logger: false });

app.get('/', async () => 'Hello, world!');

// Fastify's docs recommend a response schema: it compiles a fast serializer for the body.
app.get(
  '/json',
  {
    schema: {
      response: {
        200: {
          type: 'object',
          properties: { hello: { type: 'string' } },
        },
      },
    },
  },
  async () => ({ hello: 'world' }),
);

app.get<{ Params: { id: string } }>('/user/:id', async (req) => req.params.id);

const { host, port } = listenAddress();
await app.listen({ host, port });
announceListening('fastify');
exitWhenOrphaned();
