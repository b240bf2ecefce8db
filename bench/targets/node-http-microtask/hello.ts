import { createServer } from 'node:http';
import { announceListening, exitWhenOrphaned, listenAddress } from '../../../src/targets/_lib/app-env.js';
import { helloHandler, replyWithLength } from '../../../src/targets/node-http/hello-handler.js';

const answer = helloHandler(replyWithLength);

// node-http's handler, unchanged, run one microtask after the request event.
const server = createServer((req, res) => queueMicrotask(() => answer(req, res)));

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('node-http-microtask'));
exitWhenOrphaned();
