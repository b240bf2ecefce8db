import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../../src/core/paths.js';
import { lineRequire } from '../../src/inproc/line-require.js';
import { cases } from '../../src/suites/services/cases/serializers.js';
import { PAYLOAD_SIZES, payloadOf } from '../../src/suites/services/cases/payloads.js';

// Moleculer 0.14 runs on this Node 20 process; 0.15 needs Node 22 and is covered by the suite's run.
const ctx = (options: Record<string, unknown>) => ({
  target: 'moleculer-0.14',
  require: lineRequire(join(projectRoot, 'deps', 'moleculer-0.14')),
  services: {},
  options,
});

test('payloads have the JSON size of their table', () => {
  for (const { bytes } of PAYLOAD_SIZES) {
    const size = JSON.stringify(payloadOf(bytes)).length;
    assert.ok(size >= bytes && size < bytes * 1.1 + 20, `${bytes}: ${size}`);
  }
});

test('every serializer of Moleculer 0.14 round-trips event and request packets, smallest and 10 KB, unchanged', async () => {
  // each case starts a broker of its own (0.1 s): 10 B (one short field) and 10 KB (user records and a filler) are the two shapes payloadOf makes
  const sizes = [PAYLOAD_SIZES[0].bytes, 10 * 1024];
  for (const serializer of ['JSON', 'Avro', 'MsgPack', 'ProtoBuf', 'Thrift', 'Notepack', 'CBOR']) {
    for (const packet of ['event', 'request']) {
      for (const bytes of sizes) {
        const instance = await cases.serializer(ctx({ serializer, packet, bytes }));
        assert.equal(instance.check(instance.task()), undefined, `${serializer} ${packet} ${bytes} B`);
        assert.ok((instance.facts?.encodedBytes ?? 0) > 0);
        await instance.teardown?.();
      }
    }
  }
});

test('a packet that comes back different is refused with the fields that differ', async () => {
  const instance = await cases.serializer(ctx({ serializer: 'JSON', packet: 'event', bytes: 150 }));
  const back = instance.task() as Record<string, unknown>;
  assert.match(
    instance.check({ ...back, event: 'user.deleted' }) ?? '',
    /JSON did not round-trip the event packet: event came back different/,
  );
  assert.match(instance.check({ ...back, data: { users: [] } }) ?? '', /data came back different/);
  await instance.teardown?.();
});
