import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { compare } from '../../src/api/compare.js';
import type { BenchPlan, BenchTrial } from '../../src/model/inproc-schema.js';
import { type Plan, type Result, resultSchema } from '../../src/model/schema.js';
import { benchTables } from '../../src/report/inproc-tables.js';
import { resultToCsv } from '../../src/report/csv.js';
import { renderHtml } from '../../src/report/html/page.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { resultFromJournal } from '../../src/results/assemble.js';
import { collectEnvironment } from '../../src/results/environment.js';
import { Journal, readJournal } from '../../src/results/journal.js';
import { summarizeBench } from '../../src/stats/inproc-summary.js';
import { tempDir } from '../helpers/temp-dir.js';

const benchPlan: BenchPlan = {
  library: { name: 'tinybench', version: '6.2.3' },
  isolate: 'table',
  parts: [
    {
      name: 'calls',
      title: 'Calls',
      services: [],
      tables: [
        {
          name: 'calls',
          title: 'Local call',
          reference: 'normal',
          cases: [
            { name: 'normal', title: 'broker.call (normal)' },
            { name: 'params', title: 'broker.call (with params)' },
            { name: 'broken', title: 'broken call' },
          ],
        },
      ],
    },
  ],
  targets: [{ name: 'line', title: 'Line', runtime: 'node@24', packages: { moleculer: '0.15.2' } }],
};

function trial(round: number, name: string, opsPerSec: number, index = 0): BenchTrial {
  const ops = opsPerSec / 10;
  return {
    kind: 'bench',
    index,
    round,
    target: 'line',
    part: 'calls',
    scenario: 'calls',
    case: name,
    status: 'ok',
    startedAt: new Date().toISOString(),
    measurement: {
      ops,
      timeMs: 100,
      wallMs: 101,
      opsPerSec,
      meanNsPerOp: 1e9 / opsPerSec,
      batch: 100,
      samples: ops / 100,
      p50Ns: 1e9 / opsPerSec,
      p99Ns: 2e9 / opsPerSec,
      rme: 1,
      windowMs: 102,
      cpuSeconds: 0.1,
      cpuNsPerOp: 1e8 / ops,
      cpuCores: 0.98,
    },
  };
}

/** Rounds where the reference runs at `base` ops/s and the params row at `ratio` of it, give or take drift. */
function trialsOf(base: number, ratio: number, rounds = 6): BenchTrial[] {
  const out: BenchTrial[] = [];
  for (let round = 1; round <= rounds; round++) {
    const drift = 1 + (round % 3) * 0.2; // the machine drifts by 40 % between rounds
    out.push(trial(round, 'normal', base * drift), trial(round, 'params', base * ratio * drift));
  }
  out.push({
    ...trial(1, 'broken', 1),
    status: 'failed',
    wrongAnswer: true,
    reason: 'wrong answer before timing: expected 8, got 7',
    measurement: undefined,
  });
  return out.map((t, index) => ({ ...t, index }));
}

function resultOf(trials: BenchTrial[]): Result {
  const dir = tempDir('bench-result');
  const plan: Plan = {
    suite: 'services',
    kind: 'bench',
    bench: benchPlan,
    targets: ['line'],
    scenarios: ['calls'],
    runtime: 'line on node 24.21.0',
    repeats: 6,
    durationSec: 0.3,
    warmupSec: 0.2,
    connections: 1,
    pipelining: 1,
    engine: 'tinybench 6.2.3',
    baseline: "each table's reference row",
    seed: 1,
  };
  const environment = collectEnvironment({
    engine: { name: 'tinybench', version: '6.2.3', flags: 'warm-up 0.2 s, 0.3 s per window' },
    scenarioEngines: undefined,
    pinning: { pinned: false, note: 'test' },
    allowedCores: [0, 1],
    packages: {},
  });
  const journal = Journal.create(join(dir, 'journal.ndjson'), {
    id: `test-${Math.random()}`,
    startedAt: new Date().toISOString(),
    environment,
    plan,
    targets: [
      {
        name: 'line',
        title: 'Line',
        description: 'a line',
        router: false,
        homepage: 'https://example.org',
        features: [],
        packages: { moleculer: '0.15.2' },
      },
    ],
    unavailable: [],
  });
  for (const t of trials) journal.benchTrial(t);
  journal.end({ finishedAt: new Date().toISOString(), complete: true });
  return resultSchema.parse(resultFromJournal(readJournal(journal.file)));
}

