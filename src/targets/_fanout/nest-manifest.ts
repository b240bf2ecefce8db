/**
 * The manifests of the three NestJS configurations of the NestJS HTTP Module Performance
 * Comparison (https://www.npmjs.com/package/nestjs-undici), on NestJS 10 from deps/nest-10.
 */
import { defineTarget, type TargetManifest } from '../_lib/manifest.js';

const ADAPTERS = {
  express: { title: 'Express', packages: ['@nestjs/platform-express', 'express'] },
  fastify: { title: 'Fastify', packages: ['@nestjs/platform-fastify', 'fastify'] },
} as const;

const MODULES = {
  axios: {
    title: '@nestjs/axios',
    packages: ['@nestjs/axios', 'axios'],
    keepAlive:
      "fanout: @nestjs/axios HttpModule.register({}) as the NestJS HTTP module comparison uses it: axios on node's global http agent, which keeps connections alive on Node >= 19",
  },
  undici: {
    title: 'nestjs-undici',
    packages: ['nestjs-undici', 'undici'],
    keepAlive:
      "fanout: nestjs-undici HttpModule.register({}): request() on undici 5's global Agent, which keeps connections alive; its Observable has no error path, so the app checks the status",
  },
} as const;

export function nestFanoutTarget(adapter: keyof typeof ADAPTERS, module: keyof typeof MODULES): TargetManifest {
  const a = ADAPTERS[adapter];
  const m = MODULES[module];
  return defineTarget({
    name: `nest-${adapter}-${module}`,
    title: `NestJS 10 (${a.title}) + ${m.title}`,
    description: `NestJS 10 on ${a.title} with ${m.title}: a controller whose GET /fanout/:id makes five parallel upstream calls (the NestJS HTTP module comparison's ${adapter === 'express' && module === 'axios' ? 'baseline' : 'configuration'})`,
    packages: ['@nestjs/core', '@nestjs/common', ...a.packages, ...m.packages, 'reflect-metadata'],
    // nestjs-undici 0.1.54 resolves only with NestJS 10 (see deps/nest-10/package.json).
    packageRoot: 'deps/nest-10/lib',
    pinNote:
      'NestJS 10.4.22, @nestjs/axios 3.1.3, undici 5.29.0, reflect-metadata 0.1.14: nestjs-undici 0.1.54, its only release, accepts @nestjs/common up to 10 only',
    router: true,
    homepage: 'https://nestjs.com',
    apps: { fanout: 'fanout.js' },
    minNode: 20,
    features: [m.keepAlive, 'fanout: logger off, no validation pipe'],
  });
}
