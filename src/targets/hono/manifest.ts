import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'hono',
  title: 'Hono',
  description: 'Hono on Node.js through @hono/node-server, with its default router',
  packages: ['hono', '@hono/node-server'],
  router: true,
  homepage: 'https://hono.dev',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
