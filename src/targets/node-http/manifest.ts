import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'node-http',
  title: 'node:http',
  description:
    'bare node:http server with a hand-written switch on the URL, answering inside the request event with a Content-Length: what Node.js serves with nothing on top',
  packages: [],
  router: false,
  homepage: 'https://nodejs.org/api/http.html',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  features: [
    'hello: Content-Length set on every response (not chunked)',
    'saas: hand-written segment router (linear scan of 21 routes)',
    'saas: auth checked before the body is read',
    'saas: cookie header scanned lazily for sid only',
    'saas: body read by hand (1 MB limit), hand-written validation',
  ],
});
