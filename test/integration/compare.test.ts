import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Journal } from '../../src/results/journal.js';
import type { Environment } from '../../src/model/schema.js';
import { loadResult, writeResult } from '../../src/results/store.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';

/** A saved run of one target with the given req/s per round (CPU cost follows from it). */
function savedRun(name: string, rates: number[], env: Partial<Environment> = {}): string {
  const dir = tempDir(`compare-${name}`);
  const journal = Journal.create(join(dir, 'journal.ndjson'), {
    id: name,
    startedAt: new Date(0).toISOString(),
    environment: environment(env),
    plan: plan({ targets: ['fastify'], baseline: 'fastify', repeats: rates.length }),
    targets: [],
    unavailable: [],
  });
  rates.forEach((rate, i) => {
    journal.trial(trial('fastify', 'text', i + 1, measurement(rate)));
  });
  journal.end({ finishedAt: new Date(1).toISOString(), complete: true });
  writeResult(dir, loadResult(dir));
  return dir;
}

const steady = [50_000, 50_400, 49_800, 50_200, 49_900, 50_100];

test('compare finds a regression, writes Markdown for a pull request, and fails the exit code', async () => {
  const before = savedRun('before', steady);
  const after = savedRun(
    'after',
    steady.map((r) => r * 0.9),
  );
  const markdown = join(tempDir('md'), 'comment.md');
  const html = join(tempDir('html'), 'page.html');
  const out = await runCli(['compare', before, after, '--markdown', markdown, '--html', html]);
  assert.equal(out.code, 1, out.stdout + out.stderr);
  assert.match(out.stdout, /fastify +│ text +│ req\/s .*-10\.0 %.*REGRESSION: slower/);
  // what a comparison of two runs cannot tell from a change: each run's starts, the machine's drift
  assert.match(out.stdout, /note: each run started its own processes: a start settles at a speed of its own/);
  const text = readFileSync(markdown, 'utf8');
  assert.match(text, /regression\(s\) beyond 5\.0 %/);
  assert.match(text, /\| fastify \| text/);
  const page = readFileSync(html, 'utf8');
  assert.match(page, /<h2>A\/B verdicts<\/h2>/);
  assert.match(page, /REGRESSION:<\/strong> slower/);
});

test('compare within the threshold, or with no significant change, exits 0', async () => {
  const before = savedRun('b', steady);
  const within = await runCli([
    'compare',
    before,
    savedRun(
      'a1',
      steady.map((r) => r * 0.97),
    ),
  ]);
  assert.equal(within.code, 0, within.stdout);
  assert.match(within.stdout, /slower/);
  assert.match(within.stdout, /No regression beyond 5\.0 %/);
  const same = await runCli(['compare', before, savedRun('a2', [50_100, 49_900, 50_300, 49_700, 50_000, 50_200])]);
  assert.equal(same.code, 0);
  assert.match(same.stdout, /no difference the data can show/);
});

test('compare refuses runs from different machines or loads, unless forced', async () => {
  const before = savedRun('x', steady);
  const otherCpu = savedRun('y', steady, { cpuModel: 'Another CPU' });
  const refused = await runCli(['compare', before, otherCpu]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /cannot be compared/);
  assert.match(refused.stderr, /CPU model: "Test CPU" vs "Another CPU"/);
  assert.match(refused.stderr, /--force/);
  const otherFlags = await runCli([
    'compare',
    before,
    savedRun('z', steady, { engine: { name: 'autocannon', version: '8.0.0', flags: '-c 10 -p 1 -d 1' } }),
  ]);
  assert.equal(otherFlags.code, 2);
  assert.match(otherFlags.stderr, /engine flags/);
  const forced = await runCli(['compare', before, otherCpu, '--force']);
  assert.equal(forced.code, 0);
  assert.match(forced.stdout, /compared despite a different CPU model/);
});
