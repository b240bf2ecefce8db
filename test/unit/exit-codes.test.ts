/** Which exit code each outcome of verify, run and ab ends with, and what a bug prints. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { verifyExitCode, runExitCode } from '../../src/cli/outcome-exit.js';
import { reportError } from '../../src/cli/report-error.js';
import { UserError } from '../../src/core/errors.js';
import { EXIT } from '../../src/core/exit-codes.js';
import type { RunOutcome } from '../../src/measure/run.js';
import type { TargetVerdict } from '../../src/measure/verify-targets.js';

const ok = (target: string): TargetVerdict => ({ target, ok: true, failures: [] });
const wrong = (target: string): TargetVerdict => ({
  target,
  ok: false,
  failures: [{ scenario: 'text', request: 'GET /', reason: 'status 500, expected 200' }],
});
const noStart = (target: string, request = 'start'): TargetVerdict => ({
  target,
  ok: false,
  failures: [{ scenario: '*', request, reason: 'did not answer HTTP within 1000 ms' }],
});

test('verify: a wrong answer exits 3, a target that did not start 5, and a wrong answer outranks it', () => {
  assert.equal(verifyExitCode([ok('a'), ok('b')]), EXIT.OK);
  assert.equal(verifyExitCode([ok('a'), wrong('b')]), EXIT.WRONG_ANSWER);
  assert.equal(verifyExitCode([ok('a'), noStart('b')]), EXIT.TARGET_FAILED);
  assert.equal(verifyExitCode([noStart('a', 'start over h2')]), EXIT.TARGET_FAILED);
  assert.equal(verifyExitCode([noStart('a'), wrong('b')]), EXIT.WRONG_ANSWER);
});

/** A run's outcome with just what the exit code reads. */
function outcome(targets: string[], measured: string[], wrongAnswers: string[], interrupted = false): RunOutcome {
  const trials = targets.map((target) => ({ target, status: measured.includes(target) ? 'ok' : 'failed' }));
  const verification = wrongAnswers.map((target) => ({ target, ok: false }));
  return {
    interrupted,
    runDir: '/nowhere',
    result: { targets: targets.map((name) => ({ name })), trials, verification },
  } as unknown as RunOutcome;
}

test('run fails only when nothing was measured; ab when A or B was not', () => {
  assert.equal(
    runExitCode(outcome(['a', 'b'], ['a'], ['b']), 'any'),
    EXIT.OK,
    'a wrong target is a finding of the run, shown in its report',
  );
  assert.equal(runExitCode(outcome(['a', 'b'], [], ['b']), 'any'), EXIT.WRONG_ANSWER);
  assert.equal(runExitCode(outcome(['a', 'b'], [], []), 'any'), EXIT.TARGET_FAILED);
  assert.equal(runExitCode(outcome(['A', 'B'], ['A'], ['B']), 'every'), EXIT.WRONG_ANSWER);
  assert.equal(runExitCode(outcome(['A', 'B'], ['A'], []), 'every'), EXIT.TARGET_FAILED);
  assert.equal(runExitCode(outcome(['A', 'B'], ['A', 'B'], []), 'every'), EXIT.OK);
  assert.equal(
    runExitCode(outcome(['a'], [], ['a'], true), 'any'),
    EXIT.INTERRUPTED,
    'an interruption outranks the rest',
  );
});

/** What reportError prints, and the exit code it gives. */
function reported(error: unknown): { exit: number; printed: string } {
  const original = console.error;
  let printed = '';
  console.error = (text: string) => (printed += `${text}\n`);
  try {
    return { exit: reportError(error), printed };
  } finally {
    console.error = original;
  }
}

test("a user error exits with its code's exit code; anything else is a bug: exit 70 with the stack", () => {
  const missing = reported(
    new UserError('GAUNTLET_NO_REDIS', 'redis-server is not installed', 'apt-get install -y redis-server'),
  );
  assert.equal(missing.exit, EXIT.MISSING_TOOL);
  assert.equal(
    missing.printed,
    'error GAUNTLET_NO_REDIS: redis-server is not installed\n  apt-get install -y redis-server\n  see docs/errors.md#gauntlet_no_redis\n',
  );
  const bug = reported(new TypeError('cannot read properties of undefined'));
  assert.equal(bug.exit, EXIT.INTERNAL);
  assert.match(
    bug.printed,
    /^error GAUNTLET_INTERNAL: gauntlet failed: TypeError: cannot read properties of undefined\n\s+at /,
  );
  assert.match(bug.printed, /a bug in gauntlet/);
});
