import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'koa',
  title: 'Koa',
  description: 'Koa 3 with @koa/router; bodies set through ctx.body',
  packages: ['koa', '@koa/router'],
  router: true,
  homepage: 'https://koajs.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
