import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'node-http2',
  title: 'node:http2',
  description:
    'bare node:http2 server on its core stream API (a "stream" handler comparing :path by hand): the upper limit for HTTP/2 on Node.js',
  packages: [],
  router: false,
  homepage: 'https://nodejs.org/api/http2.html',
  apps: { h2: 'h2.js' },
  features: ['h2: core API (session streams, stream.respond), not the http/1-style compatibility API'],
});
