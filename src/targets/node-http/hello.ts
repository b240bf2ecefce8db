import { createServer } from 'node:http';
import { announceListening, exitWhenOrphaned, listenAddress } from '../_lib/app-env.js';
import { helloHandler, replyWithLength } from './hello-handler.js';

const server = createServer(helloHandler(replyWithLength));

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('node-http'));
exitWhenOrphaned();
