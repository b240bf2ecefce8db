/**
 * The cross-framework math.add in every setup: each answers every check pair right, a wrong
 * handler (a - b) is refused by the same check, and nothing is left running afterwards (the
 * NATS broker and the service processes of the separate setup are process groups).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../../src/core/paths.js';
import { liveGroupCount } from '../../src/proc/process-group.js';
import { startServices } from '../../src/backends/services.js';
import { correctAdd, operandsOf, wrongAnswer } from '../../src/suites/services/remote/contract.js';
import type { BrokerClass } from '../../src/suites/services/remote/moleculer.js';
import { SETUP_ROWS } from '../../src/suites/services/remote/setups.js';

// The test's own node runs the adapters (Node 20 or, under npm test, node_modules' Node 24): the 0.14 line runs on both.
const lineRequire = createRequire(join(projectRoot, 'deps', 'moleculer-0.14', 'package.json'));
const moleculerMain = lineRequire.resolve('moleculer');
const { ServiceBroker } = lineRequire('moleculer') as {
  ServiceBroker: BrokerClass;
};
const wrongAdd = (a: number, b: number) => a - b;

test('every framework in every setup answers math.add right, and leaves no process behind', async () => {
  const groupsBefore = liveGroupCount();
  const services = await startServices(['nats']);
  const natsPgid = services.running().find((s) => s.name === 'nats')?.pid as number;
  try {
    for (const row of SETUP_ROWS) {
      const client = await row.start({ natsUrl: services.url('nats'), ServiceBroker, moleculerMain, add: correctAdd });
      try {
        assert.equal(await wrongAnswer(client), undefined, `${row.setup} ${row.framework}`);
        // A setup with a service process names its group, so its CPU counts toward each call.
        const twoProcesses = row.transport.includes('two processes');
        assert.equal(client.processGroups?.length ?? 0, twoProcesses ? 1 : 0, `${row.setup} ${row.framework}`);
        for (const pgid of client.processGroups ?? []) process.kill(-pgid, 0); // alive: throws ESRCH otherwise
        for (let i = 0; i < 20; i++) {
          const [a, b] = operandsOf(i);
          assert.equal(await client.add(a, b), a + b);
        }
      } finally {
        await client.close();
      }
      assert.equal(liveGroupCount(), groupsBefore + 1, `${row.setup} ${row.framework}: only the broker is left`);
    }
  } finally {
    await services.stopAll();
  }
  assert.equal(liveGroupCount(), groupsBefore);
  assert.throws(() => process.kill(-natsPgid, 0), /ESRCH/);
});

test('a math.add that answers a - b is refused, in process and over NATS', async () => {
  const services = await startServices(['nats']);
  try {
    for (const row of SETUP_ROWS.filter((r) => r.setup === 'local' || r.setup === 'fair')) {
      const client = await row.start({ natsUrl: services.url('nats'), ServiceBroker, moleculerMain, add: wrongAdd });
      try {
        assert.match((await wrongAnswer(client)) ?? '', /math\.add\(2, 3\) answered -1, expected 5/, row.framework);
      } finally {
        await client.close();
      }
    }
  } finally {
    await services.stopAll();
  }
});
