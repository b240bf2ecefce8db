import type { IncomingMessage } from 'node:http';
import zeroModule from '0http';
import type { Protocol } from '0http/common.js';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

// 0http's typings declare an ES default export, but the package is CommonJS (module.exports = fn).
const cero = zeroModule as unknown as typeof zeroModule.default;

// The default config: sequential router, requests dispatched via setImmediate (prioRequestsProcessing).
const { router, server } = cero<Protocol.HTTP>();

router.get('/', (req, res) => {
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('Hello, world!');
});

router.get('/json', (req, res) => {
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify({ hello: 'world' }));
});

router.get('/user/:id', (req, res) => {
  const { params } = req as IncomingMessage & { params: Record<string, string> };
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end(params.id);
});

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('0http'));
exitWhenOrphaned();
