/**
 * k6 against real targets: a script from `gauntlet export k6` run by the k6 binary whose
 * summary comes back through `gauntlet report`, on one host and split in two execution
 * segments; a short ramping run and a short constant-rate run whose per-stage figures add
 * up to the totals. Skipped, saying so, only when k6 is absent (CI builds it:
 * scripts/install-tools.sh). Malformed profiles and engines that cannot run a profile are
 * refused with their codes, with or without k6.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { findK6, K6_INSTALL_HINT } from '../../src/engines/k6/locate.js';
import { resultSchema, type Result } from '../../src/model/schema.js';
import { startTarget, type RunningTarget } from '../../src/measure/target-process.js';
import { startGroup } from '../../src/proc/process-group.js';
import { nodeRuntime } from '../../src/runtimes/runtime.js';
import { loadTargets } from '../../src/targets/registry.js';
import { leftoverProcesses, resultOf, runCli, runFolder } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured } from '../helpers/measured.js';

const k6 = findK6();
const noK6 = k6 ? false : `k6 is absent (${K6_INSTALL_HINT}); CI builds it with scripts/install-tools.sh`;

let running: RunningTarget | undefined;

before(async () => {
  if (!k6) return;
  const target = (await loadTargets()).find((t) => t.name === 'node-http')!;
  running = await startTarget({ target, suite: 'hello', runtime: nodeRuntime, readyTimeoutMs: 10_000 });
});

after(async () => {
  await running?.process.stop(2000);
});

/** `k6 run` of a script against the running target, in its own process group; resolves with its exit code. */
async function runK6(script: string, summary: string, extra: string[] = []): Promise<number | null> {
  const proc = startGroup({
    command: k6!,
    args: [
      'run',
      '--quiet',
      '--no-usage-report',
      '-e',
      `BASE_URL=${running!.baseUrl}`,
      `--summary-export=${summary}`,
      ...extra,
      script,
    ],
    tailLines: 20,
  });
  const timer = setTimeout(() => void proc.stop(1000), 60_000);
  const how = await proc.exited;
  clearTimeout(timer);
  assert.equal(how.code, 0, `k6 failed: ${proc.output.text()}`);
  return how.code;
}

function reportJson(stdout: string): Result {
  return resultSchema.parse(JSON.parse(stdout));
}

const stageSum = (result: Result, figure: 'requests' | 'errors') =>
  result.trials[0].measurement!.stages!.reduce((sum, stage) => sum + stage[figure], 0);

test('an exported script runs with k6 against node-http and its figures come back through gauntlet report', {
  skip: noK6,
}, async () => {
  const dir = tempDir('k6-export');
  const script = join(dir, 'load.js');
  const exported = await runCli([
    'export',
    'k6',
    '--suite',
    'hello',
    '--scenario',
    'json',
    '--profile',
    'ramp:0-4/1s,4/1s',
    '--out',
    script,
  ]);
  assert.equal(exported.code, 0, exported.stderr);
  const summaryFile = join(dir, 'summary.json');
  await runK6(script, summaryFile);
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as { metrics: Record<string, Record<string, number>> };
  // The scenario's checks ran as k6 checks on every response, and all held.
  assert.equal(summary.metrics.checks.fails, 0, 'node-http answered every check');
  assert.ok(summary.metrics.checks.passes >= summary.metrics.http_reqs.count, 'every response was checked');

  const report = await runCli(['report', summaryFile, '--json']);
  assert.equal(report.code, 0, report.stderr);
  const result = reportJson(report.stdout);
  assert.deepEqual(result.environment.imported?.files, [summaryFile]);
  assert.equal(result.environment.cpuModel, 'unknown');
  assert.equal(result.plan.suite, 'hello');
  assert.deepEqual(result.plan.scenarios, ['json'], 'the script recorded its scenario');
  assert.equal(result.trials.length, 1, 'one trial per summary');
  const m = result.trials[0].measurement!;
  assert.equal(m.requests + m.errors, summary.metrics.http_reqs.count);
  assert.equal(m.statusCounts['200'], m.requests);
  assert.equal(m.unexpectedStatus, 0, 'the statuses the script expected (http_req_failed) were all it got');
  assertMeasured(result.trials[0]);
  assert.equal(m.load?.profile, 'ramp:0-4/1s,4/1s', 'the script recorded its profile');
  assert.equal(m.stages?.length, 2);
  assert.equal(stageSum(result, 'requests'), m.requests, 'requests per stage add up to the total');
  assert.ok(result.warnings.some((w) => w.kind === 'imported'));

  // The rendered reports carry the stages.
  const rendered = await runCli([
    'report',
    summaryFile,
    '--markdown',
    join(dir, 'report.md'),
    '--html',
    join(dir, 'report.html'),
  ]);
  assert.equal(rendered.code, 0, rendered.stderr);
  assert.match(readFileSync(join(dir, 'report.md'), 'utf8'), /Stages of json[\s\S]*0 → 4 VUs, 1s/);
});

