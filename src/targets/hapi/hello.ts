import Hapi from '@hapi/hapi';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const { host, port } = listenAddress();
const server = Hapi.server({ host, port });

// hapi sends a returned string as text/html, so set text/plain explicitly.
server.route<{ Params: { id: string } }>([
  {
    method: 'GET',
    path: '/',
    handler: (_request, h) => h.response('Hello, world!').type('text/plain'),
  },
  {
    method: 'GET',
    path: '/json',
    handler: () => ({ hello: 'world' }),
  },
  {
    method: 'GET',
    path: '/user/{id}',
    handler: (request, h) => h.response(request.params.id).type('text/plain'),
  },
]);

await server.start();
announceListening('hapi');
exitWhenOrphaned();
