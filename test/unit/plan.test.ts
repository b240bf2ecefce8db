import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planTrials } from '../../src/plan/plan.js';

const targets = ['a', 'b', 'c', 'd'];
const scenarios = ['text', 'json', 'param'];

test('every round measures every target on every scenario once', () => {
  const trials = planTrials(targets, scenarios, 3, 7);
  assert.equal(trials.length, 36);
  for (const round of [1, 2, 3]) {
    const cells = trials.filter((t) => t.round === round).map((t) => `${t.target}:${t.scenario}`);
    assert.equal(new Set(cells).size, 12);
  }
});

test('a round measures one scenario on every target back to back, so each trial sits near the baseline of its scenario', () => {
  const trials = planTrials(targets, scenarios, 2, 11);
  for (let start = 0; start < trials.length; start += targets.length) {
    const block = trials.slice(start, start + targets.length);
    assert.equal(new Set(block.map((t) => t.scenario)).size, 1, `trials ${start}..${start + 3} mix scenarios`);
    assert.deepEqual(block.map((t) => t.target).sort(), targets);
  }
});

test('rounds come in order, and numbering can start later (added rounds)', () => {
  const rounds = planTrials(targets, scenarios, 4, 3).map((t) => t.round);
  assert.deepEqual(
    rounds,
    [...rounds].sort((a, b) => a - b),
  );
  assert.deepEqual([...new Set(planTrials(targets, scenarios, 2, 3, 5).map((t) => t.round))], [5, 6]);
});

test('the same seed gives the same order, other seeds shuffle', () => {
  const order = (seed: number) =>
    planTrials(targets, scenarios, 3, seed)
      .map((t) => `${t.target}:${t.scenario}`)
      .join(',');
  assert.equal(order(42), order(42));
  const distinct = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(order));
  assert.ok(distinct.size > 1, 'different seeds must give different orders');
});

test('targets are shuffled within a scenario: the first target of round 2 varies with the seed', () => {
  const first = new Set<string>();
  for (let seed = 1; seed <= 20; seed++)
    first.add(planTrials(targets, scenarios, 2, seed).find((t) => t.round === 2)!.target);
  assert.ok(first.size >= 3, `round 2 always started with ${[...first].join(',')}`);
});
