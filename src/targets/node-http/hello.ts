import { createServer } from 'node:http';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';

const JSON_BODY = JSON.stringify({ hello: 'world' });
const USER_PREFIX = '/user/';

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/') {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Hello, world!');
  } else if (req.method === 'GET' && url === '/json') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON_BODY);
  } else if (req.method === 'GET' && url.startsWith(USER_PREFIX) && url.indexOf('/', USER_PREFIX.length) === -1) {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(decodeURIComponent(url.slice(USER_PREFIX.length)));
  } else {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found');
  }
});

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('node-http'));
exitWhenOrphaned();
