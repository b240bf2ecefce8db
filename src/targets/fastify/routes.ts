/** The text and json routes, as the HTTP/1.1 (hello.js) and HTTP/2 (h2.js) apps both serve them. */
import type { FastifyInstance, RawServerBase } from 'fastify';

// Generic over the server type: plain, http2 and secure http2 Fastify instances differ in it.
export function addTextAndJson<Server extends RawServerBase>(app: FastifyInstance<Server>): void {
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
}
