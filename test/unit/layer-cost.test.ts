import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result } from '../../src/model/schema.js';
import { resultSchema } from '../../src/model/schema.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { layerMoves } from '../../src/stats/layer-moves.js';
import { layerOverheads } from '../../src/stats/layers.js';
import { baselineRatiosOf } from '../../src/stats/summarize.js';
import { measurement, plan, summarizedResult, targetInfo, trial } from '../helpers/synthetic.js';

/** fastify and nest-fastify over 8 rounds of each scenario; a burst slows nest-fastify's round 1. */
function layered(scenarios: string[], nestSpeed = 1): Result {
  const p = plan({ targets: ['fastify', 'nest-fastify'], scenarios, baseline: 'fastify', repeats: 8 });
  const trials = scenarios.flatMap((scenario) =>
    Array.from({ length: 8 }, (_, i) => i + 1).flatMap((round) => [
      trial('fastify', scenario, round, measurement(1000 + ((round * 37) % 40))),
      trial('nest-fastify', scenario, round, measurement(nestSpeed * (round === 1 ? 500 : 750 + ((round * 53) % 30)))),
    ]),
  );
  return summarizedResult(p, trials, [targetInfo('fastify'), targetInfo('nest-fastify', { layer: 'fastify' })]);
}

test('the cost of a layer is the headline ratio of the one on top to the one below, with its interval, in one scenario', () => {
  const result = layered(['json']);
  const [nest] = layerOverheads(result);
  const ratios = baselineRatiosOf(result.trials, 'fastify', 'nest-fastify', 'json')!;
  assert.equal(nest.basis, 'one scenario');
  assert.equal(nest.scenario, 'json');
  assert.deepEqual(nest.ratios, ratios);
  assert.ok(Math.abs(nest.throughputCost - (1 - ratios.requestsPerSec!.estimate)) < 1e-12);
  assert.ok(Math.abs(nest.cpuCost - (ratios.cpuUsPerRequest!.estimate - 1)) < 1e-12);
  // The best rounds (two of eight) leave the slowed round 1 out, which the ratio of medians would not.
  const { low, high } = nest.ratios!.requestsPerSec!.interval;
  assert.ok(low < 1 - nest.throughputCost && 1 - nest.throughputCost < high, 'the interval holds the estimate');
  assert.ok(high < 1, 'a layer that costs about a quarter is told apart from none');
  assert.ok(resultSchema.safeParse({ ...result, acrossScenarios: { weighted: [], layers: [nest] } }).success);

  const table = renderTerminal(result);
  assert.match(table, /Cost of the layer on top/);
  assert.match(table, /nest-fastify +fastify +-2\d\.\d % \[-\d+\.\d %, -\d+\.\d %\]/);
  // The note under the table is wrapped to the terminal: read it as one line.
  assert.match(
    table.replace(/\s+/g, ' '),
    /leaves out the own speed of a start of the framework on top and the one below run in one process/,
  );
  assert.match(renderTerminal(result, {}, { wide: true }), /nest-fastify +│ fastify +│ -2\d\.\d %/);
});

test('over several scenarios the cost is the median of their ratios, without an interval', () => {
  const result = layered(['json', 'param']);
  const [nest] = layerOverheads(result);
  assert.equal(nest.basis, 'median over scenarios');
  assert.equal(nest.ratios, undefined);
  const rate = (scenario: string) => baselineRatiosOf(result.trials, 'fastify', 'nest-fastify', scenario)!;
  const costs = ['json', 'param'].map((s) => 1 - rate(s).requestsPerSec!.estimate);
  assert.ok(Math.abs(nest.throughputCost - (costs[0] + costs[1]) / 2) < 1e-12);
  assert.doesNotMatch(
    renderTerminal(result).replace(/\s+/g, ' '),
    /bootstrap interval over the rounds; it leaves out the own speed of a start of the framework/,
  );
});

test('bench:stability: a layer cost in two runs, its move, and whether the two intervals allowed it', () => {
  const first = layered(['json']);
  const [same] = layerMoves(first, layered(['json']));
  assert.equal(same.target, 'nest-fastify');
  assert.equal(same.layer, 'fastify');
  assert.equal(same.throughputCost[0], same.throughputCost[1]);
  assert.deepEqual(same.covered, { requestsPerSec: true, cpuUsPerRequest: true });
  // nest-fastify 10 % slower in the second run: a move its tight intervals do not allow
  const [moved] = layerMoves(first, layered(['json'], 0.9));
  const costs = layerOverheads(first)[0];
  assert.ok(Math.abs(moved.throughputCost[1] - (1 - 0.9 * (1 - costs.throughputCost))) < 1e-9);
  assert.ok(Math.abs(moved.cpuCost[1] - ((1 + costs.cpuCost) / 0.9 - 1)) < 1e-9);
  assert.deepEqual(moved.covered, { requestsPerSec: false, cpuUsPerRequest: false });
  // several scenarios: costs without intervals, so nothing to say about coverage
  const [noIntervals] = layerMoves(layered(['json', 'param']), layered(['json', 'param']));
  assert.equal(noIntervals.covered, undefined);
});
