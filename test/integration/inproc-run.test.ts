import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { runBenchSuite } from '../../src/api/run-inproc.js';
import { runExitCode } from '../../src/cli/outcome-exit.js';
import { EXIT } from '../../src/core/exit-codes.js';
import { resultSchema } from '../../src/model/schema.js';
import { liveGroupCount } from '../../src/proc/process-group.js';
import type { BenchTable } from '../../src/suites/inproc-types.js';
import type { Suite } from '../../src/suites/types.js';
import { leftoverProcesses, newMark, projectRoot, TEST_MARK_VAR } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const CASES = join(projectRoot, 'dist', 'test', 'fixtures', 'inproc', 'cases.js');

function fixtureSuite(tables: BenchTable[]): Suite {
  return {
    name: 'bench-fixture',
    kind: 'bench',
    description: 'fixture',
    scenarios: [],
    bench: {
      parts: [{ name: 'answers', title: 'Answers', module: CASES, tables }],
      targets: [
        {
          name: 'plain',
          title: 'Plain JavaScript',
          packageRoot: '.',
          packages: ['tinybench'],
          minNodeMajor: 20,
          defaultRuntime: 'node@24',
          homepage: 'https://example.org',
          description: 'no framework',
        },
      ],
    },
  };
}

const short = { repeats: 2, durationSec: 0.05, warmupSec: 0.02, quiet: true } as const;

test('a case whose answer is wrong is refused before timing, never ranked, and the run exits 3; nothing is left running', async () => {
  const mark = newMark();
  process.env[TEST_MARK_VAR] = mark;
  const outcome = await runBenchSuite(
    fixtureSuite([
      {
        name: 'answers',
        title: 'Answers',
        reference: 'sync',
        cases: [
          { name: 'sync', title: 'sync' },
          { name: 'async', title: 'async' },
          { name: 'wrong', title: 'wrong' },
          { name: 'wrong-later', title: 'wrong later' },
          { name: 'throws', title: 'throws' },
        ],
      },
    ]),
    { ...short, outDir: tempDir('bench-wrong') },
  );
  delete process.env[TEST_MARK_VAR];
  const result = resultSchema.parse(outcome.result);
  assert.equal(runExitCode(outcome, 'any'), EXIT.WRONG_ANSWER);
  const summary = (name: string) => result.bench!.summaries.find((s) => s.case === name)!;
  assert.equal(summary('wrong').status, 'failed');
  assert.equal(summary('wrong').wrongAnswer, true);
  assert.match(summary('wrong').reason!, /before timing: expected 42, got 41/);
  assert.equal(summary('wrong').opsPerSec, undefined, 'a wrong case has no figures');
  // Refused once, not run again in the second round.
  assert.equal(result.bench!.trials.filter((t) => t.case === 'wrong').length, 1);
  assert.equal(summary('wrong-later').wrongAnswer, true);
  assert.match(summary('wrong-later').reason!, /after timing/);
  assert.equal(summary('throws').status, 'failed');
  assert.notEqual(summary('throws').wrongAnswer, true, 'a task that throws is a failure, not a wrong answer');
  for (const name of ['sync', 'async']) {
    assert.equal(summary(name).status, 'measured', `${name}: ${summary(name).reason}`);
    assert.equal(summary(name).validTrials, 2);
    assert.ok(summary(name).opsPerSec!.median > 0);
    assert.ok(summary(name).cpuNsPerOp!.median > 0, 'CPU per op is read from /proc');
  }
  assert.equal(summary('sync').reference, true);
  assert.equal(summary('sync').vsReference?.median, 1, 'the reference row is 100 % of itself');
  assert.ok(summary('async').vsReference, 'paired with the reference round by round');
  assert.equal(summary('sync').facts?.encodedBytes, 2);
  assert.ok(result.warnings.some((w) => w.kind === 'wrong-answer'));
  assert.equal(liveGroupCount(), 0, 'every child process group is stopped');
  assert.deepEqual(await leftoverProcesses(mark), []);
});

test('a table whose cases all answer right exits 0; table options reach the case; a child per case when asked', async () => {
  const outcome = await runBenchSuite(
    fixtureSuite([
      {
        name: 'options',
        title: 'Options',
        reference: 'sync',
        options: { answer: 42 },
        cases: [
          { name: 'sync', title: 'sync' },
          { name: 'from-options', title: 'from options', factory: 'needs-option' },
        ],
      },
    ]),
    { ...short, outDir: tempDir('bench-ok'), isolate: 'case' },
  );
  assert.equal(runExitCode(outcome, 'any'), EXIT.OK);
  const trials = outcome.result.bench!.trials;
  assert.ok(
    trials.every((t) => t.status === 'ok'),
    JSON.stringify(trials.map((t) => t.reason)),
  );
  assert.equal(new Set(trials.map((t) => t.childPid)).size, trials.length, 'isolate case: one child per case window');
  assert.equal(outcome.result.plan.kind, 'bench');
  assert.equal(liveGroupCount(), 0);
});
