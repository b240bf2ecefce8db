import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planStarts, planTrials, processCount } from '../../src/measure/plan.js';
import { cleanByRound, pairedRatios } from '../../src/stats/paired.js';

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

test('the baseline is visited first, last and evenly between in each scenario pass; the others once', () => {
  const targets = ['base', 'a', 'b', 'c', 'd', 'e', 'f'];
  const trials = planTrials(targets, ['json', 'param'], 2, 7, 1, () => true, { target: 'base', visits: 3 });
  for (const round of [1, 2])
    for (const scenario of ['json', 'param']) {
      const pass = trials.filter((t) => t.round === round && t.scenario === scenario).map((t) => t.target);
      assert.equal(pass.length, 9);
      assert.deepEqual(
        pass.map((t, i) => (t === 'base' ? i : -1)).filter((i) => i >= 0),
        [0, 4, 8],
        `${round}/${scenario}: ${pass.join(' ')}`,
      );
      for (const other of targets.slice(1)) assert.equal(pass.filter((t) => t === other).length, 1);
      // each visit goes to its own process of the baseline; the others run one, unnumbered
      const numbered = trials
        .filter((t) => t.round === round && t.scenario === scenario && t.process !== undefined)
        .map((t) => `${t.target}#${t.process}`);
      assert.deepEqual(numbered, ['base#1', 'base#2', 'base#3']);
    }
  assert.equal(processCount('base', { target: 'base', visits: 3 }), 3);
  assert.equal(processCount('a', { target: 'base', visits: 3 }), 1);
  assert.equal(processCount('base', undefined), 1);
  // one visit, or a baseline not in the pass: the plain plan
  assert.deepEqual(
    planTrials(targets, ['json'], 1, 7, 1, () => true, { target: 'base', visits: 1 }),
    planTrials(targets, ['json'], 1, 7),
  );
  assert.equal(planTrials(['a', 'b'], ['json'], 1, 7, 1, () => true, { target: 'base', visits: 3 }).length, 2);
  // the baseline alone: nothing to divide, one visit
  assert.equal(planTrials(['base'], ['json'], 2, 7, 1, () => true, { target: 'base', visits: 3 }).length, 2);
});

test('with processes, every process of every target is measured once in each pass, the baseline still first, last and between', () => {
  const targets = ['base', 'a', 'b', 'c'];
  const base = { target: 'base', visits: 2 };
  const trials = planTrials(targets, ['json'], 3, 5, 1, () => true, base, 3);
  for (const round of [1, 2, 3]) {
    const pass = trials.filter((t) => t.round === round).map((t) => `${t.target}#${t.process}`);
    // the baseline gets a visit per process (3, more than the 2 asked), each other target 3 processes
    assert.equal(pass.length, 12, pass.join(' '));
    assert.deepEqual(
      [...pass].sort(),
      ['a', 'b', 'base', 'c'].flatMap((t) => [1, 2, 3].map((p) => `${t}#${p}`)),
    );
    const baseAt = pass.map((v, i) => (v.startsWith('base#') ? i : -1)).filter((i) => i >= 0);
    assert.deepEqual(baseAt, [0, 6, 11], pass.join(' '));
  }
  // the processes of a target are mixed through the pass, not kept together: some pass splits them
  const split = [1, 2, 3].some((round) => {
    const pass = trials.filter((t) => t.round === round).map((t) => t.target);
    const at = pass.map((t, i) => (t === 'a' ? i : -1)).filter((i) => i >= 0);
    return at[2] - at[0] > 2;
  });
  assert.ok(split, 'the three processes of a sat side by side in every pass');
  assert.equal(processCount('a', base, 3), 3);
  assert.equal(processCount('base', base, 3), 3);
  assert.equal(processCount('base', { target: 'base', visits: 4 }, 3), 4);
  // one process: the plan a seed gave before processes existed
  assert.deepEqual(
    planTrials(targets, ['json'], 2, 5, 1, () => true, base, 1),
    planTrials(targets, ['json'], 2, 5, 1, () => true, base),
  );
  // without a baseline among them, every target's processes alike
  const plain = planTrials(['a', 'b'], ['json'], 1, 5, 1, () => true, undefined, 2);
  assert.deepEqual(plain.map((t) => `${t.target}#${t.process}`).sort(), ['a#1', 'a#2', 'b#1', 'b#2']);
});

test("a round's several visits of the baseline are combined by their median before the ratio", () => {
  const trial = (target: string, round: number, rps: number) => ({
    target,
    round,
    status: 'ok',
    measurement: { requestsPerSec: rps },
  });
  const trials = [
    trial('base', 1, 100),
    trial('a', 1, 120),
    trial('base', 1, 80),
    trial('base', 1, 110),
    trial('base', 2, 100),
    trial('a', 2, 90),
    { ...trial('base', 2, 1), status: 'failed' },
  ];
  type Rate = { requestsPerSec: number };
  const byRound = (name: string) => cleanByRound<Rate, (typeof trials)[number]>(trials, (t) => t.target === name);
  assert.equal(byRound('base').get(1)?.length, 3);
  // round 1: 120 / median(100, 80, 110) = 120 / 100; round 2: 90 / 100 (the failed visit left out)
  assert.deepEqual(
    pairedRatios(byRound('a'), byRound('base'), (m) => m.requestsPerSec),
    [1.2, 0.9],
  );
});

test("the baseline's processes start side by side in the middle, whatever the seed; the others in passes", () => {
  const targets = ['a', 'b', 'base', 'c', 'd'];
  const anchor = { target: 'base', visits: 2 };
  for (const seed of [1, 2, 3, 42]) {
    const starts = planStarts(targets, seed, anchor).map((s) => `${s.target}#${s.process}`);
    assert.deepEqual(starts.slice(2, 4), ['base#1', 'base#2'], starts.join(' '));
    assert.deepEqual([...starts].sort(), ['a#1', 'b#1', 'base#1', 'base#2', 'c#1', 'd#1']);
  }
  // the order of the other targets is still drawn: some seed gives another
  const orders = new Set(
    [1, 2, 3, 4, 5, 6].map((seed) =>
      planStarts(targets, seed, anchor)
        .map((s) => s.target)
        .join(),
    ),
  );
  assert.ok(orders.size > 1, 'every seed gave the same order');
  // --processes 2: every other target's first process before any second one, the baseline's in the middle
  const two = planStarts(targets, 7, anchor, 2).map((s) => `${s.target}#${s.process}`);
  assert.deepEqual(two.slice(4, 6), ['base#1', 'base#2'], two.join(' '));
  const others = two.filter((s) => !s.startsWith('base#'));
  assert.ok(others.slice(0, 4).every((s) => s.endsWith('#1')) && others.slice(4).every((s) => s.endsWith('#2')));
  // without a baseline nothing is moved
  assert.equal(planStarts(targets, 1).length, 5);
});
