import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Trial } from '../../src/model/schema.js';
import { MIN_PASS_CELLS, passLevels } from '../../src/stats/pass-levels.js';
import { baselineRatiosOf, runPassLevels, summarize } from '../../src/stats/summarize.js';
import { measurement, plan, trial } from '../helpers/synthetic.js';

const rate = (m: { requestsPerSec: number }) => m.requestsPerSec;

/** Eight rounds of one scenario; the machine runs 20 % slow in rounds 5–8, for every target alike. */
const machine = [1, 1, 1, 1, 0.8, 0.8, 0.8, 0.8];
const speeds: Record<string, number> = { base: 100, a: 80, b: 60, c: 120, d: 90 };

function trials(disturb: (target: string, round: number) => number = () => 1, targets = Object.keys(speeds)): Trial[] {
  return targets.flatMap((target) =>
    machine.map((level, i) =>
      trial(target, 'json', i + 1, measurement(speeds[target] * level * disturb(target, i + 1))),
    ),
  );
}

test('pass levels: a pass that ran slow for every target is read as slow, by how much, and centred per scenario', () => {
  const levels = passLevels(trials(), rate, 'higher');
  assert.ok(Math.abs(levels(5, 'json') / levels(1, 'json') - 0.8) < 1e-12, 'the slow passes sit 20 % below the fast');
  assert.ok(Math.abs(levels(1, 'json') * levels(5, 'json') - 1) < 1e-12, 'centred: their geometric mean is 1');
  assert.equal(levels(9, 'json'), 1, 'a pass with no trials is not adjusted');
  assert.equal(levels(1, 'param'), 1, 'nor a scenario with none');
});

test('pass levels: a baseline slowed on its own in the fast rounds no longer sets every ratio', () => {
  // The baseline's windows in rounds 1–4 lost 15 % to something of its own (a GC, a burst on its
  // core): as measured, its best rounds read 85, not its speed of 100, and every ratio reads high.
  const disturbed = trials((target, round) => (target === 'base' && round <= 4 ? 0.85 : 1));
  const truth = speeds.b / speeds.base;
  const levelled = baselineRatiosOf(disturbed, 'base', 'b', 'json', { levels: runPassLevels(disturbed) })!
    .requestsPerSec!;
  const asMeasured = baselineRatiosOf(disturbed, 'base', 'b', 'json')!.requestsPerSec!;
  assert.ok(Math.abs(asMeasured.estimate / truth - 1) > 0.15, `as measured ${asMeasured.estimate}`);
  assert.ok(Math.abs(levelled.estimate / truth - 1) < 0.05, `levelled ${levelled.estimate}, truth ${truth}`);
});

test('pass levels: without a disturbance of its own a cell reads the same either way, and a per-round ratio never changes', () => {
  const clean = trials();
  for (const target of ['a', 'b', 'c', 'd']) {
    const levelled = baselineRatiosOf(clean, 'base', target, 'json', { levels: runPassLevels(clean) })!;
    const asMeasured = baselineRatiosOf(clean, 'base', target, 'json')!;
    const truth = speeds[target] / speeds.base;
    assert.ok(Math.abs(levelled.requestsPerSec!.estimate - truth) < 1e-9);
    assert.ok(Math.abs(asMeasured.requestsPerSec!.estimate - truth) < 1e-9);
    assert.ok(Math.abs(levelled.cpuUsPerRequest!.estimate - 1 / truth) < 1e-9, 'CPU per request alike');
  }
  const summaries = summarize({
    plan: plan({ targets: Object.keys(speeds), scenarios: ['json'], baseline: 'base', repeats: 8 }),
    trials: trials((target, round) => (target === 'base' && round <= 4 ? 0.85 : 1)),
    verification: [],
    unavailable: [],
  });
  const b = summaries.find((s) => s.target === 'b')!;
  // per round 60/85 in rounds 1–4 and 48/80 in 5–8: their median, as before levels
  assert.ok(Math.abs(b.pairedRatio!.median - (60 / 85 + 48 / 80) / 2) < 1e-12);
  // the ranking reads the ratio as measured: levelled, it held fewer cells in the pairs run after it was chosen
  assert.equal(b.ratioToBaseline, b.baselineRatios!.requestsPerSec!.estimate);
  assert.ok(Math.abs(b.ratioToBaseline! - 60 / 85) < 1e-12);
});

test(`pass levels: a pass of fewer than ${MIN_PASS_CELLS} cells is not adjusted, since a cell's own noise would be much of its level`, () => {
  const few = trials((target, round) => (target === 'base' && round <= 4 ? 0.85 : 1), ['base', 'a', 'b']);
  const levels = passLevels(few, rate, 'higher');
  for (let round = 1; round <= 8; round++) assert.equal(levels(round, 'json'), 1);
  assert.deepEqual(
    baselineRatiosOf(few, 'base', 'b', 'json', { levels: runPassLevels(few) })!.requestsPerSec!.estimate,
    baselineRatiosOf(few, 'base', 'b', 'json')!.requestsPerSec!.estimate,
  );
});
