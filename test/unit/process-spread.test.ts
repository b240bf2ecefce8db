import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result } from '../../src/model/schema.js';
import { processSpread } from '../../src/stats/process-spread.js';
import { seededRandom } from '../../src/stats/random.js';

/** A run of `targets` in `processes` processes each over 16 rounds: round noise shared by all, own noise per window, and each process's own level. */
function run(targets: string[], levelOf: (target: string, process: number) => number, processes = 2): Result {
  const random = seededRandom(3);
  const trials = [];
  for (let round = 1; round <= 16; round++) {
    const roundPace = 1 + (random() - 0.5) * 0.1;
    for (const target of targets)
      for (let process = 1; process <= processes; process++) {
        const requestsPerSec = 1000 * levelOf(target, process) * roundPace * (1 + (random() - 0.5) * 0.06);
        trials.push({
          target,
          scenario: 'json',
          round,
          status: 'ok',
          process,
          measurement: { requestsPerSec, server: { cpuUsPerRequest: 1e6 / requestsPerSec } },
        });
      }
  }
  return { plan: { targets, scenarios: ['json'], baseline: targets[0] }, trials } as unknown as Result;
}

const targets = ['base', 'a', 'b', 'c', 'd', 'e'];

test("processes of the same speed spread no more than their rounds' noise: a start adds about nothing", () => {
  const spread = processSpread(run(targets, () => 1))!;
  assert.equal(spread.cells, 6);
  assert.ok(spread.observed > 0, 'window noise still parts two processes a little');
  assert.ok(spread.perStart < 0.01, `each start added ${spread.perStart}`);
});

test('processes that settle 6 % apart are read as about that much per start, beside the same noise', () => {
  const steady = processSpread(run(targets, () => 1))!;
  // process 2 of every target 6 % slower: a standard deviation of 6 % / √2 ≈ 4.2 % in log terms across two
  const parted = processSpread(run(targets, (_, p) => (p === 2 ? 0.94 : 1)))!;
  assert.ok(parted.observed > steady.observed + 0.02, `${parted.observed} against ${steady.observed}`);
  assert.ok(Math.abs(parted.expected - steady.expected) < 0.005, 'the noise estimate does not see the levels');
  assert.ok(parted.perStart > 0.035 && parted.perStart < 0.05, `each start added ${parted.perStart}`);
});

test('a run with one process per target has no spread to read', () => {
  const single = run(targets, () => 1, 1);
  const unnumbered = {
    ...single,
    trials: single.trials.map(({ process: _, ...t }) => t),
  } as unknown as Result;
  assert.equal(processSpread(unnumbered), undefined);
});
