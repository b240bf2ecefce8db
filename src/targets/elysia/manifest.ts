import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'elysia',
  title: 'Elysia (Node adapter)',
  description:
    'Elysia (built for Bun) on Node.js through the official @elysiajs/node adapter (srvx on node:http); handlers return values',
  packages: ['elysia', '@elysiajs/node'],
  router: true,
  homepage: 'https://elysiajs.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
