import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relativeRange, spreadOf } from '../../src/stats/describe.js';
import { summarize } from '../../src/stats/summarize.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import type { Plan } from '../../src/model/schema.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';

test('spread: median, min, max and an interval around the median', () => {
  const spread = spreadOf([100, 120, 110, 90, 105]);
  assert.equal(spread.median, 105);
  assert.equal(spread.min, 90);
  assert.equal(spread.max, 120);
  const { low, high } = spread.interval;
  assert.ok(low <= 105 && 105 <= high, `interval [${low}, ${high}] must hold the median`);
  assert.ok(low >= 90 && high <= 120, 'an order-statistic interval stays inside the data');
  assert.ok(Math.abs(relativeRange(spread) - 30 / 105) < 1e-12);
});

test('summary: medians, ratio to the baseline, and CPU per request', () => {
  const trials = [
    trial('base', 'text', 1, measurement(1000)),
    trial('base', 'text', 2, measurement(1200)),
    trial('base', 'text', 3, measurement(1100)),
    trial('other', 'text', 1, measurement(500)),
    trial('other', 'text', 2, measurement(550)),
    trial('other', 'text', 3, measurement(600)),
  ];
  const summaries = summarize({ plan: plan(), trials, verification: [], unavailable: [] });
  const base = summaries.find((s) => s.target === 'base')!;
  const other = summaries.find((s) => s.target === 'other')!;
  assert.equal(base.status, 'measured');
  assert.equal(base.requestsPerSec!.median, 1100);
  assert.equal(other.requestsPerSec!.median, 550);
  assert.equal(other.ratioToBaseline, 0.5);
  assert.equal(base.ratioToBaseline, 1);
  assert.ok(Math.abs(other.cpuUsPerRequest!.median - 1e6 / 550) < 1e-9);
  assert.equal(other.validTrials, 3);
});

