/**
 * math.add in Moleculer, given the ServiceBroker of the line that runs (0.15 on Node >= 22,
 * 0.14 on Node 20). Local: one broker, no transporter. Remote: a caller broker and a service
 * broker in this process, over the TCP transporter (the reference setup: static discovery on
 * two free loopback ports, no UDP) or over NATS (the fair setup).
 */
import { freePort } from '../../../proc/free-port.js';
import type { AddHandler, MathAddClient } from './contract.js';

/** The part of Moleculer's ServiceBroker used here (both lines have it). */
export interface Broker {
  createService(schema: unknown): unknown;
  start(): Promise<void>;
  stop(): Promise<void>;
  call(action: string, params: unknown): Promise<unknown>;
  waitForServices(names: string | string[], timeout?: number, interval?: number): Promise<void>;
}
export type BrokerClass = new (options: Record<string, unknown>) => Broker;

/** local: no transporter; tcp, nats: service and caller brokers here; caller: only the caller here (the service runs in another process). */
export type MoleculerTransport =
  | { kind: 'local' }
  | { kind: 'tcp' }
  | { kind: 'nats'; url: string }
  | { kind: 'caller'; url: string };

/** The math service's schema (also used by the service process of the separate-process setup). */
export function mathService(add: AddHandler) {
  return {
    name: 'math',
    actions: { add: (ctx: { params: { a: number; b: number } }) => add(ctx.params.a, ctx.params.b) },
  };
}

export const QUIET = { logger: false, metrics: false, tracing: false };

async function tcpTransporters(): Promise<[unknown, unknown]> {
  const [callerPort, servicePort] = [await freePort(), await freePort()];
  const urls = [`127.0.0.1:${callerPort}/caller`, `127.0.0.1:${servicePort}/math`];
  const options = (port: number) => ({ type: 'TCP', options: { udpDiscovery: false, port, urls } });
  return [options(callerPort), options(servicePort)];
}

export async function startMoleculer(
  ServiceBroker: BrokerClass,
  transport: MoleculerTransport,
  add: AddHandler,
): Promise<MathAddClient> {
  if (transport.kind === 'local') {
    const broker = new ServiceBroker({ nodeID: 'local', ...QUIET });
    broker.createService(mathService(add));
    await broker.start();
    return { add: (a, b) => broker.call('math.add', { a, b }) as Promise<number>, close: () => broker.stop() };
  }
  const [callerTransporter, serviceTransporter] =
    transport.kind === 'tcp' ? await tcpTransporters() : [transport.url, transport.url];
  const caller = new ServiceBroker({ nodeID: 'caller', transporter: callerTransporter, ...QUIET });
  let service: Broker | undefined;
  if (transport.kind !== 'caller') {
    service = new ServiceBroker({ nodeID: 'math', transporter: serviceTransporter, ...QUIET });
    service.createService(mathService(add));
    await service.start();
  }
  await caller.start();
  const close = async () => {
    await caller.stop();
    await service?.stop();
  };
  try {
    await caller.waitForServices('math', 10_000, 50); // polled every 50 ms, not Moleculer's 1 s
  } catch (error) {
    await close();
    throw error;
  }
  return { add: (a, b) => caller.call('math.add', { a, b }) as Promise<number>, close };
}
