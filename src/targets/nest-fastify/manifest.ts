import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'nest-fastify',
  title: 'NestJS (Fastify)',
  description: 'NestJS on @nestjs/platform-fastify (FastifyAdapter): a module and a decorated controller, logger off',
  packages: ['@nestjs/core', '@nestjs/common', '@nestjs/platform-fastify', 'fastify'],
  router: true,
  layer: 'fastify',
  homepage: 'https://nestjs.com',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  features: [
    'saas: a module with a controller per tier; the store an injectable factory provider',
    'saas: guards (CanActivate) for bearer and cookie auth, UnauthorizedException for 401',
    'saas: global DTO validation pipe (APP_PIPE) with hand-written checks (class-validator not installed)',
    "saas: body read before auth: Fastify parses the JSON body (default 1 MiB limit) before Nest's handler and guards run",
    'saas: cookie header parsed by the session guard, whole jar at once, only on cookie-auth routes; Set-Cookie written by hand (@fastify/cookie not installed)',
  ],
});
