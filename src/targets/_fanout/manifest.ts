/** The manifests of the plain fanout targets: one framework, one client, what each does about keep-alive. */
import { defineTarget, type TargetManifest } from '../_lib/manifest.js';
import type { ClientName } from './clients.js';
import { gotPackage, undiciPackage } from './client-packages.js';

const FRAMEWORKS = {
  express: { title: 'Express 5', package: 'express', homepage: 'https://expressjs.com' },
  fastify: { title: 'Fastify 5', package: 'fastify', homepage: 'https://fastify.dev' },
} as const;

export const CLIENTS: Record<ClientName, { title: string; packages: string[]; keepAlive: string }> = {
  axios: {
    title: 'axios',
    packages: ['axios'],
    keepAlive: "axios.create({ httpAgent: new http.Agent({ keepAlive: true }) }), as axios's README shows",
  },
  undici: {
    title: 'undici Pool',
    packages: ['undici8', 'undici7'],
    keepAlive:
      'undici: one Pool per upstream origin, pool.request(); keep-alive is its default (idle sockets kept 4 s, no connection limit); undici 8.12.4 on Node >= 22.19, 7.30.2 below (their engines)',
  },
  fetch: {
    title: 'fetch',
    packages: [],
    keepAlive: "fetch: node's built-in fetch on its global undici dispatcher, which keeps connections alive by default",
  },
  got: {
    title: 'got',
    packages: ['got16', 'got14'],
    keepAlive:
      "got.extend({ agent: { http: new http.Agent({ keepAlive: true }) }, retry: { limit: 0 } }), the agent as got's docs show, retries off (a retry is an extra upstream call); got 16.1.0 on Node >= 22, 14.6.6 below",
  },
};

/** The client's packages that load on a runtime (both releases where the runtime is not node). */
function clientPackagesOn(client: ClientName, runtime: { name: string; version: string }): string[] {
  if (runtime.name !== 'node') return CLIENTS[client].packages;
  if (client === 'undici') return [undiciPackage(runtime.version)];
  if (client === 'got') return [gotPackage(runtime.version)];
  return CLIENTS[client].packages;
}

export function fanoutTarget(framework: keyof typeof FRAMEWORKS, client: ClientName): TargetManifest {
  const f = FRAMEWORKS[framework];
  const c = CLIENTS[client];
  return defineTarget({
    name: `${framework}-${client}`,
    title: `${f.title} + ${c.title}`,
    description: `${f.title} serving GET /fanout/:id, its five upstream calls made in parallel with ${c.title}`,
    packages: [f.package, ...c.packages],
    packagesOn: (runtime) => [f.package, ...clientPackagesOn(client, runtime)],
    router: true,
    homepage: f.homepage,
    apps: { fanout: 'fanout.js' },
    minNode: 20,
    features: [`fanout: ${c.keepAlive}`, 'fanout: no response schema, no validation, logger off'],
  });
}
