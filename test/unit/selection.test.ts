import assert from 'node:assert/strict';
import { test } from 'node:test';
import { selectScenarios, selectSuite } from '../../src/api/selection.js';

test('a run without --scenarios takes the suite default ones; named scenarios still run', () => {
  const hello = selectSuite('hello');
  assert.deepEqual(
    selectScenarios(hello).map((s) => s.name),
    ['json', 'param'],
  );
  assert.deepEqual(
    selectScenarios(hello, ['text', 'json', 'param']).map((s) => s.name),
    ['text', 'json', 'param'],
  );
  // A suite without defaults runs all its scenarios.
  const h2 = selectSuite('h2');
  assert.deepEqual(
    selectScenarios(h2).map((s) => s.name),
    h2.scenarios.map((s) => s.name),
  );
});
