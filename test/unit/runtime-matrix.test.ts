import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultSchema, type Result, type RuntimeRecord, type TargetInfo, type Trial } from '../../src/model/schema.js';
import { formatRatioInterval, runtimeTables } from '../../src/report/runtime-matrix.js';
import { layerOverheads } from '../../src/stats/layers.js';
import { baseTargetName, ratiosBetween, runtimeMatrix } from '../../src/stats/runtime-matrix.js';
import { summarize } from '../../src/stats/summarize.js';
import { environment, measurement, plan, targetInfo, trial } from '../helpers/synthetic.js';

const NODE20: RuntimeRecord = { id: 'node@20', name: 'node', version: '20.20.2' };
const NODE24: RuntimeRecord = { id: 'node@24', name: 'node', version: '24.21.0' };

function info(name: string, runtime: RuntimeRecord, layer?: string): TargetInfo {
  return targetInfo(name, { runtime, layer });
}

/** req/s per round for one variant; CPU µs/req follows as 1e6 / req/s (synthetic measurement). */
function trials(target: string, rates: number[], scenario = 'json'): Trial[] {
  return rates.map((rate, i) => trial(target, scenario, i + 1, measurement(rate)));
}

function result(targets: TargetInfo[], all: Trial[], baseline: string): Result {
  const names = targets.map((t) => t.name);
  return {
    schema: 'gauntlet/result',
    schemaVersion: 1,
    id: 'x',
    startedAt: '',
    complete: true,
    environment: environment(),
    plan: plan({ targets: names, scenarios: ['json'], baseline, repeats: 6 }),
    targets,
    unavailable: [],
    verification: [],
    trials: all,
    summaries: [],
    warnings: [],
  };
}

// node-http doubles its req/s from Node 20 to 24; fastify only gains 20 %.
const runs = result(
  [
    info('node-http@node20', NODE20),
    info('node-http@node24', NODE24),
    info('fastify@node20', NODE20),
    info('fastify@node24', NODE24),
  ],
  [
    ...trials('node-http@node20', [1000, 1010, 990, 1005, 995, 1000]),
    ...trials('node-http@node24', [2000, 2020, 1980, 2010, 1990, 2000]),
    ...trials('fastify@node20', [800, 808, 792, 804, 796, 800]),
    ...trials('fastify@node24', [960, 970, 950, 965, 955, 960]),
  ],
  'node-http@node20',
);

test("the matrix puts each target's runtimes side by side, with the ratio to the first runtime and its interval", () => {
  const matrix = runtimeMatrix(runs)!;
  assert.deepEqual(
    matrix.runtimes.map((r) => r.id),
    ['node@20', 'node@24'],
  );
  assert.equal(matrix.baseline, 'node-http');
  const fastify = matrix.cells.find((c) => c.target === 'fastify' && c.scenario === 'json')!;
  const [on20, on24] = fastify.runtimes;
  assert.equal(on20.variant, 'fastify@node20');
  assert.equal(on20.requestsPerSec, 800);
  assert.equal(on24.requestsPerSec, 960);
  assert.equal(on20.vsReference, undefined, 'the reference runtime has no ratio to itself');
  const rps = on24.vsReference!.requestsPerSec!;
  assert.ok(Math.abs(rps.ratio - 1.2) < 1e-3, `960 / 800 round by round, got ${rps.ratio}`);
  assert.ok(rps.low <= rps.ratio && rps.ratio <= rps.high, 'the interval holds the ratio');
  assert.ok(rps.low > 1.15 && rps.high < 1.25, `a tight interval for samples 1 % apart: ${rps.low}–${rps.high}`);
  assert.ok(rps.pValue < 0.05, 'six rounds, every one faster: significant');
  // CPU per request is 1e6 / req/s here, so it falls by the same factor.
  assert.ok(Math.abs(on24.vsReference!.cpuUsPerRequest!.ratio - 800 / 960) < 1e-3);
});

test('framework ratios are taken on the same runtime: what the framework costs on Node 20 against on Node 24', () => {
  const matrix = runtimeMatrix(runs)!;
  const fastify = matrix.cells.find((c) => c.target === 'fastify')!;
  const vs20 = fastify.runtimes[0].vsBaseline!.requestsPerSec!.ratio;
  const vs24 = fastify.runtimes[1].vsBaseline!.requestsPerSec!.ratio;
  assert.ok(Math.abs(vs20 - 0.8) < 1e-9, `800 / 1000 on node 20, got ${vs20}`);
  assert.ok(Math.abs(vs24 - 0.48) < 1e-3, `960 / 2000 on node 24, round by round, got ${vs24}`);
  const baseline = matrix.cells.find((c) => c.target === 'node-http')!;
  assert.ok(
    baseline.runtimes.every((r) => r.vsBaseline === undefined),
    'the baseline is not divided by itself',
  );
});

test('no matrix on one runtime; failed trials are left out; a store suffix stays on the base name', () => {
  const one = result([info('a', NODE24), info('b', NODE24)], [...trials('a', [1, 2]), ...trials('b', [3, 4])], 'a');
  assert.equal(runtimeMatrix(one), undefined);
  assert.equal(
    ratiosBetween(trials('a', [100, 100]), [trial('b', 'json', 1, undefined)]),
    undefined,
    'nothing clean on one side: no ratio',
  );
  assert.equal(baseTargetName('fastify@bun+redis', 'bun'), 'fastify+redis');
  assert.equal(baseTargetName('fastify@5.11.0@node24', 'node@24'), 'fastify@5.11.0');
});