test('the % against the reference row is paired by round, so drift between rounds cancels', () => {
  const summaries = summarizeBench(benchPlan, ['line'], trialsOf(1_000_000, 0.8), []);
  const params = summaries.find((s) => s.case === 'params')!;
  assert.equal(params.status, 'measured');
  // Each round: 0.8 exactly, whatever the drift; unpaired medians would mix rounds.
  assert.ok(Math.abs(params.vsReference!.median - 0.8) < 1e-9);
  assert.ok(Math.abs(params.vsReference!.interval.high - params.vsReference!.interval.low) < 1e-9);
  assert.ok(params.opsPerSec!.max / params.opsPerSec!.min > 1.3, 'the raw ops/s do drift');
  const broken = summaries.find((s) => s.case === 'broken')!;
  assert.equal(broken.status, 'failed');
  assert.equal(broken.wrongAnswer, true);
  assert.equal(broken.vsReference, undefined);
});

test('a bench result passes the schema and renders in every report like the reference tables', () => {
  const result = resultOf(trialsOf(1_000_000, 0.8));
  assert.equal(result.plan.kind, 'bench');
  assert.equal(result.summaries.length, 0, 'no HTTP summaries in a bench result');
  assert.equal(result.bench!.summaries.length, 3);
  const [view] = benchTables(result);
  assert.deepEqual(view.columns.slice(0, 5), ['Case', 'ops/s', 'Mean time/op', 'vs reference', 'CPU/op']);
  assert.equal(view.rows.length, 2, 'the wrong case is not a row');
  assert.match(view.rows[0][0], /\(#\)$/);
  assert.match(view.rows[1][3], /^−20\.0 %/);
  assert.equal(view.notMeasured[0].status, 'wrong answer');
  const terminal = renderTerminal(result);
  assert.match(terminal, /Suite: Local call/);
  assert.match(terminal, /broker\.call \(with params\)/);
  assert.match(terminal, /broken call: wrong answer/);
  const markdown = renderMarkdown(result);
  assert.match(markdown, /### Local call/);
  assert.match(markdown, /\| broker\.call \(normal\) \(#\)/);
  const html = renderHtml(result, {});
  assert.match(html, /<svg/);
  assert.match(html, /data-chart="ops-line-calls"/);
  const csv = resultToCsv(result);
  assert.equal(csv.trials.trim().split('\r\n').length, 1 + 13);
  assert.equal(csv.summaries.trim().split('\r\n').length, 1 + 3);
  assert.match(csv.summaries, /line,calls,calls,params,broker\.call \(with params\),false,measured/);
});

test('compare of two bench results calls a case that got clearly slower a regression', () => {
  const before = resultOf(trialsOf(1_000_000, 0.8));
  const after = resultOf(
    trialsOf(1_000_000, 0.5).map((t) =>
      t.case === 'normal'
        ? {
            ...t,
            measurement: {
              ...t.measurement!,
              opsPerSec: t.measurement!.opsPerSec * 0.6,
              cpuNsPerOp: t.measurement!.cpuNsPerOp * 1.6,
            },
          }
        : t,
    ),
  );
  const report = compare(before, after);
  const cell = (name: string, figure: string) =>
    report.cells.find((c) => c.label === `line ${name}` && c.figure === figure)!;
  assert.equal(cell('normal', 'rps').verdict, 'worse');
  assert.equal(cell('normal', 'rps').regression, true);
  assert.equal(cell('normal', 'cpu').verdictWords, 'costlier');
  assert.equal(cell('params', 'rps').verdict, 'worse');
  assert.equal(
    report.cells.some((c) => c.label === 'line broken'),
    false,
    'a case without figures is not compared',
  );
});
