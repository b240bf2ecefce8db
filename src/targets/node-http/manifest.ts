import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'node-http',
  title: 'node:http',
  description: 'bare node:http server with a hand-written switch on the URL: the upper limit for Node.js',
  packages: [],
  router: false,
  homepage: 'https://nodejs.org/api/http.html',
  apps: { hello: 'hello.js' },
});
