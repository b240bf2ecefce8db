import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'fastify',
  title: 'Fastify',
  description: 'Fastify 5, logger off, async route handlers returning values; /json has a response schema',
  packages: ['fastify'],
  router: true,
  homepage: 'https://fastify.dev',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: ['response schema serialization'],
});
