import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'nest-fastify',
  title: 'NestJS (Fastify)',
  description: 'NestJS on @nestjs/platform-fastify (FastifyAdapter): a module and a decorated controller, logger off',
  packages: ['@nestjs/core', '@nestjs/common', '@nestjs/platform-fastify', 'fastify'],
  router: true,
  layer: 'fastify',
  homepage: 'https://nestjs.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
