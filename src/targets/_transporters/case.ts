/**
 * One case of the transporters part, as a sample process runs it: Moleculer echo through one
 * transporter with one payload size. Every timed call's echo is checked (sequence and length),
 * every byte before and after timing; the broker's process-group CPU is read around the
 * timed window, so the part reports broker CPU per call beside the client's.
 */
import { createRequire } from 'node:module';
import { groupCpuSecondsOf } from '../_math-add/broker-cpu.js';
import type { BrokerClass } from '../_math-add/moleculer.js';
import { startEcho, TRANSPORTER_SERVICE, type TransporterName } from './echo.js';
import { echoDiffers, echoMismatch, payloadData } from './payloads.js';

const require = createRequire(import.meta.url);

export interface TransporterCaseParams {
  transporter: TransporterName;
  bytes: number;
  moleculerPackage: string;
}

/** What a sample process learns of the services the API started. */
export interface ServiceEndpoints {
  url(name: 'nats' | 'redis' | 'mqtt'): string | undefined;
  pgid(name: 'nats' | 'redis' | 'mqtt'): number | undefined;
}

export interface PreparedCase {
  /** One timed operation; throws when its answer is wrong. */
  op(): Promise<void>;
  /** Full answer check, before and after timing: why it is wrong, or undefined. */
  check(): Promise<string | undefined>;
  /** Called right before the timed window. */
  windowStart(): void;
  /** Called right after it, with the operations it held: extra figures per operation. */
  windowEnd(ops: number): Record<string, number>;
  close(): Promise<void>;
}

export async function prepareTransporterCase(
  params: TransporterCaseParams,
  services: ServiceEndpoints,
): Promise<PreparedCase> {
  const { ServiceBroker } = require(params.moleculerPackage) as { ServiceBroker: BrokerClass };
  const service = TRANSPORTER_SERVICE[params.transporter];
  const client = await startEcho(ServiceBroker, params.transporter, service && services.url(service));
  const data = payloadData(params.bytes);
  const pgid = service && services.pgid(service);
  let seq = 0;
  let brokerCpuAtStart = 0;
  return {
    async op() {
      const sent = { seq: seq++, data };
      const wrong = echoMismatch(sent, await client.call(sent));
      if (wrong) throw new Error(wrong);
    },
    async check() {
      const sent = { seq: seq++, data };
      return echoDiffers(sent, await client.call(sent));
    },
    windowStart() {
      brokerCpuAtStart = pgid ? groupCpuSecondsOf(pgid) : 0;
    },
    windowEnd(ops): Record<string, number> {
      if (!pgid || ops === 0) return {};
      return { brokerCpuMicrosPerOp: ((groupCpuSecondsOf(pgid) - brokerCpuAtStart) / ops) * 1e6 };
    },
    close: () => client.close(),
  };
}
