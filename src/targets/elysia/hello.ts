import { Elysia } from 'elysia';
import { node } from '@elysiajs/node';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = new Elysia({ adapter: node() })
  .get('/', () => 'Hello, world!')
  .get('/json', () => ({ hello: 'world' }))
  .get('/user/:id', ({ params: { id } }) => id);

const { host, port } = listenAddress();
// reusePort off (the adapter turns it on): a busy port must fail, not be shared with a stale app.
// gracefulShutdown off: stop on SIGTERM at once, like the other targets.
app.listen({ hostname: host, port, reusePort: false, gracefulShutdown: false }, async (server) => {
  // The adapter calls back before the socket is bound; srvx's ready() resolves once it is.
  await (server as unknown as { raw: { ready(): Promise<unknown> } }).raw.ready();
  announceListening('elysia');
});
exitWhenOrphaned();
