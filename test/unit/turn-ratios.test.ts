import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Measurement, Trial } from '../../src/model/schema.js';
import { baselineColumnsNote, methodLine } from '../../src/report/rows.js';
import { compareRuns } from '../../src/stats/run-agreement.js';
import { turnRatios, turnsEstimate } from '../../src/stats/turn-ratios.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { STOP_WAIT_MAX_MS } from '../../src/proc/turns.js';
import { environment, measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

/** A trial of `target` in turns with `partner`, each side's req/s given (CPU per request follows). */
function inTurns(
  target: string,
  round: number,
  own: number,
  partner: { target: string; requestsPerSec: number; status?: Trial['status'] },
  overrides: Partial<Trial> = {},
): Trial {
  const m: Measurement = measurement(own);
  return trial(target, 'text', round, m, {
    turns: {
      turnMs: 25,
      servedSec: 0.5,
      partner: {
        target: partner.target,
        status: partner.status ?? 'ok',
        requestsPerSec: partner.requestsPerSec,
        cpuUsPerRequest: 1e6 / partner.requestsPerSec,
      },
    },
    ...overrides,
  });
}

/** Both sides of each window: the target's trial and the baseline's, as a run in turns records them. */
function pairs(target: string, windows: Array<[number, number]>): Trial[] {
  return windows.flatMap(([base, own], i) => [
    inTurns('base', i + 1, base, { target, requestsPerSec: own }),
    inTurns(target, i + 1, own, { target: 'base', requestsPerSec: base }),
  ]);
}

test('a ratio in turns is taken within each trial, and a cell is their median', () => {
  // the machine's pace changes from window to window (100, 50, 80 for the baseline), the ratio stays near 0.5
  const trials = pairs('other', [
    [100, 50],
    [50, 26],
    [80, 38],
    [90, 45],
    [60, 31],
  ]);
  const ratios = turnRatios(trials, 'base', 'other', 'text', 'requestsPerSec');
  assert.deepEqual(ratios, [0.5, 0.52, 0.475, 0.5, 31 / 60]);
  const cost = turnRatios(trials, 'base', 'other', 'text', 'cpuUsPerRequest');
  assert.ok(Math.abs(cost[0] - 2) < 1e-12, 'CPU per request: the target costs twice the baseline');
  const estimate = turnsEstimate(ratios, { target: 1, baseline: 1 })!;
  assert.equal(estimate.estimate, 0.5);
  assert.equal(estimate.estimator, 'turns');
  assert.equal(estimate.rounds, 5);
  assert.ok(estimate.interval.low <= 0.5 && 0.5 <= estimate.interval.high);
  assert.ok(estimate.logStandardError! > 0);
  assert.deepEqual(turnsEstimate(ratios, undefined), turnsEstimate(ratios, undefined), 'seeded: the same interval');
  assert.equal(turnsEstimate([], undefined), undefined);
});

test('a trial in turns counts only when both sides were clean and the partner is the baseline', () => {
  const trials = [
    ...pairs('other', [[100, 50]]),
    inTurns('other', 2, 40, { target: 'base', requestsPerSec: 100, status: 'invalid' }),
    inTurns('other', 3, 40, { target: 'third', requestsPerSec: 100 }),
    inTurns('other', 4, 40, { target: 'base', requestsPerSec: 100 }, { status: 'invalid' }),
  ];
  assert.deepEqual(turnRatios(trials, 'base', 'other', 'text', 'requestsPerSec'), [0.5]);
});

test('a run in turns summarizes, ranks, reports and compares on the ratios within trials', () => {
  const p = plan({ targets: ['base', 'other'], turns: { turnMs: 25 }, baselineVisits: 2 });
  const windows: Array<[number, number]> = [
    [100, 50],
    [40, 21],
    [90, 44],
    [70, 36],
  ];
  const result = summarizedResult(p, pairs('other', windows));
  const other = result.summaries.find((s) => s.target === 'other')!;
  const base = result.summaries.find((s) => s.target === 'base')!;
  assert.equal(other.baselineRatios?.requestsPerSec?.estimator, 'turns');
  assert.ok(Math.abs(other.ratioToBaseline! - (0.5 + 0.5) / 2) < 0.02, `${other.ratioToBaseline}`);
  assert.equal(other.pairedRatio?.median, other.baselineRatios?.requestsPerSec?.estimate, 'the spread is the trials');
  assert.equal(base.baselineRatios?.requestsPerSec?.estimate, 1, "the baseline's own cell is 1");
  assert.match(methodLine(result), /in turns with a process of the baseline base .*25 ms turns/);
  assert.match(baselineColumnsNote(result), /median over the target's trials/);
  // the stability benchmark reads the same figure: two runs, the second slower by half everywhere, agree
  const slower = summarizedResult(
    p,
    pairs(
      'other',
      windows.map(([b, o]) => [b / 2, o / 2]),
    ),
  );
  const agreement = compareRuns(result, slower, 'req/s ratio to baseline');
  assert.equal(agreement.ratiosHeld, 1, 'a machine at half the pace moves no ratio taken in turns');
});

test('a trial in turns whose side did not stop within the wait is named in a warning; stops within it are not', () => {
  const p = plan({ targets: ['base', 'other'], turns: { turnMs: 25 } });
  const stopped = (max: number): Partial<Trial> => ({
    turns: {
      turnMs: 25,
      servedSec: 0.5,
      stopMs: { median: 0.3, max },
      partner: { target: 'base', status: 'ok', requestsPerSec: 100, cpuUsPerRequest: 1e4 },
    },
  });
  const input = (max: number) => {
    const trials = [inTurns('other', 1, 50, { target: 'base', requestsPerSec: 100 }, stopped(max))];
    return { plan: p, trials, verification: [], unavailable: [], environment: environment(), complete: true };
  };
  const overlaps = (max: number) => collectWarnings(input(max), []).filter((w) => w.kind === 'turns-overlap');
  assert.deepEqual(overlaps(STOP_WAIT_MAX_MS - 1), [], 'a slow stop within the wait overlapped nothing');
  const [warning] = overlaps(STOP_WAIT_MAX_MS);
  assert.match(
    warning?.message ?? '',
    /in 1 trial\(s\) a server's threads had not all stopped 50 ms .*\(other\/text\)/,
  );
});
