import { tuft } from 'tuft';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const { host, port } = listenAddress();

await tuft()
  .set('GET /', { text: 'Hello, world!' })
  .set('GET /json', { json: { hello: 'world' } })
  .set('GET /user/{id}', (t) => ({ text: t.request.params.id }))
  .createServer({ host, port })
  .start();

announceListening('tuft');
exitWhenOrphaned();