test('one exported load split into two k6 execution segments comes back as two trials', { skip: noK6 }, async () => {
  const dir = tempDir('k6-segments');
  const script = join(dir, 'load.js');
  const exported = await runCli([
    'export',
    'k6',
    '--suite',
    'hello',
    '--scenario',
    'text',
    '--profile',
    'rate:40/1s',
    '--connections',
    '10',
  ]);
  assert.equal(exported.code, 0, exported.stderr);
  writeFileSync(script, exported.stdout);
  const sequence = ['--execution-segment-sequence', '0,1/2,1'];
  const files = [join(dir, 'a.json'), join(dir, 'b.json')];
  await runK6(script, files[0], ['--execution-segment', '0:1/2', ...sequence]);
  await runK6(script, files[1], ['--execution-segment', '1/2:1', ...sequence]);
  const report = await runCli(['report', ...files, '--json']);
  assert.equal(report.code, 0, report.stderr);
  const result = reportJson(report.stdout);
  assert.equal(result.trials.length, 2);
  const sent = result.trials.map(
    (t) => t.measurement!.requests + t.measurement!.errors + (t.measurement!.dropped ?? 0),
  );
  // Each segment starts its half of the 40 scheduled iterations (or counts it as dropped).
  // k6 may also start the tick that falls exactly on the end of the second (41 seen here).
  assert.ok(Math.abs(sent[0] + sent[1] - 40) <= 1, `segments started ${sent.join(' + ')} iterations`);
  assert.ok(sent[0] >= 19 && sent[1] >= 19, `each segment ran about half: ${sent.join(' + ')}`);
  for (const trial of result.trials) assert.equal(trial.measurement?.load?.model, 'open');
});

