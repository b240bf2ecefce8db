import { H3, getRouterParam, serve } from 'h3';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = new H3()
  .get('/', (event) => {
    event.res.headers.set('content-type', 'text/plain; charset=utf-8');
    return 'Hello, world!';
  })
  .get('/json', () => ({ hello: 'world' }))
  .get('/user/:id', (event) => {
    event.res.headers.set('content-type', 'text/plain; charset=utf-8');
    return getRouterParam(event, 'id');
  });

const { host, port } = listenAddress();
// silent: no srvx banner; gracefulShutdown off: stop on SIGTERM at once, like the other targets.
const server = serve(app, { hostname: host, port, silent: true, gracefulShutdown: false });
await server.ready();
announceListening('h3');
exitWhenOrphaned();
