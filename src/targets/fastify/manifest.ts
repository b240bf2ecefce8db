import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'fastify',
  title: 'Fastify',
  description: 'Fastify 5, logger off, async route handlers returning values; /json has a response schema',
  packages: ['fastify'],
  router: true,
  homepage: 'https://fastify.dev',
  apps: { hello: 'hello.js', saas: 'saas.js', h2: 'h2.js' },
  minNode: 20,
  features: [
    'hello: response schema serialization on /json',
    'h2: response schema serialization on /json',
    'h2: Fastify({ http2: true }), with https options for TLS',
    'saas: JSON schema (Ajv) validation of bodies, Fastify default 1 MiB body limit',
    'saas: auth in an onRequest hook per encapsulated plugin: checked before the body is read',
    'saas: @fastify/cookie not installed: an onRequest hook in its style parses the whole jar up front (cookie-auth plugin only)',
    'saas: user held in a request decorator (getDecorator/setDecorator)',
  ],
});
