/**
 * The transporters part's case module: Moleculer request/response (echo.reply) through one
 * transporter, with the table's payload. The caller sends a sequence number with the payload
 * and the echo returns both, so the bytes travel both ways. Every timed call's echo is checked
 * cheaply (its sequence number and its size in records); the first mismatch is kept and
 * reported by the next check; the checks before and after timing compare every field.
 */
import { isDeepStrictEqual } from 'node:util';
import { type CaseContext, type CaseInstance, defineCases } from '../../inproc-types.js';
import type { ServiceName } from '../../types.js';
import { type EchoPayload, startEcho, TRANSPORTER_SERVICE, type TransporterName } from '../remote/echo.js';
import type { BrokerClass } from '../remote/moleculer.js';
import { payloadOf } from './payloads.js';

/** The number that changes with a payload's size: its user records, or the length of its short message. */
function sizeOf(payload: unknown): number | undefined {
  const p = payload as { users?: unknown[]; msg?: string } | undefined;
  return p?.users?.length ?? p?.msg?.length;
}

function cheapMismatch(sent: EchoPayload, got: unknown): string | undefined {
  const reply = got as Partial<EchoPayload> | undefined;
  if (reply?.seq !== sent.seq) return `the echo of call ${sent.seq} came back as call ${String(reply?.seq)}`;
  if (sizeOf(reply.payload) !== sizeOf(sent.payload)) return `the echo of call ${sent.seq} came back with another size`;
  return undefined;
}

async function remoteCall(ctx: CaseContext): Promise<CaseInstance> {
  const transporter = ctx.options.transporter as TransporterName;
  const service = TRANSPORTER_SERVICE[transporter] as ServiceName | undefined;
  const url = service && ctx.services[service];
  if (service && !url) throw new Error(`the ${transporter} transporter needs the ${service} service`);
  const { ServiceBroker } = ctx.require('moleculer') as { ServiceBroker: BrokerClass };
  const client = await startEcho(ServiceBroker, transporter, url);
  const payload = payloadOf(Number(ctx.options.bytes));
  let seq = 0;
  let last: EchoPayload | undefined;
  let firstWrong: string | undefined;
  return {
    task: async () => {
      const sent = { seq: seq++, payload };
      last = sent;
      const answer = await client.call(sent);
      firstWrong ??= cheapMismatch(sent, answer);
      return answer;
    },
    check: (answer) => {
      if (firstWrong) return firstWrong;
      if (!last || !isDeepStrictEqual(answer, last))
        return `echo.reply answered another payload than call ${last?.seq}`;
      return undefined;
    },
    facts: { payloadBytes: JSON.stringify(payload).length },
    teardown: () => client.close(),
  };
}

export const cases = defineCases({ 'remote-call': remoteCall });
