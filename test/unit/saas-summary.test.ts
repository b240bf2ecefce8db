import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result, TargetInfo } from '../../src/model/schema.js';
import { layerOverheads } from '../../src/stats/layers.js';
import { weightedSummaries } from '../../src/stats/weighted.js';
import { parseStores } from '../../src/stores/store-spec.js';
import { storeVariantName } from '../../src/stores/store-variants.js';
import { mixedScenario } from '../../src/suites/mixed.js';
import { saasSuite, SAAS_CATEGORY_WEIGHTS } from '../../src/suites/saas/suite.js';
import { measurement, plan, summarizedResult, targetInfo, trial } from '../helpers/synthetic.js';

test('the saas suite: 20 scenarios in four categories whose weights add up to the mix of the published benchmark', () => {
  assert.equal(saasSuite.scenarios.length, 20);
  const total = saasSuite.scenarios.reduce((sum, s) => sum + s.weight!, 0);
  assert.ok(Math.abs(total - 1) < 1e-9);
  for (const [category, share] of Object.entries(SAAS_CATEGORY_WEIGHTS)) {
    const inCategory = saasSuite.scenarios
      .filter((s) => s.category === category)
      .reduce((sum, s) => sum + s.weight!, 0);
    assert.ok(Math.abs(inCategory - share) < 1e-9, `${category}: ${inCategory}`);
  }
  const routes = new Set(
    [...saasSuite.scenarios.flatMap((s) => s.checks), ...saasSuite.extraChecks!].map(
      (c) => `${c.request.method} ${c.request.path.replace(/\/p\d+|\/t\d+|\/u\d+|\/o\d|\/tm\d/g, '/:id')}`,
    ),
  );
  assert.ok(routes.size >= 21, `${routes.size} distinct requests`);
});

test('the mixed scenario carries every weighted scenario in proportion to its share', () => {
  const mixed = mixedScenario(saasSuite.scenarios)!;
  assert.equal(mixed.load.length, 1000);
  for (const scenario of saasSuite.scenarios) {
    const count = mixed.load.filter((r) => scenario.load.includes(r)).length;
    assert.ok(
      Math.abs(count - scenario.weight! * 1000) <= 1,
      `${scenario.name}: ${count} of 1000, share ${scenario.weight}`,
    );
  }
  assert.deepEqual(mixed.expectedStatuses, [200, 201, 401, 404]);
  assert.equal(mixedScenario([{ name: 'x', description: '', load: [], checks: [] }]), undefined);
});

function weightedResult(rates: Record<string, Record<string, number>>, targets: TargetInfo[] = []): Result {
  const scenarios = ['a', 'b', 'c'];
  const p = plan({
    targets: Object.keys(rates),
    scenarios,
    baseline: Object.keys(rates)[0],
    scenarioWeights: {
      a: { category: 'public', weight: 0.5 },
      b: { category: 'api', weight: 0.25 },
      c: { category: 'api', weight: 0.25 },
    },
    categoryWeights: { public: 0.5, api: 0.5 },
  });
  const trials = Object.entries(rates).flatMap(([target, byScenario]) =>
    Object.entries(byScenario).flatMap(([scenario, rate]) =>
      [1, 2, 3].map((round) => trial(target, scenario, round, measurement(rate))),
    ),
  );
  return summarizedResult(p, trials, targets);
}

test('weighted summary: weighted mean, mix throughput, weighted CPU and categories', () => {
  const result = weightedResult({ fast: { a: 1000, b: 500, c: 250 } });
  const [w] = weightedSummaries(result);
  assert.equal(w.weightedRequestsPerSec, 0.5 * 1000 + 0.25 * 500 + 0.25 * 250);
  assert.ok(Math.abs(w.mixRequestsPerSec - 1 / (0.5 / 1000 + 0.25 / 500 + 0.25 / 250)) < 1e-9);
  assert.ok(
    Math.abs(w.weightedCpuUsPerRequest - (0.5 * 1000 + 0.25 * 2000 + 0.25 * 4000)) < 1e-9,
    'CPU per request weights the per-request costs',
  );
  assert.deepEqual(
    w.categories.map((c) => [c.category, c.requestsPerSec]),
    [
      ['public', 1000],
      ['api', 375],
    ],
  );
  assert.deepEqual(weightedSummaries(weightedResult({ x: { a: 1 } })).at(0)?.missing, ['b', 'c']);
});

test('layer overhead: a framework against the one it is built on, store variants against theirs', () => {
  const info = (name: string, layer?: string) => targetInfo(name, { layer });
  const result = weightedResult(
    {
      fastify: { a: 1000, b: 1000, c: 1000 },
      'nest-fastify': { a: 900, b: 900, c: 900 },
      'fastify+redis': { a: 500, b: 500, c: 500 },
      'nest-fastify+redis': { a: 400, b: 400, c: 400 },
    },
    [info('fastify'), info('nest-fastify', 'fastify')],
  );
  const overheads = layerOverheads(result);
  const nest = overheads.find((o) => o.target === 'nest-fastify')!;
  assert.equal(nest.layer, 'fastify');
  assert.ok(Math.abs(nest.throughputCost - 0.1) < 1e-9);
  assert.ok(Math.abs(nest.cpuCost - (1000 / 900 - 1)) < 1e-9);
  assert.equal(overheads.find((o) => o.target === 'nest-fastify+redis')!.layer, 'fastify+redis');
  assert.equal(overheads.length, 2);
});

test('stores: parsed with clear refusals; the baseline follows the store variants', () => {
  assert.deepEqual(
    parseStores(['memory', 'delay:1', 'redis']).map((s) => s.label),
    ['', 'delay1ms', 'redis'],
  );
  assert.throws(() => parseStores(['postgres']), /unknown store "postgres".*|--stores takes/);
  assert.throws(() => parseStores(['redis', 'redis']), /twice/);
  assert.equal(storeVariantName('node-http', parseStores(['memory', 'redis'])), 'node-http');
  assert.equal(storeVariantName('node-http', parseStores(['redis'])), 'node-http+redis');
});
