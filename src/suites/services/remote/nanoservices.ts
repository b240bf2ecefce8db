/**
 * math.add in Nanoservices 0.0.11, which calls services inside one process only (it has no
 * transport), so it takes part in the local calls and nowhere else.
 */
import { createRequire } from 'node:module';
import type { AddHandler, MathAddClient } from './contract.js';

const require = createRequire(import.meta.url);

interface Context {
  params: { a: number; b: number };
  result(value: unknown): void;
}
interface Manager {
  register(name: string, handler: (ctx: Context) => void): void;
  call(name: string, params: unknown): Promise<number>;
}

export async function startNanoservices(add: AddHandler): Promise<MathAddClient> {
  const { Manager } = require('nanoservices') as { Manager: new () => Manager };
  const services = new Manager();
  services.register('math.add', (ctx) => ctx.result(add(ctx.params.a, ctx.params.b)));
  return { add: (a, b) => services.call('math.add', { a, b }), close: async () => undefined };
}
