import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'hono',
  title: 'Hono',
  description: 'Hono on Node.js through @hono/node-server, with its default router',
  packages: ['hono', '@hono/node-server'],
  router: true,
  homepage: 'https://hono.dev',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  features: [
    'saas: auth as createMiddleware on a sub-app per tier (app.route), checked before the body is read',
    "saas: session read with hono/cookie getCookie(c, 'sid') (lazy: only sid is decoded)",
    "saas: bodies through hono/validator validator('json') (c.req.json()) with hand-written checks; app.onError answers JSON",
    'saas: no body limit (Hono sets none by default)',
    'saas: wildcards and the .json suffix matched with regexp params',
  ],
});
