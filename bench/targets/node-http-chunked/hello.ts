import { createServer } from 'node:http';
import { announceListening, exitWhenOrphaned, listenAddress } from '../../../src/targets/_lib/app-env.js';
import { helloHandler, type Reply } from '../../../src/targets/node-http/hello-handler.js';

// No Content-Length: writeHead() sends the head before end() sees the body, so it goes out chunked.
const replyChunked: Reply = (res, status, type, body) => {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
};

const server = createServer(helloHandler(replyChunked));

const { host, port } = listenAddress();
server.listen(port, host, () => announceListening('node-http-chunked'));
exitWhenOrphaned();
