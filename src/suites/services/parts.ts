/**
 * The in-process parts of the services suite, in the reference report's order (the Moleculer benchmark, https://moleculer.services/docs/0.14/benchmark:
 * Moleculer's benchmark page). Each table's first row is its reference, as there.
 */
import type { BenchCase, BenchPart } from '../inproc-types.js';
import { PAYLOAD_SIZES } from './cases/payloads.js';

const CALLS = 'suites/services/cases/calls.js';

export const localCalls: BenchPart = {
  name: 'local-calls',
  title: 'Local calls',
  module: CALLS,
  tables: [
    {
      name: 'local-calls',
      title: 'Local call',
      reference: 'normal',
      cases: [
        { name: 'normal', title: 'broker.call (normal)', factory: 'call' },
        { name: 'with-params', title: 'broker.call (with params)', factory: 'call', options: { params: true } },
      ],
    },
  ],
};

export const middlewares: BenchPart = {
  name: 'middlewares',
  title: 'Middlewares',
  module: CALLS,
  tables: [
    {
      name: 'middlewares',
      title: 'Call with middlewares',
      reference: 'none',
      cases: [0, 1, 5, 10].map((count) => ({
        name: count === 0 ? 'none' : `${count}`,
        title: count === 0 ? 'Call without middlewares' : `Call with ${count} middleware${count > 1 ? 's' : ''}`,
        factory: 'middlewares',
        options: { middlewares: count },
      })),
    },
  ],
};

export const metrics: BenchPart = {
  name: 'metrics',
  title: 'Metrics and tracing',
  module: CALLS,
  tables: [
    {
      // Moleculer 0.14 replaced the statistics module the reference measured with metrics and tracing.
      name: 'metrics',
      title: 'Call with metrics & tracing (the statistics of older lines)',
      reference: 'off',
      cases: [
        { name: 'off', title: 'No metrics, no tracing', factory: 'observability' },
        { name: 'metrics', title: 'With metrics', factory: 'observability', options: { metrics: true } },
        { name: 'tracing', title: 'With tracing', factory: 'observability', options: { tracing: true } },
        {
          name: 'both',
          title: 'With metrics & tracing',
          factory: 'observability',
          options: { metrics: true, tracing: true },
        },
      ],
    },
  ],
};

export const cachers: BenchPart = {
  name: 'cachers',
  title: 'Cachers',
  module: CALLS,
  services: ['redis'],
  tables: [
    {
      name: 'cachers',
      title: 'Call with cachers',
      reference: 'none',
      cases: [
        { name: 'none', title: 'No cacher', factory: 'cacher', options: { cacher: 'none' } },
        { name: 'memory', title: 'Built-in memory cacher', factory: 'cacher', options: { cacher: 'memory' } },
        {
          name: 'memory-keys',
          title: 'Memory cacher (keys filter)',
          factory: 'cacher',
          options: { cacher: 'memory-keys' },
        },
        {
          name: 'redis',
          title: 'Redis cacher (keys filter)',
          factory: 'cacher',
          options: { cacher: 'redis' },
          measureServices: ['redis'],
        },
      ],
    },
    {
      name: 'cacher-set-get',
      title: 'Set & get 1 KB data with cacher',
      reference: 'memory',
      cases: [
        { name: 'memory', title: 'Memory', factory: 'set-get', options: { cacher: 'Memory' } },
        { name: 'memory-lru', title: 'MemoryLRU', factory: 'set-get', options: { cacher: 'MemoryLRU' } },
        { name: 'redis', title: 'Redis', factory: 'set-get', options: { cacher: 'Redis' }, measureServices: ['redis'] },
      ],
    },
  ],
};

export const validators: BenchPart = {
  name: 'validators',
  title: 'Param validator',
  module: CALLS,
  tables: [
    {
      name: 'validators',
      title: 'Call with param validator',
      reference: 'none',
      cases: [
        { name: 'none', title: 'No validator', factory: 'validator', options: { validator: 'none' } },
        { name: 'passes', title: 'With validator passes', factory: 'validator', options: { validator: 'passes' } },
        { name: 'fails', title: 'With validator fails', factory: 'validator', options: { validator: 'fails' } },
      ],
    },
  ],
};

export const events: BenchPart = {
  name: 'events',
  title: 'Events',
  module: 'suites/services/cases/events.js',
  tables: [
    {
      name: 'events',
      title: 'Emit event',
      reference: 'none',
      cases: [
        { name: 'none', title: 'Emit event without subscribers', factory: 'emit', options: { subscribers: 0 } },
        { name: 'one', title: 'Emit simple event to 1 subscriber', factory: 'emit', options: { subscribers: 1 } },
        { name: 'twenty', title: 'Emit simple event to 20 subscribers', factory: 'emit', options: { subscribers: 20 } },
        {
          name: 'wildcard',
          title: 'Emit wildcard event to 20 subscribers',
          factory: 'emit',
          options: { subscribers: 20, pattern: 'user.*' },
        },
        {
          name: 'multi-wildcard',
          title: 'Emit multi-wildcard event to 20 subscribers without params',
          factory: 'emit',
          options: { subscribers: 20, pattern: '**' },
        },
        {
          name: 'multi-wildcard-params',
          title: 'Emit multi-wildcard event to 20 subscribers with params',
          factory: 'emit',
          options: { subscribers: 20, pattern: '**', params: true },
        },
      ],
    },
  ],
};

/** Which line ships which serializer: 0.15 dropped Avro, ProtoBuf and Thrift and added JSONExt. */
const SERIALIZERS: Array<{ name: string; targets?: string[] }> = [
  { name: 'JSON' },
  { name: 'JSONExt', targets: ['moleculer-0.15'] },
  { name: 'Avro', targets: ['moleculer-0.14'] },
  { name: 'MsgPack' },
  { name: 'ProtoBuf', targets: ['moleculer-0.14'] },
  { name: 'Thrift', targets: ['moleculer-0.14'] },
  { name: 'Notepack' },
  { name: 'CBOR' },
];

function serializerCases(): BenchCase[] {
  return SERIALIZERS.map(({ name, targets }) => ({
    name,
    title: name,
    factory: 'serializer',
    options: { serializer: name },
    ...(targets && { targets }),
  }));
}

export const serializers: BenchPart = {
  name: 'serializers',
  title: 'Serializers',
  module: 'suites/services/cases/serializers.js',
  tables: PAYLOAD_SIZES.flatMap(({ label, bytes }) =>
    (['event', 'request'] as const).map((packet) => ({
      name: `serializers-${packet}-${label.replace(' ', '').toLowerCase()}`,
      title: `Serialize ${packet} packet with ${label} (round trip)`,
      reference: 'JSON',
      options: { packet, bytes },
      cases: serializerCases(),
    })),
  ),
};

export const SERVICES_PARTS: BenchPart[] = [localCalls, middlewares, metrics, cachers, validators, events, serializers];
