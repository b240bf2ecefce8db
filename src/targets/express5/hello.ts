import express from 'express';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const app = express();

// res.send(string) defaults to text/html, so set text/plain explicitly.
app.get('/', (_req, res) => {
  res.type('text/plain').send('Hello, world!');
});

app.get('/json', (_req, res) => {
  res.json({ hello: 'world' });
});

app.get('/user/:id', (req, res) => {
  res.type('text/plain').send(req.params.id);
});

const { host, port } = listenAddress();
app.listen(port, host, () => announceListening('express5'));
exitWhenOrphaned();
