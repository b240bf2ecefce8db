import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'express5',
  title: 'Express 5',
  description: 'Express 5 with default settings and app.get routes',
  packages: ['express'],
  router: true,
  homepage: 'https://expressjs.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
