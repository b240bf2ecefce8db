import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareSamples, isRegression } from '../../src/stats/compare.js';
import { mannWhitney } from '../../src/stats/mann-whitney.js';
import { seededRandom } from '../../src/stats/random.js';

function noisy(random: () => number, n: number, center: number, spread = 0.05): number[] {
  return Array.from({ length: n }, () => center * (1 + spread * (random() * 2 - 1)));
}

test('Mann-Whitney: exact p-values match the textbook ones', () => {
  // Complete separation of 3 vs 3: two of the C(6,3) = 20 orderings are as extreme.
  assert.ok(Math.abs(mannWhitney([1, 2, 3], [4, 5, 6]).pValue - 0.1) < 1e-12);
  // 5 vs 5 separated: 2 / 252.
  assert.ok(Math.abs(mannWhitney([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]).pValue - 2 / 252) < 1e-12);
  assert.equal(mannWhitney([1, 3, 5], [2, 4, 6]).pValue > 0.5, true);
});

test('no difference on two samples from one distribution (false alarms stay near 5 %)', () => {
  const random = seededRandom(11);
  let alarms = 0;
  const runs = 1000;
  for (let r = 0; r < runs; r++) {
    const verdict = compareSamples(noisy(random, 8, 50_000), noisy(random, 8, 50_000), 'higher-is-better').verdict;
    if (verdict !== 'no-difference') alarms++;
  }
  assert.ok(alarms / runs <= 0.07, `${alarms} false alarms in ${runs}`);
});

test('slower on a shifted sample, with the change and its interval', () => {
  const random = seededRandom(5);
  const before = noisy(random, 8, 50_000, 0.03);
  const after = noisy(random, 8, 45_000, 0.03); // 10 % fewer req/s
  const result = compareSamples(before, after, 'higher-is-better');
  assert.equal(result.verdict, 'worse');
  assert.ok(result.change < -0.05 && result.change > -0.15, `change ${result.change}`);
  assert.ok(result.interval[0] < result.change && result.change < result.interval[1]);
  assert.ok(result.interval[1] < 0, 'the whole interval says slower');
  assert.equal(isRegression(result, 0.05, 'higher-is-better'), true);
  assert.equal(isRegression(result, 0.2, 'higher-is-better'), false, 'a 10 % loss is within a 20 % threshold');
  // For a cost figure, higher is worse.
  assert.equal(compareSamples(before, after, 'lower-is-better').verdict, 'better');
});

test('a large change on too few repeats is not a verdict', () => {
  const result = compareSamples([100, 101, 102], [50, 51, 52], 'higher-is-better');
  assert.equal(result.verdict, 'no-difference');
  assert.ok(result.change < -0.4);
});
