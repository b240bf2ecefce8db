/** The parts of `--cost instructions` that need no Valgrind: reading dumps, judging answers, summaries and verdicts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dumpTotal } from '../../src/instructions/callgrind-control.js';
import { judgeLoadAnswer } from '../../src/instructions/counted-load.js';
import { halvesApart } from '../../src/instructions/count-process.js';
import { type CountsDocument, countChange, summarizeCounts } from '../../src/instructions/count-result.js';
import { roundOrder } from '../../src/instructions/count-run.js';
import { helloSuite } from '../../src/suites/hello/suite.js';

test("a callgrind dump's instructions are read from its totals line", () => {
  assert.equal(
    dumpTotal('version: 1\ncreator: callgrind-3.19.0\nevents: Ir\n\nfn=main\n1 5\ntotals: 53842000\n'),
    53842000,
  );
  assert.equal(dumpTotal('events: Ir\nsummary: 42\n'), 42);
  assert.throws(() => dumpTotal('events: Ir\n'), /no totals line/);
});

test('an answer of the counted load is judged by its status and, where the scenario says it, its body', () => {
  const json = helloSuite.scenarios.find((s) => s.name === 'json')!;
  const request = json.load[0];
  assert.equal(judgeLoadAnswer(json, request, { status: 200, body: '{"hello":"world"}' }), undefined);
  assert.equal(
    judgeLoadAnswer(json, request, { status: 200, body: '{ "hello": "world" }' }),
    undefined,
    'the same JSON',
  );
  assert.match(judgeLoadAnswer(json, request, { status: 200, body: '{"hello":"w0rld"}' })!, /w0rld/);
  assert.match(judgeLoadAnswer(json, request, { status: 500, body: '' })!, /status 500/);
});

test('the count has levelled off when the halves of its blocks agree; rounds alternate the order', () => {
  assert.ok(halvesApart([100, 101, 100, 101]) < 0.001);
  assert.ok(Math.abs(halvesApart([120, 110, 100, 100]) - 0.1304) < 0.001);
  assert.deepEqual(roundOrder(['a', 'b', 'c'], 1), ['a', 'b', 'c']);
  assert.deepEqual(roundOrder(['a', 'b', 'c'], 2), ['c', 'b', 'a']);
});

function doc(counts: Array<[string, number, number]>, failures: CountsDocument['failures'] = []): CountsDocument {
  return {
    kind: 'instructions',
    gauntletVersion: '0',
    startedAt: '',
    complete: true,
    suite: 'hello',
    scenarios: ['json'],
    targets: ['A', 'B'],
    baseline: 'A',
    runtime: { id: 'node@24', version: '24.0.0' },
    machine: { cpuModel: 'x', cores: 2 },
    valgrind: { version: '3.19.0', tool: 'callgrind', flags: [] },
    v8Flags: [],
    rounds: 3,
    plan: {
      warmupRequests: 1,
      blockRequests: 1,
      countedBlocks: 2,
      settleShare: 0.01,
      concurrency: 1,
      timeoutMs: 1,
      readyTimeoutMs: 1,
    },
    counts: counts.map(([target, round, value]) => ({
      target,
      scenario: 'json',
      round,
      instructionsPerRequest: value,
      blocks: [value],
      settled: true,
      seconds: { start: 0, warmup: 0, count: 0 },
    })),
    failures,
  };
}

test('summaries: the median over processes, their spread, the ratio to the baseline; a wrong target has no figure', () => {
  const summary = summarizeCounts(
    doc([
      ['A', 1, 100],
      ['A', 2, 102],
      ['A', 3, 101],
      ['B', 1, 200],
    ]),
  );
  const a = summary.find((s) => s.target === 'A')!;
  assert.equal(a.instructionsPerRequest, 101);
  assert.ok(Math.abs(a.spread! - 2 / 101) < 1e-9);
  assert.equal(summary.find((s) => s.target === 'B')!.ratioToBaseline, 200 / 101);
  const failed = summarizeCounts(
    doc(
      [['A', 1, 100]],
      [{ target: 'B', scenario: 'json', round: 1, reason: 'wrong answer: x', cause: 'wrong-answer' }],
    ),
  ).find((s) => s.target === 'B')!;
  assert.equal(failed.instructionsPerRequest, undefined);
  assert.match(failed.failed!, /wrong answer/);
});

test('ab verdicts: beyond the threshold with every round agreeing, or not at all', () => {
  const rounds = (b: number[]) =>
    doc([
      ...[100, 100, 100].map((v, i): [string, number, number] => ['A', i + 1, v]),
      ...b.map((v, i): [string, number, number] => ['B', i + 1, v]),
    ]);
  assert.equal(countChange(rounds([101, 101.2, 100.9]), 'A', 'B', 'json', 0.005).verdict, 'regression');
  assert.equal(countChange(rounds([99, 98.8, 99.1]), 'A', 'B', 'json', 0.005).verdict, 'improvement');
  assert.equal(countChange(rounds([100.2, 99.9, 100.1]), 'A', 'B', 'json', 0.005).verdict, 'same');
  const split = countChange(rounds([101, 101, 99.5]), 'A', 'B', 'json', 0.005);
  assert.equal(split.verdict, 'same');
  assert.match(split.why, /disagree/);
  assert.equal(countChange(rounds([101]), 'A', 'B', 'json', 0.005).verdict, 'unknown');
});