test('summary: a wrong answer makes the cell failed even if trials exist', () => {
  const summaries = summarize({
    plan: plan(),
    trials: [trial('base', 'text', 1, measurement(1000)), trial('other', 'text', 1, measurement(900))],
    verification: [
      { target: 'other', round: 1, ok: false, failures: [{ scenario: 'text', request: 'GET /', reason: 'body "x"' }] },
    ],
    unavailable: [],
  });
  const other = summaries.find((s) => s.target === 'other')!;
  assert.equal(other.status, 'failed');
  assert.match(other.reason!, /wrong answer to GET \//);
  assert.equal(other.requestsPerSec, undefined);
});

test('summary: invalid trials are not mixed with clean ones; all-invalid cells say so', () => {
  const bad = measurement(5000, { errors: 10 });
  const trials = [
    trial('base', 'text', 1, measurement(1000)),
    trial('base', 'text', 2, bad, { status: 'invalid', flags: ['errors'] }),
    trial('other', 'text', 1, bad, { status: 'invalid', flags: ['errors'] }),
  ];
  const summaries = summarize({ plan: plan(), trials, verification: [], unavailable: [] });
  const base = summaries.find((s) => s.target === 'base')!;
  assert.equal(base.requestsPerSec!.median, 1000, 'the invalid 5000 req/s trial must not count');
  assert.equal(base.validTrials, 1);
  const other = summaries.find((s) => s.target === 'other')!;
  assert.equal(other.status, 'invalid');
  assert.deepEqual(other.flags, ['errors']);
  assert.equal(other.ratioToBaseline, undefined, 'an invalid cell is never used in a ratio');
});

test('summary: unavailable and never-run targets are listed with a reason', () => {
  const summaries = summarize({
    plan: plan({ targets: ['base', 'other', 'gone'] }),
    trials: [trial('base', 'text', 1, measurement(1000))],
    verification: [],
    unavailable: [{ target: 'gone', reason: 'not installable' }],
  });
  assert.equal(summaries.find((s) => s.target === 'gone')!.status, 'not-run');
  assert.match(summaries.find((s) => s.target === 'gone')!.reason!, /not installable/);
  assert.equal(summaries.find((s) => s.target === 'other')!.status, 'not-run');
});

test('warnings: high spread, generator-bound, errors and a busy machine are said in plain words', () => {
  const trials = [
    trial('base', 'text', 1, measurement(1000)),
    trial('base', 'text', 2, measurement(1500)),
    trial('other', 'text', 1, measurement(900, { generator: { cpuCores: 0.97, cpuUsPerRequest: 1 } }), {
      flags: ['generator-bound'],
    }),
    trial('other', 'text', 2, measurement(900, { errors: 3 }), { status: 'invalid', flags: ['errors'] }),
  ];
  const input = {
    plan: plan(),
    trials,
    verification: [],
    unavailable: [],
    environment: environment({ loadAverageBefore: 3.5 }),
    complete: true,
  };
  const warnings = collectWarnings(input, summarize(input));
  const kinds = warnings.map((w) => w.kind);
  for (const kind of ['high-spread', 'generator-bound', 'errors', 'busy-machine'])
    assert.ok(kinds.includes(kind), `missing ${kind} in ${kinds.join(',')}`);
  assert.match(warnings.find((w) => w.kind === 'high-spread')!.message, /base\/text: req\/s varied by 40 %/);
});

test('warnings: when most cells spread widely, the machine is named once instead of every cell', () => {
  const rates = (spread: number) => [measurement(1000), measurement(1000 * (1 + spread))];
  const cells = (spreads: number[]) =>
    spreads.flatMap((spread, i) => rates(spread).map((m, r) => trial(`t${i}`, 'text', r + 1, m)));
  const warn = (spreads: number[]) => {
    const input = {
      plan: plan({ targets: spreads.map((_, i) => `t${i}`), baseline: 't0' }),
      trials: cells(spreads),
      verification: [],
      unavailable: [],
      environment: environment(),
      complete: true,
    };
    return collectWarnings(input, summarize(input)).filter(
      (w) => w.kind === 'high-spread' || w.kind === 'noisy-machine',
    );
  };
  // spread is (max - min) / median: 1000 and 1500 lie 40 % apart
  const noisy = warn([0.3, 0.2, 0.5, 0.25, 0.02, 0.4]);
  assert.deepEqual(
    noisy.map((w) => w.kind),
    ['noisy-machine'],
  );
  assert.match(noisy[0].message, /in 5 of 6 cells \(median 24 %, most 40 % in t2\/text\)/);
  // a few wide cells among steady ones are the cells' own: each is named
  const few = warn([0.3, 0.02, 0.01, 0.5, 0.03, 0.02]);
  assert.deepEqual(
    few.map((w) => `${w.kind} ${w.target}`),
    ['high-spread t0', 'high-spread t3'],
  );
});

/** The noisy-ratios warnings of a run of the baseline and five targets in 16 rounds, each trial's req/s `rate(target index, round)`. */
function noisyRatiosOf(rate: (target: number, round: number) => number, turns?: Plan['turns']) {
  const targets = ['base', 't1', 't2', 't3', 't4', 't5'];
  const trials = targets.flatMap((target, i) =>
    Array.from({ length: 16 }, (_, r) => trial(target, 'text', r + 1, measurement(rate(i, r + 1)))),
  );
  const input = {
    plan: plan({ targets, baseline: 'base', repeats: 16, turns }),
    trials,
    verification: [],
    unavailable: [],
    environment: environment(),
    complete: true,
  };
  return collectWarnings(input, summarize(input)).filter((w) => w.kind === 'noisy-ratios');
}

test('warnings: ratios too uncertain to repeat within 5 % are named once, with turns as the remedy', () => {
  // Each target's req/s against the baseline's, moved by a fixed pattern of `swing` per round.
  const warn = (swing: number, turns?: Plan['turns']) =>
    noisyRatiosOf((i, round) => 1000 * (1 + (i === 0 ? 0 : swing * Math.sin(7 * (round - 1) + i))), turns);
  assert.deepEqual(warn(0.005), [], 'a calm run: errors well below 3 %');
  const noisy = warn(0.6);
  assert.equal(noisy.length, 1);
  assert.match(
    noisy[0].message,
    /median standard error of \d+\.\d % over 5 cells: above 3\.0 %, fewer than 75 % of the cells .*\(nine in ten need 2\.1 % or less/,
  );
  assert.match(noisy[0].message, /--turns/);
  const inTurns = warn(0.6, { turnMs: 25 });
  assert.equal(inTurns.length, 1);
  assert.doesNotMatch(inTurns[0].message, /--turns/, 'a run in turns is not told to run in turns');
});

test('warnings: rounds swinging in spells make the ratios too noisy to repeat even when their errors look small', () => {
  // Every target moves with the machine's pace in spells of rounds; each wobbles a little on its own.
  const warn = (pace: (round: number) => number, turns?: Plan['turns']) =>
    noisyRatiosOf((i, round) => 1000 * pace(round) * (1 + 0.005 * Math.sin(7 * (round - 1) + i)), turns);
  const spells = (round: number) => (round >= 4 && round <= 9 ? 1.3 : 0.95);
  const swung = warn(spells);
  assert.equal(swung.length, 1, 'rounds 32 points apart');
  assert.match(swung[0].message, /the rounds swung 3\d points \(each round.s level/);
  assert.doesNotMatch(swung[0].message, /median standard error/, 'the errors stayed small');
  assert.deepEqual(
    warn((round) => (round >= 4 && round <= 9 ? 1.1 : 0.95)),
    [],
    'rounds about 15 points apart',
  );
  assert.deepEqual(warn(spells, { turnMs: 25 }), [], 'a run in turns takes its ratios within each trial');
});

test('summary: the ratio to the baseline is paired per round, so drift that hits both cancels', () => {
  // The machine slows down between rounds; the target is always 90 % of the baseline.
  const trials = [1000, 2000, 3000].flatMap((rate, i) => [
    trial('base', 'text', i + 1, measurement(rate)),
    trial('other', 'text', i + 1, measurement(rate * 0.9)),
  ]);
  const other = summarize({ plan: plan(), trials, verification: [], unavailable: [] }).find(
    (s) => s.target === 'other',
  )!;
  assert.equal(other.requestsPerSec!.min, 900);
  assert.equal(other.requestsPerSec!.max, 2700);
  assert.ok(
    Math.abs(other.pairedRatio!.interval.low - 0.9) < 1e-12 && Math.abs(other.pairedRatio!.interval.high - 0.9) < 1e-12,
    'no spread left',
  );
  assert.ok(Math.abs(other.ratioToBaseline! - 0.9) < 1e-12);
  // measurement(rate) spends 1 s of CPU per window, so CPU per request is inverse to the rate.
  assert.ok(Math.abs(other.pairedCpuRatio!.median - 1 / 0.9) < 1e-9);
});

test('summary: a round where either side has no clean trial gives no pair', () => {
  const trials = [
    trial('base', 'text', 1, measurement(1000)),
    trial('other', 'text', 1, measurement(500)),
    trial('base', 'text', 2, measurement(1000), { status: 'invalid', flags: ['errors'] }),
    trial('other', 'text', 2, measurement(900)),
  ];
  const other = summarize({ plan: plan(), trials, verification: [], unavailable: [] }).find(
    (s) => s.target === 'other',
  )!;
  assert.equal(other.pairedRatio!.median, 0.5);
  assert.equal(other.pairedRatio!.min, 0.5);
});
