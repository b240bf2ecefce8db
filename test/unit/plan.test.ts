import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planVisits, trialCount } from '../../src/plan/plan.js';

const targets = ['a', 'b', 'c', 'd'];
const scenarios = ['text', 'json', 'param'];

test('every round visits every target once, with all scenarios', () => {
  const visits = planVisits(targets, scenarios, 3, 7);
  assert.equal(visits.length, 12);
  for (const round of [1, 2, 3]) {
    const inRound = visits.filter((v) => v.round === round);
    assert.deepEqual(inRound.map((v) => v.target).sort(), targets);
    for (const visit of inRound) assert.deepEqual([...visit.scenarios].sort(), [...scenarios].sort());
  }
  assert.equal(trialCount(visits), 36);
});

test('rounds come in order: no round starts before the previous one ends', () => {
  const rounds = planVisits(targets, scenarios, 4, 3).map((v) => v.round);
  assert.deepEqual(rounds, [...rounds].sort((a, b) => a - b));
});

test('the same seed gives the same order, other seeds shuffle', () => {
  const order = (seed: number) => planVisits(targets, scenarios, 3, seed).map((v) => `${v.target}:${v.scenarios.join('')}`).join(',');
  assert.equal(order(42), order(42));
  const distinct = new Set([1, 2, 3, 4, 5, 6, 7, 8].map(order));
  assert.ok(distinct.size > 1, 'different seeds must give different orders');
});

test('the order is shuffled: the first target differs across rounds for some seed', () => {
  const firstTargets = new Set<string>();
  for (let seed = 1; seed <= 20; seed++) {
    for (const visit of planVisits(targets, scenarios, 2, seed).filter((v) => v.round === 2)) {
      firstTargets.add(visit.target);
      break;
    }
  }
  assert.ok(firstTargets.size >= 3, `round 2 always started with ${[...firstTargets].join(',')}`);
});
