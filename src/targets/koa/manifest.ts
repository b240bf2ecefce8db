import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'koa',
  title: 'Koa',
  description: 'Koa 3 with @koa/router; bodies set through ctx.body',
  packages: ['koa', '@koa/router'],
  router: true,
  homepage: 'https://koajs.com',
  apps: { hello: 'hello.js', saas: 'saas.js', h2: 'h2.js' },
  minNode: 20,
  features: [
    'h2: app.callback() on http2.createServer / http2.createSecureServer (compatibility API)',
    'saas: no body parser installed (Koa has none built in): a small helper reads the body (1 MB limit) inside handlers, so auth is checked before the body is read',
    'saas: auth as router.use middleware per tier (ctx.state.user), errors as JSON through a try/catch middleware',
    'saas: session read with ctx.cookies.get (lazy: only sid is looked up)',
    'saas: hand-written validation',
  ],
});
