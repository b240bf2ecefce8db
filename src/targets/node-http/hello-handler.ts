/**
 * node-http's hello routes, apart from the server and from the way they reply (Reply), so that
 * a variant of the baseline with other framing runs the very same routes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Reply = (res: ServerResponse, status: number, type: string, body: string) => void;

const JSON_BODY = JSON.stringify({ hello: 'world' });
const USER_PREFIX = '/user/';
const TEXT = 'text/plain; charset=utf-8';

// writeHead() with a headers object sends the head at once, before end() sees the body: without
// a Content-Length every response would go out chunked, which frameworks that set it do not pay.
export const replyWithLength: Reply = (res, status, type, body) => {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

export function helloHandler(reply: Reply): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'GET' && url === '/') {
      reply(res, 200, TEXT, 'Hello, world!');
    } else if (req.method === 'GET' && url === '/json') {
      reply(res, 200, 'application/json; charset=utf-8', JSON_BODY);
    } else if (req.method === 'GET' && url.startsWith(USER_PREFIX) && url.indexOf('/', USER_PREFIX.length) === -1) {
      reply(res, 200, TEXT, decodeURIComponent(url.slice(USER_PREFIX.length)));
    } else {
      reply(res, 404, TEXT, 'Not Found');
    }
  };
}
