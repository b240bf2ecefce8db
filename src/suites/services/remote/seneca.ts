/**
 * math.add in Seneca 3 with its action history off, as Seneca's maintainers advise for
 * benchmarks (senecajs/seneca#893). Local: act on the instance that added the pattern. NATS:
 * a listening and a client instance over seneca-nats-transport, pinned to the whole pattern
 * (with `role:math` alone the two sides derive different NATS subjects and no call arrives).
 */
import { createRequire } from 'node:module';
import type { AddHandler, MathAddClient } from './contract.js';

const require = createRequire(import.meta.url);

type Done = (error: Error | null, out?: unknown) => void;
interface SenecaInstance {
  add(pattern: Record<string, unknown>, action: (msg: Record<string, number>, done: Done) => void): SenecaInstance;
  act(msg: Record<string, unknown>, done: Done): void;
  use(plugin: string, options?: unknown): SenecaInstance;
  listen(options: unknown): SenecaInstance;
  client(options: unknown): SenecaInstance;
  ready(done: (error?: Error) => void): void;
  close(done: (error?: Error) => void): void;
}

const PATTERN = { role: 'math', cmd: 'add' };
const PIN = 'role:math,cmd:add';

function newSeneca(): SenecaInstance {
  const Seneca = require('seneca') as (options: unknown) => SenecaInstance;
  // A call sent before the listener subscribed is lost; the short timeout bounds the wait for it.
  return Seneca({ log: 'silent', history: { active: false }, timeout: 3000 });
}

const ready = (s: SenecaInstance) =>
  new Promise<void>((resolve, reject) => s.ready((e) => (e ? reject(e) : resolve())));
const close = (s: SenecaInstance) => new Promise<void>((resolve) => s.close(() => resolve()));

function callerOf(instance: SenecaInstance) {
  return (a: number, b: number) =>
    new Promise<number>((resolve, reject) =>
      instance.act({ ...PATTERN, a, b }, (error, out) =>
        error ? reject(error) : resolve((out as { result: number }).result),
      ),
    );
}

/** The service side: the pattern, and a NATS listener when a URL is given. */
export async function startSenecaService(add: AddHandler, natsUrl?: string): Promise<SenecaInstance> {
  const service = newSeneca().add(PATTERN, (msg, done) => done(null, { result: add(msg.a, msg.b) }));
  if (natsUrl) service.use('seneca-nats-transport', { nats: { url: natsUrl } }).listen({ type: 'nats', pin: PIN });
  await ready(service);
  return service;
}

/** A client instance that sends math.add over NATS. */
export async function startSenecaCaller(natsUrl: string): Promise<MathAddClient> {
  const caller = newSeneca()
    .use('seneca-nats-transport', { nats: { url: natsUrl } })
    .client({ type: 'nats', pin: PIN });
  await ready(caller);
  return { add: callerOf(caller), close: () => close(caller) };
}

export async function startSeneca(add: AddHandler, natsUrl?: string): Promise<MathAddClient> {
  const service = await startSenecaService(add, natsUrl);
  if (!natsUrl) return { add: callerOf(service), close: () => close(service) };
  const caller = await startSenecaCaller(natsUrl);
  return {
    add: caller.add,
    close: async () => {
      await caller.close();
      await close(service);
    },
  };
}
