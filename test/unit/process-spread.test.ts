import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Trial } from '../../src/model/schema.js';
import { processSpread } from '../../src/stats/process-spread.js';
import { seededRandom } from '../../src/stats/random.js';
import { summarize } from '../../src/stats/summarize.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';

const targets = ['base', 'a', 'b', 'c', 'd', 'e'];

/** `targets` in `processes` processes each over 16 rounds: a pace per round shared by all, noise per window, and each process's own level. */
function trials(levelOf: (target: string, process: number) => number, processes = 2): Trial[] {
  const random = seededRandom(3);
  const out: Trial[] = [];
  for (let round = 1; round <= 16; round++) {
    const pace = 1 + (random() - 0.5) * 0.1;
    for (const target of targets)
      for (let process = 1; process <= processes; process++) {
        const rate = 1000 * levelOf(target, process) * pace * (1 + (random() - 0.5) * 0.06);
        out.push(trial(target, 'text', round, measurement(rate), processes > 1 ? { process } : {}));
      }
  }
  return out;
}

const run = (levelOf: (target: string, process: number) => number, processes = 2) => ({
  plan: plan({ targets, baseline: 'base' }),
  trials: trials(levelOf, processes),
});

test("processes of the same speed spread no more than their rounds' noise: a start adds about nothing", () => {
  const spread = processSpread(run(() => 1))!;
  assert.equal(spread.cells, 6);
  assert.ok(spread.observed > 0, 'window noise still parts two processes a little');
  assert.ok(spread.perStart < 0.01, `each start added ${spread.perStart}`);
});

test('processes that settle 6 % apart are read as about that much per start, beside the same noise', () => {
  const steady = processSpread(run(() => 1))!;
  // process 2 of every target 6 % slower: a standard deviation of about 6 % / √2 across the two
  const parted = processSpread(run((_, p) => (p === 2 ? 0.94 : 1)))!;
  assert.ok(parted.observed > steady.observed + 0.02, `${parted.observed} against ${steady.observed}`);
  assert.ok(Math.abs(parted.expected - steady.expected) < 0.005, 'the noise estimate does not see the levels');
  assert.ok(parted.perStart > 0.035 && parted.perStart < 0.05, `each start added ${parted.perStart}`);
});

test('a run with one process per target has no spread to read', () => {
  assert.equal(processSpread(run(() => 1, 1)), undefined);
});

test('a run whose starts part by more than their noise says so in a warning; one whose starts agree does not', () => {
  const warned = (levelOf: (target: string, process: number) => number) => {
    const input = { ...run(levelOf), verification: [], unavailable: [], environment: environment(), complete: true };
    return collectWarnings(input, summarize(input)).filter((w) => w.kind === 'starts-differ');
  };
  const [warning] = warned((t, p) => (p === 2 && t !== 'c' ? 0.95 : 1));
  assert.match(warning.message, /parted by \d+\.\d % in req\/s \(root mean square over 6 cells\)/);
  assert.match(warning.message, /--processes/);
  assert.deepEqual(
    warned(() => 1),
    [],
  );
});
