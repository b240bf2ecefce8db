import polka from 'polka';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

// Polka's core has no send helper (that is @polka/send): handlers write to the node:http response.
const app = polka()
  .get('/', (_req, res) => {
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end('Hello, world!');
  })
  .get('/json', (_req, res) => {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ hello: 'world' }));
  })
  .get('/user/:id', (req, res) => {
    res.setHeader('content-type', 'text/plain; charset=utf-8');
    res.end(req.params.id);
  });

const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('polka'));
exitWhenOrphaned();
