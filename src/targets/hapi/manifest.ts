import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'hapi',
  title: 'hapi',
  description: 'hapi 21 with server.route definitions and default settings',
  packages: ['@hapi/hapi'],
  router: true,
  homepage: 'https://hapi.dev',
  apps: { hello: 'hello.js', h2: 'h2.js' },
  minNode: 20,
  features: ['h2: a node:http2 server as its listener (tls: true over TLS), compatibility API'],
});
