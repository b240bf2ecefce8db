import { defineTarget } from '../_lib/manifest.js';

export default defineTarget({
  name: 'nest-express',
  title: 'NestJS (Express)',
  description: 'NestJS with its default Express 5 platform: a module and a decorated controller, logger off',
  packages: ['@nestjs/core', '@nestjs/common', '@nestjs/platform-express', 'express'],
  router: true,
  layer: 'express5',
  homepage: 'https://nestjs.com',
  apps: { hello: 'hello.js' },
  minNode: 20,
  features: [],
});
