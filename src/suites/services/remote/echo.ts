/**
 * Moleculer request/response through one transporter: a caller broker and a service broker
 * with an `echo.reply` action, in one process as in Moleculer's own transporter benchmark.
 * Fake is the in-process reference row; TCP, NATS, Redis and MQTT go through a real socket
 * (and, but for TCP, a real broker started by gauntlet). Limits on packet size are raised so
 * the 1 MB payload fits.
 */
import { freePort } from '../../../proc/free-port.js';
import type { Broker, BrokerClass } from './moleculer.js';
import { QUIET } from './moleculer.js';

export type TransporterName = 'Fake' | 'TCP' | 'NATS' | 'Redis' | 'MQTT';

export const TRANSPORTERS: TransporterName[] = ['Fake', 'TCP', 'NATS', 'Redis', 'MQTT'];

/** The gauntlet service each transporter needs (Fake and TCP need none). */
export const TRANSPORTER_SERVICE: Record<TransporterName, 'nats' | 'redis' | 'mqtt' | undefined> = {
  Fake: undefined,
  TCP: undefined,
  NATS: 'nats',
  Redis: 'redis',
  MQTT: 'mqtt',
};

/** What the caller sends: the call's sequence number and the payload of the table's size. */
export interface EchoPayload {
  seq: number;
  payload: Record<string, unknown>;
}

/** Moleculer's TCP transporter refuses packets above 1 MB by default. */
const MAX_PACKET = 8 * 1024 * 1024;

export interface EchoClient {
  call(payload: EchoPayload): Promise<unknown>;
  close(): Promise<void>;
}

async function transporterOptions(name: TransporterName, url: string | undefined): Promise<[unknown, unknown]> {
  switch (name) {
    case 'Fake':
      return ['Fake', 'Fake'];
    case 'TCP': {
      const [callerPort, servicePort] = [await freePort(), await freePort()];
      const urls = [`127.0.0.1:${callerPort}/caller`, `127.0.0.1:${servicePort}/echo`];
      const options = (port: number) => ({
        type: 'TCP',
        options: { udpDiscovery: false, port, urls, maxPacketSize: MAX_PACKET },
      });
      return [options(callerPort), options(servicePort)];
    }
    default:
      if (!url) throw new Error(`the ${name} transporter needs its broker's URL`);
      return [url, url];
  }
}

export async function startEcho(ServiceBroker: BrokerClass, name: TransporterName, url?: string): Promise<EchoClient> {
  const [callerTransporter, serviceTransporter] = await transporterOptions(name, url);
  const service: Broker = new ServiceBroker({ nodeID: 'echo', transporter: serviceTransporter, ...QUIET });
  service.createService({ name: 'echo', actions: { reply: (ctx: { params: unknown }) => ctx.params } });
  const caller: Broker = new ServiceBroker({ nodeID: 'caller', transporter: callerTransporter, ...QUIET });
  await service.start();
  await caller.start();
  const close = async () => {
    await caller.stop();
    await service.stop();
  };
  try {
    await caller.waitForServices('echo', 15_000, 50); // polled every 50 ms, not Moleculer's 1 s
  } catch (error) {
    await close();
    throw error;
  }
  return { call: (payload) => caller.call('echo.reply', payload), close };
}
