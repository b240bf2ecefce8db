import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'nest-express',
  title: 'NestJS (Express)',
  description: 'NestJS with its default Express 5 platform: a module and a decorated controller, logger off',
  packages: ['@nestjs/core', '@nestjs/common', '@nestjs/platform-express', 'express'],
  router: true,
  layer: 'express5',
  homepage: 'https://nestjs.com',
  apps: { hello: 'hello.js', saas: 'saas.js' },
  minNode: 20,
  features: [
    'saas: a module with a controller per tier; the store an injectable factory provider',
    'saas: guards (CanActivate) for bearer and cookie auth, UnauthorizedException for 401',
    'saas: global DTO validation pipe (APP_PIPE) with hand-written checks (class-validator not installed)',
    'saas: body read before auth: the Express JSON body parser (limit raised to 1 MB) runs as middleware before guards',
    'saas: cookie header parsed by the session guard, whole jar at once, only on cookie-auth routes (cookie-parser not installed)',
  ],
});
