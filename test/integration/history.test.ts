/**
 * `gauntlet history` over a results folder of three saved runs (and one of another machine):
 * the table, the verdict on the last run, the HTML trend, and runs of other machines kept apart.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Result } from '../../src/model/schema.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { environment, measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

/** A saved run in which `other` serves `share` of the baseline's req/s, round after round. */
function savedRun(folder: string, id: string, startedAt: string, share: number, cpuModel = 'Test CPU'): void {
  const p = plan({ targets: ['base', 'other'], scenarios: ['json'], baseline: 'base', repeats: 6 });
  const trials = [1, 2, 3, 4, 5, 6].flatMap((round) => [
    trial('base', 'json', round, measurement(10_000 + round * 10)),
    trial('other', 'json', round, measurement((10_000 + round * 10) * share)),
  ]);
  const result: Result = { ...summarizedResult(p, trials), id, startedAt, environment: environment({ cpuModel }) };
  mkdirSync(join(folder, id), { recursive: true });
  writeFileSync(join(folder, id, 'result.json'), JSON.stringify(result));
}

test('history: three runs as a table and an HTML trend, the last judged against the earlier ones of its machine', async () => {
  const folder = tempDir('history');
  savedRun(folder, 'run-1', '2026-11-01T10:00:00.000Z', 0.8);
  savedRun(folder, 'run-2', '2026-11-02T10:00:00.000Z', 0.81);
  savedRun(folder, 'elsewhere', '2026-11-02T12:00:00.000Z', 0.95, 'Other CPU');
  savedRun(folder, 'run-3', '2026-11-03T10:00:00.000Z', 0.6);
  mkdirSync(join(folder, 'not-a-run'));
  const html = join(folder, 'history.html');

  const shown = await runCli(['history', folder, '--target', 'other', '--html', html]);
  assert.equal(shown.code, 0, shown.stderr);
  for (const run of ['run-1', 'run-2', 'run-3', 'elsewhere']) assert.match(shown.stdout, new RegExp(run));
  assert.match(shown.stdout, /machine/, 'two machines: the machine is a column');
  assert.match(shown.stdout, /other\/json: WORSE: × 0\.60 .* slower than the earlier median × 0\.8/);
  assert.match(shown.stdout, /1 run\(s\) on other machines left out/);
  assert.match(shown.stdout, /skipped not-a-run/);
  const page = readFileSync(html, 'utf8');
  assert.match(page, /<svg/, 'a trend chart');
  assert.match(page, /Other CPU, 2 cores/, "the other machine's own line");

  const since = await runCli(['history', folder, '--target', 'other', '--since', '2026-11-02', '--json']);
  assert.equal(since.code, 0, since.stderr);
  const data = JSON.parse(since.stdout) as { points: Array<{ run: string }>; verdicts: Array<{ verdict: string }> };
  assert.deepEqual(
    data.points.map((p) => p.run),
    ['run-2', 'elsewhere', 'run-3'],
  );
  assert.equal(data.verdicts[0].verdict, 'unknown', 'one earlier run on this machine since then: no verdict');

  const missing = await runCli(['history', join(folder, 'nope')]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /GAUNTLET_NO_SUCH_FILE/);
});
