/**
 * Events emitted through a local broker, as the reference report's "Emit event" suite: no
 * subscriber, 1 and 20 subscribers, a wildcard and a multi-wildcard subscription, with and
 * without a payload. The answer is how many handlers the emit reached, checked every time.
 */
import { defineCases, type CaseContext, type CaseInstance } from '../../inproc-types.js';
import { startedBroker } from './moleculer.js';

async function emitCase(ctx: CaseContext): Promise<CaseInstance> {
  const subscribers = Number(ctx.options.subscribers ?? 0);
  const pattern = String(ctx.options.pattern ?? 'user.created');
  const payload =
    ctx.options.params === true ? { id: 5, name: 'John', email: 'john@example.org', roles: ['admin'] } : undefined;
  let delivered = 0;
  const services = Array.from({ length: subscribers }, (_, i) => ({
    name: `subscriber${i}`,
    events: {
      [pattern]() {
        delivered++;
      },
    },
  }));
  const broker = await startedBroker(ctx, {}, services);
  return {
    task: async () => {
      const before = delivered;
      await broker.emit('user.created', payload);
      return delivered - before;
    },
    check: (answer) =>
      answer === subscribers
        ? undefined
        : `the event reached ${JSON.stringify(answer)} handler(s), expected ${subscribers}`,
    teardown: () => broker.stop(),
  };
}

export const cases = defineCases({ emit: emitCase });
