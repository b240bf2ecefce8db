import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Result, Trial } from '../../src/model/schema.js';
import { timeLine } from '../../src/report/time-line.js';
import { timeSpent } from '../../src/stats/time-spent.js';
import { measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

const T0 = Date.parse('2026-11-28T03:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000).toISOString();

/** A trial started `startSec` into the run with a window of `windowSec` and a wait of `settleMs` before it. */
function timed(target: string, round: number, startSec: number, windowSec: number, extra: Partial<Trial> = {}): Trial {
  return trial(target, 'text', round, measurement(50_000, { durationSec: windowSec }), {
    startedAt: at(startSec),
    settle: { waitedMs: 200, idle: true },
    ...extra,
  });
}

function start(
  target: string,
  readyMs: number,
  warmupSec: number,
  waitedMs?: number,
): NonNullable<Result['starts']>[number] {
  return {
    target,
    protocol: 'http1',
    at: at(0),
    cause: 'first',
    readyMs,
    warmup: { seconds: warmupSec, steady: true, blocks: [], ...(waitedMs !== undefined && { waitedMs }) },
    answerSizes: {},
  };
}

function run(trials: Trial[], endSec: number, overrides: Partial<Result['plan']> = {}): Result {
  const result = summarizedResult(plan({ durationSec: 0.25, trialWarmupSec: 0.15, ...overrides }), trials);
  return {
    ...result,
    startedAt: at(0),
    finishedAt: at(endSec),
    starts: [start('base', 500, 6, 1000), start('other', 300, 9)],
  };
}

test('a run splits into its starts and its rounds, and the rounds into windows, lead-ins, waits and the rest', () => {
  const trials = [
    timed('base', 1, 20, 0.25),
    timed('other', 1, 21, 0.25),
    // lengthened to 0.5 s after a first try of 0.25 s that was dropped
    timed('base', 2, 22, 0.5, { windowExtended: { fromSec: 0.25, toSec: 0.5, reason: 'too short' } }),
    timed('other', 2, 24, 0.25),
  ];
  const spent = timeSpent(run(trials, 30));
  assert.ok(spent);
  assert.equal(spent.wallSec, 30);
  assert.equal(spent.beforeRoundsSec, 20);
  assert.equal(spent.starts, 2);
  assert.equal(spent.readySec, 0.8);
  assert.equal(spent.warmupSec, 16); // 6 + 9 s of load and 1 s of waits between blocks
  assert.equal(spent.roundsSec, 10);
  assert.equal(spent.windows, 4);
  assert.equal(spent.askedSec, 1);
  assert.equal(spent.lengthenedSec, 0.25);
  assert.equal(spent.remeasuredSec, 0.4); // the dropped 0.25 s and its 0.15 s lead-in
  assert.ok(Math.abs(spent.leadInSec - 0.6) < 1e-9);
  assert.ok(Math.abs(spent.settleSec - 0.8) < 1e-9);
  // what is left of the 10 s of rounds: 10 - 1.25 - 0.4 - 0.6 - 0.8
  assert.ok(Math.abs(spent.otherSec - 6.95) < 1e-9);
  const line = timeLine(run(trials, 30));
  assert.match(
    line ?? '',
    /^30 s: 20 s before the first window \(2 starts: 1 s until they answered, 16 s warming up\)/,
  );
  assert.match(line ?? '', /then 10 s of rounds over 4 windows: 1 s in windows as asked/);
  assert.match(line ?? '', /7 s starting loads and checking answers$/);
});

test('in turns a pair of sides counts one window, twice as long as each side asked, and the baseline side is not counted again', () => {
  const partner = (target: string) => ({
    turnMs: 25,
    servedSec: 0.25,
    partner: { target, status: 'ok' as const, requestsPerSec: 50_000, cpuUsPerRequest: 20 },
  });
  const trials = [
    timed('base', 1, 20, 0.5, { turns: partner('other') }),
    timed('other', 1, 20, 0.5, { turns: partner('base') }),
  ];
  const spent = timeSpent(run(trials, 25, { turns: { turnMs: 25 } }));
  assert.ok(spent);
  assert.equal(spent.windows, 1);
  assert.equal(spent.askedSec, 0.5);
  assert.equal(spent.lengthenedSec, 0);
  assert.ok(Math.abs(spent.leadInSec - 0.3) < 1e-9);
});

test('a run with no trial or no end has no breakdown, and no line in the reports', () => {
  assert.equal(timeSpent(run([], 30)), undefined);
  const unfinished = { ...run([timed('base', 1, 20, 0.25)], 30), finishedAt: undefined };
  assert.equal(timeSpent(unfinished), undefined);
  assert.equal(timeLine(unfinished), undefined);
});
