/**
 * Moleculer's serializers on the packets its transit sends: an event packet and a request
 * packet carrying a payload of a given size, with every field transit sets. One operation is a
 * round trip, serialize then deserialize (what a packet costs across the wire, sender and
 * receiver); the answer is the packet that came back, which must equal the one sent.
 */
import { isDeepStrictEqual } from 'node:util';
import { defineCases, type CaseContext, type CaseInstance } from '../../inproc-types.js';
import { payloadOf } from './payloads.js';
import { startedBroker } from './moleculer.js';

/** The packet's payload as transit builds it (ver and sender are set by the transporter). */
function packetPayload(
  kind: 'event' | 'request',
  data: Record<string, unknown>,
  protocol: string,
): Record<string, unknown> {
  const common = {
    ver: protocol,
    sender: 'bench-node',
    id: 'c5b1a3f4-0d2e-4f4a-9a51-0f7c2a9e6b11',
    meta: {},
    level: 1,
    tracing: null,
    parentID: null,
    requestID: 'c5b1a3f4-0d2e-4f4a-9a51-0f7c2a9e6b11',
    caller: null,
  };
  return kind === 'event'
    ? { ...common, event: 'user.created', data, groups: ['users'], broadcast: false, needAck: null }
    : { ...common, action: 'users.create', params: data, timeout: 0, stream: false };
}

/** Fields a schema-based serializer may add as null or drop when null count as equal. */
function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));
}

async function serializerCase(ctx: CaseContext): Promise<CaseInstance> {
  const name = String(ctx.options.serializer);
  const kind = ctx.options.packet === 'request' ? 'request' : 'event';
  const type = kind === 'event' ? 'EVENT' : 'REQ';
  const data = payloadOf(Number(ctx.options.bytes));
  const broker = await startedBroker(ctx, { serializer: name }, []);
  const { serializer } = broker;
  const protocol = String((ctx.require('moleculer') as { PROTOCOL_VERSION: string }).PROTOCOL_VERSION);
  const template = packetPayload(kind, data, protocol);
  const expected = withoutNulls(template);
  // The serializer rewrites fields of the object it is given (meta, data to text): a fresh shallow copy each time.
  const encode = () => serializer.serialize({ ...template }, type);
  const encodedBytes = encode().length;
  return {
    task: () => serializer.deserialize(encode(), type),
    check: (answer) => {
      const back = withoutNulls(answer as Record<string, unknown>);
      if (isDeepStrictEqual(back, expected)) return undefined;
      const differs = Object.keys({ ...expected, ...back }).filter(
        (key) => !isDeepStrictEqual(back[key], expected[key]),
      );
      return `${name} did not round-trip the ${kind} packet: ${differs.join(', ')} came back different`;
    },
    facts: { encodedBytes },
    teardown: () => broker.stop(),
  };
}

export const cases = defineCases({ serializer: serializerCase });
