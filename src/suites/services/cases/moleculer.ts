/**
 * The part of Moleculer's API the cases use, typed once for both lines (0.14 and 0.15 ship
 * different typings), and the broker every case starts: quiet, no transporter (in-process),
 * no metrics or tracing unless a case asks.
 */
import type { CaseContext } from '../../inproc-types.js';

export interface Context {
  params: Record<string, unknown>;
}

export interface Broker {
  createService(schema: Record<string, unknown>): unknown;
  start(): Promise<void>;
  stop(): Promise<void>;
  call(action: string, params?: unknown, options?: unknown): Promise<unknown>;
  emit(event: string, payload?: unknown): Promise<unknown> | unknown;
  serializer: {
    serialize(payload: unknown, type: string): Buffer;
    deserialize(buffer: Buffer, type: string): Record<string, unknown>;
  };
  cacher?: { clean(match?: string): Promise<unknown> };
}

export interface Moleculer {
  ServiceBroker: new (options: Record<string, unknown>) => Broker;
  PROTOCOL_VERSION: string;
  Serializers: Record<string, unknown>;
}

export function moleculerOf(ctx: CaseContext): Moleculer {
  return ctx.require('moleculer') as Moleculer;
}

/** A started broker with the given options over the quiet defaults. */
export async function startedBroker(
  ctx: CaseContext,
  options: Record<string, unknown>,
  services: Array<Record<string, unknown>>,
): Promise<Broker> {
  const { ServiceBroker } = moleculerOf(ctx);
  const broker = new ServiceBroker({ nodeID: 'bench', logger: false, metrics: false, tracing: false, ...options });
  for (const schema of services) broker.createService(schema);
  await broker.start();
  return broker;
}

/** The math service every call case uses: add(a, b) answers a + b. */
export function mathService(action: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'math',
    actions: {
      add: {
        ...action,
        handler(ctx: Context) {
          return (ctx.params.a as number) + (ctx.params.b as number);
        },
      },
    },
  };
}

/** Checks that an answer is the expected number. */
export function expectNumber(expected: number): (answer: unknown) => string | undefined {
  return (answer) => (answer === expected ? undefined : `expected ${expected}, got ${JSON.stringify(answer)}`);
}
