/**
 * The terminal report fits a terminal: every line of a realistic hello run (every framework,
 * on one runtime and on two) within 120 characters, each warning one line of at most 160 with
 * its code; `--wide` shows every column; Markdown keeps each warning's full text.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resultSchema, type Result, type TargetInfo, type Trial } from '../../src/model/schema.js';
import { fitLines } from '../../src/measure/progress.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderTerminal } from '../../src/report/terminal.js';
import { fittedTable } from '../../src/report/terminal-fit.js';
import { wrap } from '../../src/report/terminal-wrap.js';
import { layerOverheads } from '../../src/stats/layers.js';
import { runtimeMatrix } from '../../src/stats/runtime-matrix.js';
import { summarize } from '../../src/stats/summarize.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { weightedSummaries } from '../../src/stats/weighted.js';
import { reportResult } from '../helpers/report-result.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';

/** The hello suite's frameworks: their packages, req/s, CPU µs per request, p99 (ms) and RSS (MB) on the json scenario. */
const HELLO: Record<string, { packages: Record<string, string>; rate: number; cpu: number; p99: number; rss: number }> =
  {
    '0http': { packages: { '0http': '5.1.0' }, rate: 71_000, cpu: 13.8, p99: 31, rss: 68 },
    elysia: { packages: { elysia: '1.4.30' }, rate: 52_000, cpu: 18.9, p99: 44, rss: 92 },
    express4: { packages: { express4: '4.22.3' }, rate: 16_800, cpu: 59.2, p99: 139, rss: 84 },
    express5: { packages: { express: '5.3.0' }, rate: 15_100, cpu: 65.4, p99: 151, rss: 88 },
    fastify: { packages: { fastify: '5.12.8' }, rate: 66_500, cpu: 14.7, p99: 34, rss: 79 },
    h3: { packages: { h3: '2.0.8' }, rate: 48_000, cpu: 20.4, p99: 48, rss: 74 },
    hapi: { packages: { '@hapi/hapi': '21.4.10' }, rate: 33_900, cpu: 29.0, p99: 70, rss: 97 },
    hono: { packages: { hono: '4.13.19' }, rate: 50_200, cpu: 19.5, p99: 46, rss: 77 },
    koa: { packages: { koa: '3.3.0' }, rate: 45_600, cpu: 21.6, p99: 51, rss: 73 },
    moost: { packages: { moost: '0.5.33' }, rate: 31_200, cpu: 31.3, p99: 75, rss: 109 },
    'nest-express': { packages: { '@nestjs/core': '12.5.1' }, rate: 12_900, cpu: 76.1, p99: 182, rss: 131 },
    'nest-fastify': { packages: { '@nestjs/core': '12.5.1' }, rate: 45_100, cpu: 21.9, p99: 52, rss: 118 },
    'node-http': { packages: {}, rate: 73_800, cpu: 13.3, p99: 29, rss: 61 },
    polka: { packages: { polka: '1.0.0-next.28' }, rate: 70_300, cpu: 13.9, p99: 30, rss: 64 },
    restify: { packages: { restify: '12.0.0' }, rate: 27_400, cpu: 35.7, p99: 83, rss: 101 },
    tuft: { packages: { tuft: '2.5.1' }, rate: 40_700, cpu: 24.0, p99: 57, rss: 86 },
    wooks: { packages: { wooks: '0.7.12' }, rate: 62_100, cpu: 15.8, p99: 37, rss: 71 },
    'wooks-0.6': { packages: { wooks: '0.6.5' }, rate: 60_400, cpu: 16.3, p99: 38, rss: 72 },
  };

const RUNTIMES = [
  { id: 'node@24', name: 'node', version: '24.21.0', label: 'node24' },
  { id: 'node@20', name: 'node', version: '20.20.2', label: 'node20' },
];
const ROUNDS = 12;

/** A deterministic wobble of a few % per target and round: the machine's noise. */
function wobble(i: number, round: number, size: number): number {
  return 1 + size * Math.sin(12.9898 * (i + 1) + 78.233 * round);
}

