import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = new Hono();

app.get('/', (c) => c.text('Hello, world!'));
app.get('/json', (c) => c.json({ hello: 'world' }));
app.get('/user/:id', (c) => c.text(c.req.param('id')));

const { host, port } = listenAddress();
serve({ fetch: app.fetch, hostname: host, port }, () => announceListening('hono'));
exitWhenOrphaned();