test('the report shows both tables per scenario, ratios as percentages with their interval', () => {
  const withMatrix = { ...runs, acrossScenarios: { weighted: [], layers: [], runtimes: runtimeMatrix(runs)! } };
  const [runtimesTable, frameworkTable] = runtimeTables(withMatrix);
  assert.equal(runtimesTable.title, 'Runtimes: json');
  assert.deepEqual(runtimesTable.head, [
    'Target',
    'req/s node20',
    'req/s node24',
    'req/s node24 vs node20',
    'CPU µs/req node20',
    'CPU µs/req node24',
    'CPU node24 vs node20',
  ]);
  const fastifyRow = runtimesTable.rows.find((row) => row[0] === 'fastify')!;
  assert.deepEqual(fastifyRow.slice(0, 3), ['fastify', '800', '960']);
  assert.match(fastifyRow[3], /^120 % \[\d+–\d+\]$/);
  assert.equal(frameworkTable.title, 'Frameworks against node-http, per runtime: json');
  assert.deepEqual(
    frameworkTable.rows.map((row) => row.slice(0, 3).map((cell) => cell.replace(/ \[.*/, ''))),
    [['fastify', '80 %', '48 %']],
  );
  assert.deepEqual(runtimeTables(runs), [], 'a result without a matrix renders none');
  assert.equal(
    formatRatioInterval({ ratio: 1.02, low: 0.97, high: 1.08, pValue: 0.4 }),
    '102 % [97–108] †',
    'a difference the test cannot show is marked',
  );
});

test('result.json keeps the matrix and each runtime; results written before runtimes still read', () => {
  const matrix = runtimeMatrix(runs)!;
  const withRuntimes = {
    ...runs,
    environment: environment({ runtimes: [{ ...NODE20, source: 'test' }] }),
    acrossScenarios: { weighted: [], layers: [], runtimes: matrix },
  };
  const parsed = resultSchema.parse(JSON.parse(JSON.stringify(withRuntimes)));
  assert.deepEqual(parsed.acrossScenarios?.runtimes, matrix);
  assert.equal(parsed.environment.runtimes?.[0].source, 'test');
  const old = JSON.parse(JSON.stringify(runs)) as Record<string, unknown> & { targets: Array<Record<string, unknown>> };
  for (const target of old.targets) delete target.runtime;
  const oldParsed = resultSchema.parse(old);
  assert.equal(oldParsed.targets[0].runtime, undefined);
  assert.equal(runtimeMatrix(oldParsed), undefined, 'no runtimes recorded: no matrix');
});

test('a layer on several runtimes is costed against its layer on the same runtime', () => {
  const layered = result(
    [
      info('fastify@node24', NODE24),
      info('fastify@node20', NODE20),
      info('nest-fastify@node24', NODE24, 'fastify'),
      info('nest-fastify@node20', NODE20, 'fastify'),
    ],
    [],
    'fastify@node24',
  );
  const summaries = layered.targets.map((t) => ({
    target: t.name,
    scenario: 'json',
    status: 'measured' as const,
    trials: 1,
    validTrials: 1,
    flags: [],
    requestsPerSec: {
      median: t.name.startsWith('nest') ? 50 : 100,
      min: 0,
      max: 0,
      interval: { low: 0, high: 0, confidence: 0 },
    },
    cpuUsPerRequest: { median: 10, min: 0, max: 0, interval: { low: 0, high: 0, confidence: 0 } },
  }));
  const overheads = layerOverheads({ ...layered, summaries });
  assert.deepEqual(
    overheads.map((o) => [o.target, o.layer]),
    [
      ['nest-fastify@node20', 'fastify@node20'],
      ['nest-fastify@node24', 'fastify@node24'],
    ],
  );
});

test('a scenario kept to some targets (the fanout suite ramp) has matrix rows and summaries for those only', () => {
  const withRamp: Result = {
    ...runs,
    plan: {
      ...runs.plan,
      scenarios: ['json', 'ramp'],
      scenarioShapes: { ramp: { durationSec: 70, targets: ['node-http@node20', 'node-http@node24'] } },
    },
    trials: [
      ...runs.trials,
      ...trials('node-http@node20', [500, 510], 'ramp'),
      ...trials('node-http@node24', [900, 910], 'ramp'),
    ],
  };
  const cells = runtimeMatrix(withRamp)!.cells;
  assert.deepEqual(
    cells.filter((c) => c.scenario === 'ramp').map((c) => c.target),
    ['node-http'],
    'fastify never ran the ramp: no row of dashes',
  );
  assert.equal(cells.filter((c) => c.scenario === 'json').length, 2);
  const summaries = summarize(withRamp);
  assert.deepEqual(
    summaries.filter((s) => s.scenario === 'ramp').map((s) => s.target),
    ['node-http@node20', 'node-http@node24'],
  );
  assert.equal(summaries.length, 4 + 2);
});