function helloInfo(name: string, base: string, runtime: (typeof RUNTIMES)[number]): TargetInfo {
  return {
    name,
    title: base,
    description: base,
    router: base !== 'node-http',
    homepage: '',
    features: [],
    packages: HELLO[base].packages,
    ...(base.startsWith('nest-') && { layer: base.slice('nest-'.length).replace('express', 'express5') }),
    runtime: { id: runtime.id, name: runtime.name, version: runtime.version },
  };
}

/** A hello run of every framework on the json scenario, on one runtime or on two (names like fastify@node24). */
function helloRun(runtimeCount: 1 | 2): Result {
  const runtimes = RUNTIMES.slice(0, runtimeCount);
  const name = (base: string, r: (typeof RUNTIMES)[number]) => (runtimeCount > 1 ? `${base}@${r.label}` : base);
  const targets = runtimes.flatMap((r) => Object.keys(HELLO).map((base) => helloInfo(name(base, r), base, r)));
  const trials: Trial[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [i, info] of targets.entries()) {
      const figures = HELLO[info.title];
      const w = wobble(i, round, 0.07);
      const rate = figures.rate * w * (info.runtime?.id === 'node@20' ? 0.93 : 1);
      const m = measurement(rate, {
        requests: Math.round(rate * 2),
        durationSec: 2,
        latencyMs: { mean: 9, p50: 8, p75: 10, p90: 12, p99: figures.p99 / w, p99_9: figures.p99 * 2, max: 300 },
        server: {
          cpuSeconds: 1,
          cpuUsPerRequest: figures.cpu / w,
          cpuCores: 1,
          maxCpuPercent: 100,
          peakRssBytes: figures.rss * 1024 * 1024 * w,
          rssSeries: [[0, figures.rss * 1024 * 1024]],
        },
      });
      const bound = info.title === 'node-http' && round % 3 === 0;
      const errors = info.title === 'restify' && round === 4;
      trials.push(
        trial(info.name, 'json', round, errors ? { ...m, errors: 3 } : m, {
          ...(bound && { flags: ['generator-bound'] }),
          ...(errors && { status: 'invalid', flags: ['errors'] }),
        }),
      );
    }
  }
  const base = {
    schema: 'gauntlet/result' as const,
    schemaVersion: 1 as const,
    id: 'hello',
    startedAt: '2026-01-02T03:04:05.000Z',
    finishedAt: '2026-01-02T03:09:05.000Z',
    complete: false,
    interruption: 'interrupted by SIGINT after the 12th round, while the 13th was starting its first target',
    environment: environment({
      cpuBusyBefore: 0.41,
      cpuStealShare: 0.07,
      pinning: {
        pinned: false,
        note: 'taskset not found (apt-get install util-linux): server and generator share all cores',
      },
    }),
    plan: plan({
      targets: [...targets.map((t) => t.name), 'mion'],
      scenarios: ['json'],
      repeats: ROUNDS,
      baseline: name('node-http', RUNTIMES[0]),
      durationSec: 2,
    }),
    targets,
    unavailable: [
      {
        target: 'mion',
        reason:
          'not installable: neither `mion` nor `@mionkit/router` is on the npm registry gauntlet installs from (npm answers 404)',
      },
    ],
    verification: [
      {
        target: name('tuft', RUNTIMES[0]),
        round: 1,
        ok: false,
        failures: [
          {
            scenario: 'json',
            request: 'GET /json',
            reason: `content-type was "text/plain; charset=utf-8", expected application/json; body ${'x'.repeat(200)}`,
          },
        ],
      },
    ],
    trials,
  };
  const summaries = summarize(base);
  const withSummaries = { ...base, summaries, warnings: collectWarnings(base, summaries) };
  const matrix = runtimeMatrix(withSummaries);
  return resultSchema.parse({
    ...withSummaries,
    acrossScenarios: {
      weighted: weightedSummaries(withSummaries),
      layers: layerOverheads(withSummaries),
      ...(matrix && { runtimes: matrix }),
    },
  });
}

const WARNING = /^ {2}! /;

function assertFits(text: string, what: string): void {
  for (const line of text.split('\n')) {
    const width = [...line].length;
    if (WARNING.test(line)) assert.ok(width <= 160, `${what}: a warning of ${width} characters: ${line}`);
    else assert.ok(width <= 120, `${what}: a line of ${width} characters: ${line}`);
  }
}

