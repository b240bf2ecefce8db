/**
 * Local calls through a broker, as the reference report's "Local call", "Call with
 * middlewares", "Call with statistics & metrics", "Call with cachers" and "Call with param
 * validator" suites measure them: one call in flight, each answer checked.
 */
import { isDeepStrictEqual } from 'node:util';
import { defineCases, type CaseContext, type CaseInstance } from '../../inproc-types.js';
import { payloadOf } from './payloads.js';
import { expectNumber, mathService, startedBroker, type Broker } from './moleculer.js';

const PARAMS = { a: 5, b: 3 };

function callCase(broker: Broker, params: unknown, expected: number, action = 'math.add'): CaseInstance {
  return {
    task: () => broker.call(action, params),
    check: expectNumber(expected),
    teardown: () => broker.stop(),
  };
}

/** A middleware that wraps every local action and passes the call on. */
function passThrough(): Record<string, unknown> {
  return { localAction: (next: (ctx: unknown) => unknown) => (ctx: unknown) => next(ctx) };
}

async function withMiddlewares(ctx: CaseContext): Promise<CaseInstance> {
  const count = Number(ctx.options.middlewares ?? 0);
  const broker = await startedBroker(ctx, { middlewares: Array.from({ length: count }, passThrough) }, [mathService()]);
  return callCase(broker, PARAMS, 8);
}

async function withObservability(ctx: CaseContext): Promise<CaseInstance> {
  const metrics = ctx.options.metrics === true;
  const tracing = ctx.options.tracing === true;
  const broker = await startedBroker(
    ctx,
    {
      metrics: metrics ? { enabled: true, reporter: [] } : false,
      tracing: tracing ? { enabled: true, exporter: [] } : false,
    },
    [mathService()],
  );
  return callCase(broker, PARAMS, 8);
}

async function withCacher(ctx: CaseContext): Promise<CaseInstance> {
  const kind = String(ctx.options.cacher ?? 'none');
  const cacher =
    kind === 'redis'
      ? { type: 'Redis', options: { redis: ctx.services.redis, prefix: 'gauntlet-bench' } }
      : kind === 'none'
        ? false
        : 'Memory';
  if (kind === 'redis' && !ctx.services.redis) throw new Error('the Redis cacher needs the redis service');
  const cache = kind === 'memory-keys' || kind === 'redis' ? { keys: ['a', 'b'] } : kind !== 'none';
  const broker = await startedBroker(ctx, { cacher }, [mathService({ cache })]);
  await broker.cacher?.clean();
  // The same params every call: after the first, the answer comes from the cache.
  return callCase(broker, PARAMS, 8);
}

async function withValidator(ctx: CaseContext): Promise<CaseInstance> {
  const mode = String(ctx.options.validator ?? 'none');
  const params = mode === 'none' ? undefined : { a: 'number', b: 'number' };
  const broker = await startedBroker(ctx, { validator: mode !== 'none' }, [mathService(params ? { params } : {})]);
  if (mode !== 'fails') return callCase(broker, PARAMS, 8);
  // Every call is refused: the answer is the error's name, and a call that goes through is wrong.
  return {
    task: () =>
      broker.call('math.add', { a: 'five', b: 3 }).then(
        (value) => ({ value }),
        (error: Error) => ({ error: error.name }),
      ),
    check: (answer) => {
      const { error, value } = answer as { error?: string; value?: unknown };
      return error === 'ValidationError'
        ? undefined
        : `expected a ValidationError, got ${error ?? `the answer ${JSON.stringify(value)}`}`;
    },
    teardown: () => broker.stop(),
  };
}

/** The reference's "broker.call (normal)" and "(with params)": one action, called without and with params. */
const replyService = {
  name: 'users',
  actions: {
    find(ctx: { params?: { id?: number } }) {
      return ctx.params?.id ?? 0;
    },
  },
};

async function plainCall(ctx: CaseContext): Promise<CaseInstance> {
  const broker = await startedBroker(ctx, {}, [replyService]);
  const withParams = ctx.options.params === true;
  const params = withParams ? { id: 5, sort: 'name created', limit: 10 } : undefined;
  return callCase(broker, params, withParams ? 5 : 0, 'users.find');
}

/** The reference's "Set & get 1k data with cacher": the cacher alone, a set then a get of the same 1 KB value. */
async function cacherSetGet(ctx: CaseContext): Promise<CaseInstance> {
  const kind = String(ctx.options.cacher);
  if (kind === 'Redis' && !ctx.services.redis) throw new Error('the Redis cacher needs the redis service');
  const cacher =
    kind === 'Redis' ? { type: 'Redis', options: { redis: ctx.services.redis, prefix: 'gauntlet-bench-set' } } : kind;
  const broker = await startedBroker(ctx, { cacher }, []);
  const store = broker.cacher as unknown as {
    set(key: string, value: unknown): Promise<unknown>;
    get(key: string): Promise<unknown>;
    clean(): Promise<unknown>;
  };
  await store.clean();
  const value = payloadOf(1024);
  let n = 0;
  return {
    // A new key each time (from a fixed set), so a get cannot be served by an object kept from the last call.
    task: async () => {
      const key = `bench.data:${n++ % 1000}`;
      await store.set(key, value);
      return store.get(key);
    },
    check: (answer) => (isDeepStrictEqual(answer, value) ? undefined : 'the value read back is not the 1 KB value set'),
    teardown: () => broker.stop(),
  };
}

export const cases = defineCases({
  'set-get': cacherSetGet,
  call: plainCall,
  middlewares: withMiddlewares,
  observability: withObservability,
  cacher: withCacher,
  validator: withValidator,
});
