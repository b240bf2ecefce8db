import Hapi from '@hapi/hapi';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { textAndJson } from './routes.js';

const { host, port } = listenAddress();
const server = Hapi.server({ host, port });

server.route(textAndJson);
server.route<{ Params: { id: string } }>({
  method: 'GET',
  path: '/user/{id}',
  handler: (request, h) => h.response(request.params.id).type('text/plain'),
});

await server.start();
announceListening('hapi');
exitWhenOrphaned();
