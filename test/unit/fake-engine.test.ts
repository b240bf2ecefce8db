import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAKE_ENGINE_VAR } from '../../src/engines/fake/enabled.js';
import {
  FAKE_REQUESTS_PER_SEC,
  fakeMeasurement,
  scaleCounts,
  type SampledAnswer,
} from '../../src/engines/fake/measurement.js';
import { loadNeeds } from '../../src/engines/needs.js';
import { chooseEngine } from '../../src/engines/registry.js';
import { helloSuite } from '../../src/suites/hello/suite.js';

const answer = (status: number, wireBytes: number, bodyBytes: number, latencyMs = 1): SampledAnswer => ({
  status,
  wireBytes,
  bodyBytes,
  latencyMs,
});

test('scaled status counts are whole numbers that add up to the total, in proportion', () => {
  assert.deepEqual(scaleCounts({ '200': 2, '404': 1 }, 5000), { '200': 3333, '404': 1667 });
  assert.deepEqual(scaleCounts({ '200': 1, '201': 1, '401': 1 }, 10), { '200': 4, '201': 3, '401': 3 });
  assert.deepEqual(scaleCounts({ '200': 0 }, 10), {});
});

test('a fake measurement is a fixed count per second, with the real answers bytes and latency', () => {
  const m = fakeMeasurement([answer(200, 150, 13, 1), answer(200, 170, 33, 3), answer(404, 100, 9, 2)], 1, 2, 'http1');
  const total = FAKE_REQUESTS_PER_SEC * 2;
  assert.equal(m.requests + m.errors, total);
  assert.equal(m.requests, total * 0.75, 'one request in four got no answer');
  assert.deepEqual(m.statusCounts, { '200': 5000, '404': 2500 });
  assert.equal(m.bytes / m.requests, 140, 'the mean wire bytes of the answers');
  assert.equal(m.bodyBytes! / m.requests, 55 / 3);
  assert.equal(m.durationSec, 2);
  assert.deepEqual([m.latencyMs.p50, m.latencyMs.max, m.latencyMs.mean], [2, 3, 2]);
  // HTTP/2 answers have no wire bytes: bytes are their bodies, which the size check reads there.
  const h2 = fakeMeasurement([{ status: 200, bodyBytes: 17, latencyMs: 1 }], 0, 1, 'h2c');
  assert.equal(h2.bytes, 17 * FAKE_REQUESTS_PER_SEC);
  assert.throws(() => fakeMeasurement([], 3, 1, 'http1'), /at least one answer/);
});

test('the fake engine is named only when enabled, and auto never chooses it', () => {
  const needs = loadNeeds(helloSuite.scenarios, 10);
  const before = process.env[FAKE_ENGINE_VAR];
  try {
    delete process.env[FAKE_ENGINE_VAR];
    assert.throws(() => chooseEngine(needs, 'fake'), /unknown engine "fake"/);
    process.env[FAKE_ENGINE_VAR] = '1';
    assert.equal(chooseEngine(needs, 'fake').name, 'fake');
    assert.notEqual(chooseEngine(needs, 'auto').name, 'fake');
    assert.notEqual(chooseEngine({ h2c: true }, 'auto').name, 'fake');
  } finally {
    if (before === undefined) delete process.env[FAKE_ENGINE_VAR];
    else process.env[FAKE_ENGINE_VAR] = before;
  }
});
