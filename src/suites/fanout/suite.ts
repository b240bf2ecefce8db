/**
 * fanout (the NestJS HTTP Module Performance Comparison, https://www.npmjs.com/package/nestjs-undici): every inbound request makes five parallel calls to an upstream HTTP
 * service and answers with their combined data, so the framework's and the outbound HTTP
 * client's cost show together, as when an API calls other services.
 */
import type { RequestSpec, Scenario, Suite } from '../types.js';
import { FANOUT_CALLS, fanoutAnswer, fanoutIds, fanoutPath } from './contract.js';

const JSON_TYPE = 'application/json';

/** The id a /fanout/:id request asks for. */
function idOf(request: RequestSpec): string {
  return request.path.slice(fanoutPath('').length);
}

const ids = fanoutIds(1000);

const fanoutLoad = ids.map((id) => ({ method: 'GET' as const, path: fanoutPath(id) }));
// The body depends on the upstream's secret of the run: the upstream check compares it (see Suite.upstream).
const fanoutChecks = ['42', 'order-7', ids[998]].map((id) => ({
  request: { method: 'GET' as const, path: fanoutPath(id) },
  expect: { status: 200, contentType: JSON_TYPE },
}));

/** Seed 001's three configurations: the only targets its 70-s ramp runs on, so a default run stays under an hour. */
export const SEED_CONFIGURATIONS = ['nest-express-axios', 'nest-fastify-axios', 'nest-fastify-undici'];

/** The grid: every target under 100 fixed connections, windows of several seconds. */
const fanout: Scenario = {
  name: 'fanout',
  description: `GET /fanout/:id makes ${FANOUT_CALLS} parallel calls to the upstream and answers their data as JSON; the load cycles through 1,000 ids; 100 fixed connections`,
  load: fanoutLoad,
  checks: fanoutChecks,
};

/** Seed 001's experiment: its three configurations under its load shape, k6 ramping 0 to 100 virtual users over 70 s. */
const fanoutRamp: Scenario = {
  name: 'fanout-ramp',
  description: `the same requests under the published comparison's load shape: k6 ramping from 0 to 100 virtual users over 70 s, on its three NestJS configurations`,
  load: fanoutLoad,
  checks: fanoutChecks,
  profile: 'ramp:0-100/70s',
  targets: SEED_CONFIGURATIONS,
};

export const fanoutSuite: Suite = {
  name: 'fanout',
  description: `each request calls an upstream service ${FANOUT_CALLS} times in parallel: the framework's and the HTTP client's cost`,
  reproduces:
    'the NestJS HTTP Module Performance Comparison (Express or Fastify, axios or undici, on Node 20, 22 and 24)',
  scenarios: [fanoutRamp, fanout],
  services: () => ['upstream'],
  // The comparison's k6 virtual users send one request at a time each: no pipelining. A fixed
  // window of 5 s holds at least 1,000 responses of the slowest target (about 300 req/s here)
  // and many times its p50 latency, so windows need no extension.
  defaults: { connections: 100, pipelining: 1, durationSec: 5 },
  upstream: {
    callsPerRequest: FANOUT_CALLS,
    answer: (request, key) => fanoutAnswer(key, idOf(request)),
  },
  // Seed 001's three comparisons, then the client effect without Nest.
  pairs: [
    {
      name: 'framework: Fastify vs Express (Nest, @nestjs/axios)',
      before: 'nest-express-axios',
      after: 'nest-fastify-axios',
    },
    {
      name: 'client: nestjs-undici vs @nestjs/axios (Nest on Fastify)',
      before: 'nest-fastify-axios',
      after: 'nest-fastify-undici',
    },
    {
      name: 'combined: Fastify + undici vs Express + axios (Nest)',
      before: 'nest-express-axios',
      after: 'nest-fastify-undici',
    },
    { name: 'client: undici vs axios (Fastify)', before: 'fastify-axios', after: 'fastify-undici' },
    { name: 'client: undici vs axios (Express)', before: 'express-axios', after: 'express-undici' },
    { name: 'framework: Fastify vs Express (undici)', before: 'express-undici', after: 'fastify-undici' },
  ],
};
