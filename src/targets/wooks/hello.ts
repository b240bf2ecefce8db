import { createHttpApp } from '@wooksjs/event-http';
import { useRouteParams } from 'wooks';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

// Wooks renders a returned string as text/plain and an object as application/json.
const app = createHttpApp();

app.get('/', () => 'Hello, world!');
app.get('/json', () => ({ hello: 'world' }));
app.get('/user/:id', () => useRouteParams<{ id: string }>().get('id'));

const { host, port } = listenAddress();
await app.listen(port, host);
announceListening('wooks');
exitWhenOrphaned();
