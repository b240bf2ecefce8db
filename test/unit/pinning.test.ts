import assert from 'node:assert/strict';
import test from 'node:test';
import { planCores } from '../../src/proc/pinning.js';

test('the core plan: the server keeps its own cores, services get one from three cores on', () => {
  assert.deepEqual(planCores([0, 1], true), {
    server: '0',
    engine: '1',
    pinned: true,
    note: 'server on core 0, load generator and gauntlet on core 1',
  });

  const two = planCores([0, 1], true, true, ['redis']);
  assert.equal(two.server, '0');
  assert.equal(two.services, '1', 'on two cores the services share the generator core');
  assert.match(two.note, /services \(redis\) share core 1 with the generator/);

  const three = planCores([0, 1, 2], true, true, ['nats', 'redis']);
  assert.deepEqual([three.server, three.services, three.engine], ['0', '1', '2']);

  const eight = planCores([0, 1, 2, 3, 4, 5, 6, 7], true, true, ['upstream']);
  assert.deepEqual([eight.server, eight.services, eight.engine], ['0,1,2,3,4,5', '6', '7']);
  assert.match(eight.note, /services \(upstream\) on core 6/);
});

test('nothing is pinned for services when nothing can be pinned', () => {
  assert.equal(planCores([0, 1], false, true, ['redis']).services, undefined);
  assert.equal(planCores([0, 1], true, false, ['redis']).services, undefined);
  assert.equal(planCores([0], true, true, ['redis']).services, undefined);
});