test('the default terminal report of every framework fits 120 columns, its warnings 160, on one runtime and on two', () => {
  for (const runtimes of [1, 2] as const) {
    const result = helloRun(runtimes);
    const text = renderTerminal(result, { json: 'GET /json answers {"hello":"world"}' });
    assertFits(text, `${runtimes} runtime(s)`);
    assert.match(text, /Target +Version +Req\/s/);
    assert.match(text, /\d+ % \[\d+–\d+\]/, 'the ratios to the baseline keep their intervals');
    assert.doesNotMatch(text, /Gen\. CPU|Output \(Mb\/s\)|Validation/, 'the wide columns are left out');
    if (runtimes === 2) {
      assert.match(text, /nest-fastify@node24/);
      assert.match(text, /Runtimes: json/);
    }
    // Each warning: its code, then one line.
    const warnings = text.split('\n').filter((line) => WARNING.test(line));
    assert.ok(warnings.length >= 8, `${warnings.length} warnings`);
    for (const line of warnings) assert.match(line, /^ {2}! [a-z-]+: \S/);
    for (const code of ['incomplete', 'unavailable', 'verification', 'cpu-steal', 'busy-machine', 'not-pinned'])
      assert.match(text, new RegExp(`^  ! ${code}: `, 'm'));
    assert.match(text, /docs\/warnings\.md/, 'the terminal says where the full text is');
  }
});

test('--wide shows every column; the Markdown report keeps every warning in full', () => {
  const result = helloRun(1);
  const wide = renderTerminal(result, {}, { wide: true });
  for (const column of ['Router', 'p50 (ms)', 'Output (Mb/s)', 'Max CPU (%)', 'Gen. CPU (%)', 'Peak RSS (MB)'])
    assert.ok(wide.includes(column), column);
  assert.match(wide, /│ fastify +│ 5\.12\.8 +│/);
  const markdown = renderMarkdown(result);
  for (const warning of result.warnings) assert.ok(markdown.includes(warning.message.split('\n')[0].slice(0, 80)));
  assert.ok(
    result.warnings.some((w) => w.message.length > 160),
    'some full texts are longer than a line',
  );
});

test('the report helpers result and an older result without short warnings fit too', () => {
  const result = reportResult();
  assertFits(renderTerminal(result), 'report helper');
  const older = {
    ...result,
    warnings: result.warnings.map(({ short: _, ...w }) => ({ ...w, message: w.message.repeat(3) })),
  };
  const text = renderTerminal(older);
  assertFits(text, 'older result');
  assert.match(text, /^ {2}! noisy-machine: req\/s varied by more than 10 %.*…$/m, 'clipped to one line');
});

test('a fitted table wraps its headings to its figures and its widest prose column to the width', () => {
  const lines = fittedTable(['Target', 'CPU µs/req'], [['fastify', '11.4']]);
  assert.deepEqual(lines, ['              CPU', '  Target   µs/req', '  ───────  ──────', '  fastify    11.4']);
  const long = 'a pair of words that cannot fit beside the other column '.repeat(3).trim();
  const wrapped = fittedTable(['Pair', 'Note'], [['nest-fastify-undici vs nest-express-axios', long]]);
  for (const line of wrapped) assert.ok(line.length <= 120, line);
  assert.ok(wrapped.length > 4, 'the long cell took several lines');
});

test('wrapping keeps a clause whole where it fits on a line of its own', () => {
  const text = `${'word '.repeat(16)}end; this clause of about seventy characters goes on a line of its own`;
  const lines = wrap(text, 100, 'label:  ', '        ');
  assert.equal(lines.length, 2);
  assert.match(lines[1], /^ {8}this clause/);
  for (const line of wrap('x'.repeat(250), 100, '  ')) assert.ok(line.length <= 100);
});

test('progress lines during a run keep to 120 characters, continuations indented', () => {
  const note = `fastify answered wrongly, it is not measured:\n  json: GET /json: ${'body was not the JSON asked for '.repeat(8)}`;
  const lines = fitLines(note).split('\n');
  assert.ok(lines.length > 3);
  for (const line of lines) assert.ok(line.length <= 120, line);
  assert.match(lines[2], /^ {4}\S/);
  assert.equal(fitLines('x'.repeat(130)), 'x'.repeat(130), 'a line without spaces is left whole');
});
