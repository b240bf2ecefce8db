import restify from 'restify';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

// No audit logger or request-logger plugin: nothing is logged per request
// (restify's default pino logger only hears trace-level events on this path).
const server = restify.createServer();

// For a string body restify picks the formatter from the Accept header, so name the type.
server.get('/', (_req, res, next) => {
  res.contentType = 'text/plain';
  res.send('Hello, world!');
  next();
});

server.get('/json', (_req, res, next) => {
  res.json({ hello: 'world' });
  next();
});

server.get('/user/:id', (req, res, next) => {
  res.contentType = 'text/plain';
  res.send(req.params.id);
  next();
});

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('restify'));
exitWhenOrphaned();
