import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'restify',
  title: 'restify',
  description: 'restify 12 with default server options and no plugins',
  packages: ['restify'],
  router: true,
  homepage: 'http://restify.com',
  apps: { hello: 'hello.js' },
  minNode: 22,
  features: [],
});
