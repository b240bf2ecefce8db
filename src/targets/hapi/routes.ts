/** The text and json routes, as the HTTP/1.1 (hello.js) and HTTP/2 (h2.js) apps both serve them. */
import type { ServerRoute } from '@hapi/hapi';

// hapi sends a returned string as text/html, so set text/plain explicitly.
export const textAndJson: ServerRoute[] = [
  {
    method: 'GET',
    path: '/',
    handler: (_request, h) => h.response('Hello, world!').type('text/plain'),
  },
  {
    method: 'GET',
    path: '/json',
    handler: () => ({ hello: 'world' }),
  },
];
