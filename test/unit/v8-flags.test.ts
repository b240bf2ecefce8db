import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkEnvironments } from '../../src/compare/environment-match.js';
import { UserError } from '../../src/core/errors.js';
import { methodLine } from '../../src/report/rows.js';
import { resolveRuntimes } from '../../src/runtimes/resolve-runtime.js';
import { binaryRuntime, KEPT_UP_V8_FLAGS } from '../../src/runtimes/runtime.js';
import {
  checkV8Flags,
  parseV8Flags,
  refuseV8FlagsOffTargets,
  targetV8Flags,
  v8FlagsAreDefault,
} from '../../src/runtimes/v8-flags.js';
import { measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

const refusedAs = (code: string, pattern: RegExp) => (error: unknown) =>
  error instanceof UserError && error.code === code && pattern.test(error.message);

test('--v8-flags takes a comma- or space-separated list of flags and refuses anything else, naming it', () => {
  assert.deepEqual(parseV8Flags('--max-semi-space-size=64,--single-threaded'), [
    '--max-semi-space-size=64',
    '--single-threaded',
  ]);
  assert.deepEqual(parseV8Flags(' --a  --b=1 ,'), ['--a', '--b=1']);
  assert.throws(() => parseV8Flags(' , '), refusedAs('GAUNTLET_BAD_OPTION_VALUE', /names no flag/));
  assert.throws(
    () => parseV8Flags('--a,max-semi-space-size=64'),
    refusedAs('GAUNTLET_BAD_OPTION_VALUE', /"max-semi-space-size=64" is not one/),
  );
});

test("the user's flags come after gauntlet's own, which --memory-reducer drops", () => {
  assert.deepEqual(targetV8Flags({}), KEPT_UP_V8_FLAGS);
  assert.deepEqual(targetV8Flags({ v8Flags: ['--max-semi-space-size=64'] }), [
    ...KEPT_UP_V8_FLAGS,
    '--max-semi-space-size=64',
  ]);
  assert.deepEqual(targetV8Flags({ memoryReducer: true, v8Flags: ['--x'] }), ['--x']);
  assert.equal(v8FlagsAreDefault(undefined), true);
  assert.equal(v8FlagsAreDefault([...KEPT_UP_V8_FLAGS]), true);
  assert.equal(v8FlagsAreDefault([]), false);
});

test('each node runtime is asked to start with the flags before a run: one it refuses stops the run with what it said', async () => {
  const [node24] = await resolveRuntimes(['node@24'], false);
  await checkV8Flags([node24], ['--max-semi-space-size=32', '--no-memory-reducer']);
  await assert.rejects(
    checkV8Flags([node24], ['--max-semi-space-size=32', '--no-such-v8-flag']),
    refusedAs(
      'GAUNTLET_BAD_OPTION_VALUE',
      /node 24\.\d+\.\d+ does not start with --v8-flags .*bad option: --no-such-v8-flag/,
    ),
  );
  await assert.rejects(checkV8Flags([node24], ['oops']), refusedAs('GAUNTLET_BAD_OPTION_VALUE', /"oops" is not one/));
  // Bun has no V8: the flags never reach it, so it is not asked (this binary does not exist).
  await checkV8Flags([binaryRuntime('bun', 'bun', '1.0.0', '/nonexistent/bun', 'test')], ['--no-such-v8-flag']);
});

test('the services suite, whose benches take no command line, refuses --v8-flags', () => {
  assert.throws(
    () => refuseV8FlagsOffTargets({ name: 'services', kind: 'bench' }, ['--x']),
    refusedAs('GAUNTLET_OPTION_NOT_FOR_SUITE', /services suite .* --v8-flags has no effect/),
  );
  refuseV8FlagsOffTargets({ name: 'hello' }, ['--x']);
  refuseV8FlagsOffTargets({ name: 'services', kind: 'bench' }, undefined);
});

test('reports say which flags the targets ran with when they are not the defaults, and compare notes a difference', () => {
  const trials = [trial('base', 'text', 1, measurement(1000)), trial('other', 'text', 1, measurement(900))];
  const withFlags = (v8Flags?: string[]) => summarizedResult(plan({ v8Flags }), trials);
  assert.doesNotMatch(methodLine(withFlags([...KEPT_UP_V8_FLAGS])), /V8 flags|node and deno targets/);
  assert.doesNotMatch(methodLine(withFlags(undefined)), /node and deno targets/);
  assert.match(
    methodLine(withFlags(['--no-memory-reducer', '--max-semi-space-size=64'])),
    /node v20 \(node and deno targets with --no-memory-reducer --max-semi-space-size=64\)/,
  );
  assert.match(methodLine(withFlags([])), /no V8 flags: V8's memory reducer on/);
  const check = checkEnvironments(withFlags(['--no-memory-reducer']), withFlags(['--no-memory-reducer', '--x']));
  assert.equal(check.blocking.length, 0, 'comparing two tunings can be the point');
  assert.match(
    check.notes.join('\n'),
    /targets' V8 flags: \["--no-memory-reducer"\] vs \["--no-memory-reducer","--x"\]/,
  );
  assert.equal(checkEnvironments(withFlags(undefined), withFlags([])).notes.length, 0, 'no flags recorded: none ran');
});