test('a short ramping run: per-stage figures exist and add up to the trial', { skip: noK6 }, async () => {
  const out = tempDir('k6-ramp');
  const run = await runCli([
    'run',
    '--suite',
    'hello',
    '--targets',
    'node-http',
    '--scenarios',
    'json',
    '--profile',
    'ramp:0-5/1s,5/1s,0/1s',
    '--repeats',
    '1',
    '--warmup',
    '0',
    '--trial-warmup',
    '0',
    '--out',
    out,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  assert.equal(result.plan.profile, 'ramp:0-5/1s,5/1s,0/1s');
  assert.equal(result.plan.durationSec, 3, 'the window is the stages');
  const [trial] = result.trials;
  assert.equal(trial.engine, 'k6', 'auto ran the ramp on k6');
  assertMeasured(trial);
  const m = trial.measurement!;
  assert.deepEqual(m.load, { profile: 'ramp:0-5/1s,5/1s,0/1s', model: 'closed', latencyFrom: 'send' });
  assert.deepEqual(
    m.stages?.map((s) => s.label),
    ['0 → 5 VUs, 1s', '5 VUs, 1s', '5 → 0 VUs, 1s'],
  );
  assert.equal(stageSum(result, 'requests'), m.requests);
  assert.equal(stageSum(result, 'errors'), m.errors);
  for (const stage of m.stages!)
    assert.ok(stage.latencyMs.p95 <= stage.latencyMs.max && stage.latencyMs.p99 >= stage.latencyMs.p95);
  assert.ok(m.server.cpuSeconds > 0, 'the server CPU was sampled over the window');
  assert.equal(result.summaries[0].stages?.length, 3);
  assert.match(run.stdout, /Stages of json/);
  const csv = await runCli(['report', runFolder(out), '--csv', join(out, 'csv')]);
  assert.equal(csv.code, 0, csv.stderr);
  const rows = readFileSync(join(out, 'csv', 'stages.csv'), 'utf8')
    .trim()
    .split('\n');
  assert.equal(rows.length, 4, 'a header and one row per stage');
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'no target or k6 left behind');
});

test('a short constant-rate run: requests are scheduled, sent or dropped, and timed from the schedule', {
  skip: noK6,
}, async () => {
  const out = tempDir('k6-rate');
  const run = await runCli([
    'run',
    '--suite',
    'hello',
    '--targets',
    'node-http',
    '--scenarios',
    'text',
    '--profile',
    'rate:50/2s',
    '--connections',
    '20',
    '--repeats',
    '1',
    '--warmup',
    '0',
    '--trial-warmup',
    '0',
    '--out',
    out,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const m = result.trials[0].measurement!;
  assert.deepEqual(m.load, { profile: 'rate:50/2s', model: 'open', latencyFrom: 'schedule' });
  assert.equal(m.scheduled, 100);
  // Every scheduled request was sent or counted as dropped (k6 may also start the tick on the window's very end).
  const started = m.requests + m.errors + (m.dropped ?? 0);
  assert.ok(started === 100 || started === 101, `${started} iterations for 100 scheduled`);
  assert.equal(m.stages?.length, 1);
  assert.equal(m.stages![0].requests, m.requests);
  assert.equal(m.stages![0].scheduled, 100);
  assert.equal(result.summaries[0].stages?.[0].label, '50 req/s, 2s');
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('malformed profiles and engines that cannot run a profile are refused with their codes', async () => {
  const bad = await runCli(['run', '--targets', 'node-http', '--profile', 'ramp:0-100']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /GAUNTLET_BAD_PROFILE/);
  assert.match(bad.stderr, /not \[from-\]to\/duration/);
  const exportBad = await runCli(['export', 'k6', '--scenario', 'json', '--profile', 'rate:fast/10s']);
  assert.equal(exportBad.code, 2);
  assert.match(exportBad.stderr, /GAUNTLET_BAD_PROFILE/);
  const incapable = await runCli(['run', '--targets', 'node-http', '--engine', 'wrk', '--profile', 'ramp:0-10/1s']);
  assert.equal(incapable.code, 2);
  assert.match(incapable.stderr, /GAUNTLET_ENGINE_INCAPABLE[\s\S]*ramping virtual users/);
  const closedRate = await runCli([
    'run',
    '--targets',
    'node-http',
    '--engine',
    'autocannon',
    '--profile',
    'rate:10-20/1s',
  ]);
  assert.equal(closedRate.code, 2, 'autocannon has no ramping rate');
  assert.match(closedRate.stderr, /GAUNTLET_ENGINE_INCAPABLE/);
  // Without k6, auto does not put a rate on a closed loop: it refuses and names both ways out.
  const noEngine = await runCli(['run', '--targets', 'node-http', '--profile', 'rate:10/1s'], {
    GAUNTLET_K6: '/nonexistent/k6',
  });
  assert.equal(noEngine.code, 4);
  assert.match(noEngine.stderr, /GAUNTLET_ENGINE_UNAVAILABLE[\s\S]*open model[\s\S]*--engine autocannon/);
  const dir = tempDir('k6-not-summary');
  writeFileSync(join(dir, 'other.json'), JSON.stringify({ metrics: { vus: { value: 1 } } }));
  const notSummary = await runCli(['report', join(dir, 'other.json')]);
  assert.equal(notSummary.code, 2);
  assert.match(notSummary.stderr, /GAUNTLET_NOT_A_K6_SUMMARY/);
});
