/** The parts of `--cost instructions` that need no Valgrind: reading dumps, judging answers, summaries and verdicts. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dumpTotal } from '../../src/instructions/callgrind-control.js';
import { judgeLoadAnswer } from '../../src/instructions/counted-load.js';
import {
  blocksForShare,
  blocksWanted,
  countBlocksWithoutReopening,
  countFigure,
  halvesApart,
  levelOf,
  withoutHighest,
} from '../../src/instructions/count-process.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserError } from '../../src/core/errors.js';
import { compareCounts, countsMismatch } from '../../src/instructions/count-compare.js';
import { isCountsRun, loadCounts } from '../../src/instructions/count-file.js';
import {
  busyCoreWarning,
  countAbChanges,
  countChange,
  countsWarnings,
  summarizeCounts,
} from '../../src/instructions/count-result.js';
import { countsHeadline, countsMarkdown, countsTerminal } from '../../src/report/instructions-render.js';
import { countsToCsv } from '../../src/report/counts-csv.js';
import { renderCountsHtml } from '../../src/report/html/counts-page.js';
import { countsDocument as doc } from '../helpers/synthetic.js';
import { roundOrder } from '../../src/instructions/count-run.js';
import { countPlan, countRunSettings } from '../../src/api/cost.js';
import type { Runtime } from '../../src/runtimes/runtime.js';
import { countsBetween } from '../../src/docs/reference-instructions.js';
import { helloSuite } from '../../src/suites/hello/suite.js';
import { tempDir } from '../helpers/temp-dir.js';

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

test('blocks that cycle get more of them, levelled off or not, and are judged again over all of them', () => {
  const plan = { countedBlocks: 10, maxBlocks: 60, blockErrorShare: 0.0025, settleShare: 0.01 };
  // moost, thousands of instructions per request: ten blocks, then ten more whose halves still differ
  const moost = [
    429.3, 354.1, 457.3, 367.2, 428.6, 361.3, 418.3, 362.8, 419.7, 427.2, 319.1, 429.2, 353.2, 413.5, 371.0, 422.8,
    360.4, 421.4, 363.0, 386.0,
  ];
  assert.ok(halvesApart(moost.slice(-10)) > 0.05, 'not levelled off');
  assert.equal(blocksWanted(moost, plan), 55, 'as many as keep one block within 0.25 %, though not levelled off');
  assert.equal(blocksWanted(moost, { ...plan, maxBlocks: 10 }), 10, '--count-requests: exactly that many');
  // followed by the blocks of another moost process, which cycle the same way
  const more = [
    425.0, 351.6, 390.3, 353.7, 411.5, 368.1, 418.9, 363.5, 417.3, 361.5, 417.6, 426.7, 352.1, 391.8, 352.8, 413.9,
    367.2, 419.8, 360.2, 418.7, 360.3, 418.6, 425.1, 352.0, 391.5, 353.2,
  ];
  const figure = countFigure([...moost, ...more], 46, plan);
  assert.equal(figure.counted.length, 46);
  assert.equal(figure.settled, true, 'the halves of all 46 agree');
  const levelOfOthers = 385_000 / 1000; // moost's other processes of the same count
  assert.ok(Math.abs(levelOf(figure.counted) / levelOfOthers - 1) < 0.005);
  assert.ok(levelOf(moost.slice(-10)) / levelOfOthers - 1 < -0.015, 'ten of them held a low part of the cycle');
  // a count still falling: even blocks, no more of them, and not levelled off
  const falling = Array.from({ length: 20 }, (_, i) => 100 - 0.5 * i);
  assert.equal(blocksWanted(falling, plan), 10);
  assert.equal(countFigure(falling, 10, plan).settled, false);
  // the level blocks of koa: levelled off at ten
  const koa = [89.3, 96.6, 89.2, 89.1, 90.5, 89.2, 89.1, 89.1, 89.0, 90.9];
  assert.equal(countFigure(koa, blocksWanted(koa, plan), plan).settled, true);
});

test('the count has levelled off when the halves of its blocks agree; rounds alternate the order', () => {
  assert.ok(halvesApart([100, 101, 100, 101]) < 0.001);
  assert.ok(Math.abs(halvesApart([120, 110, 100, 100]) - 0.1304) < 0.001);
  // koa's blocks after its warm-up: level at 89k, one garbage collection of 97k in the first half
  const oneCollection = [89.3, 96.6, 89.2, 89.1, 90.5, 89.2, 89.1, 89.1, 89.0, 90.9];
  assert.ok(halvesApart(oneCollection) < 0.005, 'one high block in one half is no change of level');
  // its first blocks, still warming up: two high blocks are
  const warming = [100.9, 108.9, 89.3, 89.2, 89.3, 89.3, 89.3, 89.3, 89.3, 89.3];
  assert.ok(halvesApart(warming) > 0.03);
  // nest-express with the memory reducer on: a step to a higher level
  const step = [146.8, 145.3, 147.1, 145.3, 145.5, 346.6, 232.3, 154.4, 152.6, 155.2];
  assert.ok(halvesApart(step) > 0.04);
  // Blocks of wooks 0.6.5: a large garbage collection every few thousand requests.
  const uneven = [398, 247, 382, 367, 256, 340, 367, 246, 340, 366];
  assert.equal(blocksForShare(uneven, 0.0025), 85, 'the highest left out, another such block moves ten by about 2 %');
  assert.equal(blocksForShare([54, 54.2, 54.1, 53.9], 0.0025), 1, 'even blocks: no more than the ten counted');
  assert.deepEqual(roundOrder(['a', 'b', 'c'], 1), ['a', 'b', 'c']);
  assert.deepEqual(roundOrder(['a', 'b', 'c'], 2), ['c', 'b', 'a']);
});

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

test('two counts runs: a change beyond the threshold is called only when the runs do not overlap', () => {
  const run = (values: number[]) => doc(values.map((v, i): [string, number, number] => ['A', i + 1, v]));
  const judge = (before: number[], after: number[]) =>
    compareCounts(run(before), run(after), { before: 'x', after: 'y' }, 0.005).cells[0];
  const regression = judge([100, 100.2, 99.9], [101, 101.3, 100.8]);
  assert.equal(regression.verdict, 'regression');
  assert.ok(Math.abs(regression.change! - 0.01) < 1e-9);
  assert.equal(judge([100, 100.2, 99.9], [99, 98.9, 99.2]).verdict, 'improvement');
  const overlapping = judge([100, 100.2, 99.9], [101, 101.3, 100]);
  assert.equal(overlapping.verdict, 'same');
  assert.match(overlapping.why, /overlap/);
  assert.equal(judge([100, 100.1], [100.2, 100.3]).verdict, 'same', 'apart, but within the threshold');
  assert.equal(judge([100], [102]).verdict, 'unknown');
});

test("a count's figure leaves out the highest tenth of its blocks, so a larger collection just inside or outside it does not move it", () => {
  assert.deepEqual(withoutHighest([3, 1, 2]), [1, 2]);
  assert.deepEqual(withoutHighest([1, 2]), [1, 2], 'two blocks (a quick check): both kept');
  assert.equal(withoutHighest(Array.from({ length: 20 }, (_, i) => i)).length, 18, 'a tenth of twenty: two');
  // fastify's blocks: a scavenge every other block; the first count took a larger collection in its tenth
  const level = [50.6, 49.9, 50.6, 49.9, 50.6, 49.9, 50.6, 49.9, 50.6, 49.9];
  const withCollection = [...level.slice(0, 9), 52.5];
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  assert.ok(mean(withCollection) / mean(level) - 1 > 0.005, 'the plain mean moves by half a percent');
  assert.ok(Math.abs(levelOf(withCollection) / levelOf(level) - 1) < 0.002, 'the figure by a sixth of that');
});

test('two counts runs do not compare across runtimes, V8 flags, warm-ups or figures; Valgrind and the CPU are noted', () => {
  const base = doc([['A', 1, 100]]);
  assert.deepEqual(countsMismatch(base, base), { blocking: [], notes: [] });
  const other = doc([['A', 1, 100]], [], {
    runtime: { id: 'node@22', version: '22.1.0' },
    v8Flags: ['--jitless'],
    valgrind: { version: '3.20.0', tool: 'callgrind', flags: [] },
  });
  const { blocking, notes } = countsMismatch(base, other);
  assert.equal(blocking.length, 2);
  const figuredOtherwise = doc([['A', 1, 100]], [], { plan: { ...base.plan, blocksLeftOut: undefined } });
  assert.match(
    countsMismatch(base, figuredOtherwise).blocking.join(),
    /blocks left out of the figure: highest tenth against none/,
  );
  assert.match(countsHeadline(base), /each figure leaves out the highest tenth of its blocks of 1 requests/);
  assert.doesNotMatch(countsHeadline(figuredOtherwise), /leaves out/, 'a count from before left none out');
  assert.match(blocking.join('\n'), /runtime: node@24 24\.0\.0 against node@22 22\.1\.0/);
  assert.match(notes.join('\n'), /Valgrind: 3\.19\.0 against 3\.20\.0/);
});

test('a counts run as CSV: one row per process, one per target and scenario; plain numbers', () => {
  const csv = countsToCsv(
    doc([
      ['A', 1, 1000.25],
      ['A', 2, 1010],
      ['B', 1, 2000],
    ]),
  );
  const counts = csv.counts.trimEnd().split('\r\n');
  assert.equal(counts.length, 4);
  assert.match(counts[0], /^target,scenario,round,instructions_per_request,/);
  assert.match(counts[1], /^A,json,1,1000\.3,true,1,/);
  const summary = csv.summary.trimEnd().split('\r\n');
  assert.equal(summary.length, 3);
  assert.match(summary[1], /^A,json,1005\.1,0\.0097,2,0,0,0,1,$/);
  assert.match(summary[2], /^B,json,2000,0,1,0,0,0,1\.989802,$/);
});

test("a counts run's HTML page leads with the A/B verdict, then ranks by instructions per request", () => {
  const ab = doc(
    [
      ['A', 1, 100_000],
      ['A', 2, 100_100],
      ['B', 1, 101_500],
      ['B', 2, 101_400],
    ],
    [],
    { ab: { a: 'A', b: 'B', thresholdShare: 0.005 } },
  );
  const html = renderCountsHtml(ab, 'run-1', { ab: { ...ab.ab!, changes: countAbChanges(ab) } });
  assert.ok(html.indexOf('A/B verdict') < html.indexOf('Scenario json'));
  assert.match(html, /B regressed beyond 0\.50 % in json \(\+1\.40 %\)/);
  assert.match(html, /<svg[^>]*aria-label="json: instructions per request \(fewer is better\)"/);
  assert.match(html, /<td>A<\/td><td>json<\/td><td class="num">100,050<\/td>/);
  assert.doesNotMatch(html, /<script src=|<link /, 'self-contained');
});

test('a saved counts run is recognised and read back; a foreign file gets a coded error', () => {
  const dir = tempDir('counts-file');
  const file = join(dir, 'instructions.json');
  writeFileSync(file, JSON.stringify(doc([['A', 1, 100]])));
  assert.equal(isCountsRun(dir), true);
  assert.equal(loadCounts(dir).counts[0].instructionsPerRequest, 100);
  writeFileSync(file, JSON.stringify({ kind: 'instructions', counts: 'none' }));
  assert.throws(
    () => loadCounts(file),
    (error: UserError) => error.code === 'GAUNTLET_BAD_RESULT' && /counts/.test(error.message),
  );
  assert.equal(isCountsRun(tempDir('counts-empty')), false);
});

test('the count plan: blocks of 1,000 by default, more where blocks are uneven; two halves of a count under 2,000', () => {
  const byDefault = countPlan({});
  assert.deepEqual([byDefault.blockRequests, byDefault.countedBlocks, byDefault.maxBlocks], [1000, 10, 60]);
  const given = countPlan({ countRequests: 5000 });
  assert.deepEqual(
    [given.blockRequests, given.countedBlocks, given.maxBlocks],
    [1000, 5, 5],
    'given: exactly that many',
  );
  const quick = countPlan({ countRequests: 400 });
  assert.deepEqual([quick.blockRequests, quick.countedBlocks], [200, 2]);
  assert.equal(countPlan({ countRequests: 1 }).countedBlocks, 2, 'never fewer than two blocks');
});

test("a count's targets run with the memory reducer off as timed ones do, unless --memory-reducer; the user's flags after", () => {
  const flags = (options: Parameters<typeof countRunSettings>[0]) =>
    countRunSettings(options, helloSuite, helloSuite.scenarios, [], 'node-http', {} as Runtime).v8Flags;
  assert.deepEqual(flags({}), ['--no-memory-reducer']);
  assert.deepEqual(flags({ v8Flags: ['--single-threaded'] }), ['--no-memory-reducer', '--single-threaded']);
  assert.deepEqual(flags({ memoryReducer: true }), []);
});

test('a count against an earlier one: each change between the medians, the largest first, and how many within the threshold', () => {
  const first = doc([
    ['A', 1, 100_000],
    ['A', 2, 100_200],
    ['B', 1, 200_000],
    ['B', 2, 200_400],
  ]);
  const second = doc([
    ['A', 1, 100_300],
    ['A', 2, 100_100],
    ['B', 1, 203_000],
    ['B', 2, 202_600],
  ]);
  second.counts[2].settled = false;
  const moved = countsBetween(first, second, 0.005);
  assert.deepEqual(
    moved.rows.map((r) => r.target),
    ['B', 'A'],
    'the largest change first',
  );
  assert.ok(Math.abs(moved.rows[0].change - (202_800 / 200_200 - 1)) < 1e-12);
  assert.deepEqual(
    [moved.rows[0].unsettled, moved.rows[0].processes],
    [1, 2],
    "the second count's processes not levelled off",
  );
  assert.equal(moved.within, 1, 'A moved 0.10 %, B 1.30 %');
});

test('a count taken while others used more than 5 % of the target core is flagged in every report; one without the reading is not', () => {
  const counted = doc([
    ['A', 1, 1000],
    ['A', 2, 1002],
    ['B', 1, 2000],
    ['B', 2, 2300],
  ]);
  counted.counts[1].core = { others: 0.004, steal: 0.003 };
  counted.counts[3].core = { others: 0.43, steal: 0.016 };
  const cells = summarizeCounts(counted);
  assert.deepEqual(
    cells.map((c) => [c.target, c.onBusyCore]),
    [
      ['A', 0],
      ['B', 1],
    ],
  );
  const warning = busyCoreWarning(counted);
  assert.match(
    warning ?? '',
    /^busy-core: 1 of 4 counts ran while others took over 5 % of the target's core \(up to 43 %\)/,
  );
  const terminal = countsTerminal(counted).join('\n');
  assert.match(terminal, /2 \(1 on a busy core\)/);
  assert.ok(terminal.includes(`! ${warning}`));
  assert.ok(countsMarkdown(counted).includes(warning!));
  assert.ok(renderCountsHtml(counted, 'run').includes('busy-core: 1 of 4 counts'));
  assert.match(countsToCsv(counted).counts.split('\r\n')[4], /,0\.43,0\.016,0,0$/);
  const compared = compareCounts(doc([['A', 1, 1000]]), counted, { before: 'x', after: 'y' }, 0.005);
  assert.deepEqual(compared.warnings, [`after: ${warning}`], 'compare names the run counted on a busy core');
  counted.counts[3].core = undefined;
  assert.equal(busyCoreWarning(counted), undefined, 'documents written before the reading have no warning');
});

test('a count whose blocks kept reopened connections is warned of in every report, one that counted them again is not', () => {
  const counted = doc([
    ['A', 1, 1000],
    ['A', 2, 1000],
    ['B', 1, 2000],
    ['B', 2, 2300],
  ]);
  counted.counts[0].reopened = { redone: 1, kept: 0 };
  assert.deepEqual(countsWarnings(counted), [], 'a block counted again leaves the figure clean');
  counted.counts[2].reopened = { redone: 2, kept: 3 };
  assert.deepEqual(
    summarizeCounts(counted).map((c) => [c.target, c.reopened]),
    [
      ['A', 0],
      ['B', 1],
    ],
  );
  const [warning] = countsWarnings(counted);
  assert.match(warning, /^reopened-connections: 1 of 4 counts kept blocks that opened connections anew/);
  assert.ok(warning.length <= 160, warning);
  assert.match(countsTerminal(counted).join('\n'), /2 \(1 with connections reopened\)/);
  assert.ok(countsMarkdown(counted).includes(warning));
  assert.ok(renderCountsHtml(counted, 'run').includes('reopened-connections: 1 of 4'));
  const csv = countsToCsv(counted);
  assert.match(csv.counts.split('\r\n')[1], /,1,0$/, 'A round 1: one block counted again, none kept');
  assert.match(csv.counts.split('\r\n')[3], /,2,3$/);
  assert.deepEqual(compareCounts(doc([['A', 1, 1000]]), counted, { before: 'x', after: 'y' }, 0.005).warnings, [
    `after: ${warning}`,
  ]);
});

test('a block in which the client opened connections is counted again, until the budget is spent', async () => {
  const counts = (opened: number[], budget: number) => {
    let n = 0;
    const blocks: number[] = [];
    const reopened = { redone: 0, kept: 0 };
    const countBlock = async () => ({ perRequest: 100 + n, opened: opened[n++] ?? 0 });
    return { run: countBlocksWithoutReopening(countBlock, 3, blocks, reopened, budget), blocks, reopened };
  };
  const once = counts([0, 10, 0, 0], 2);
  await once.run;
  assert.deepEqual(once.blocks, [100, 102, 103], 'the block with connections opened is left out');
  assert.deepEqual(once.reopened, { redone: 1, kept: 0 });
  const always = counts([10, 10, 10, 10, 10], 2);
  await always.run;
  assert.deepEqual(always.blocks, [102, 103, 104], 'past the budget, blocks are kept');
  assert.deepEqual(always.reopened, { redone: 2, kept: 3 });
});
