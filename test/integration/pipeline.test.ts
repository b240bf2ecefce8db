/**
 * The whole pipeline in seconds: plan, start, verify, size sample, trials with their window and
 * answer checks, journal, result, summaries, every report and compare, run through the CLI with
 * the fake engine (GAUNTLET_FAKE_ENGINE=1), which sends each request once to the real targets
 * and makes up the counts. No load is generated, so this runs beside a benchmark.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FAKE_REQUESTS_PER_SEC } from '../../src/engines/fake/measurement.js';
import type { Result } from '../../src/model/schema.js';
import {
  fixtureTargetsDir,
  leftoverProcesses,
  runCli,
  runFolder,
  savedResult,
  type CliOutcome,
} from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured, isMeasured } from '../helpers/measured.js';

const FAKE = { GAUNTLET_FAKE_ENGINE: '1', GAUNTLET_TARGET_DIRS: fixtureTargetsDir };
/** Two frameworks and a fixture (answers 1,000 requests a second), so targets from both folders go through. */
const TARGETS = ['node-http', 'fastify', 'paced'];
const SCENARIOS = ['text', 'json', 'param'];
const FAKE_LINE = 'fake engine: figures are not measurements';

interface FakeRun {
  cli: CliOutcome;
  out: string;
  dir: string;
  result: Result;
}

async function fakeRun(prefix: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<FakeRun> {
  const out = tempDir(prefix);
  const cli = await runCli(
    ['run', '--engine', 'fake', '--warmup', '0', '--duration', '1', '--out', out, '--quiet', ...args],
    { ...FAKE, ...env },
  );
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(await leftoverProcesses(cli.mark), [], 'no target outlived the run');
  const dir = runFolder(out);
  return { cli, out, dir, result: savedResult(dir) };
}

/** The main run, made once and read by several tests; as in a GitHub Actions job, with a step summary file. */
let mainRun: Promise<FakeRun> | undefined;
const stepSummary = join(tempDir('step-summary'), 'summary.md');
const threeTargets = () =>
  (mainRun ??= fakeRun(
    'pipeline',
    ['--targets', TARGETS.join(','), '--scenarios', SCENARIOS.join(','), '--repeats', '2', '--seed', '11'],
    { GITHUB_STEP_SUMMARY: stepSummary },
  ));

const dataLines = (csv: string) =>
  csv
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1);

test('a fake run of three targets x the hello suite x 2 repeats: every trial, interleaved, summarized and reported', async () => {
  const { cli, out, dir, result } = await threeTargets();

  assert.equal(result.complete, true);
  assert.deepEqual(result.plan.v8Flags, ['--no-memory-reducer'], 'the flags the targets ran with are recorded');
  assert.equal(result.plan.scenarioShapes, undefined, "every hello scenario has the plan's shape");
  // the baseline (node-http) twice per scenario and round, the others once
  assert.equal(result.trials.length, (TARGETS.length + 1) * SCENARIOS.length * 2);
  assert.deepEqual(
    Object.fromEntries(Object.entries(result.environment.scenarioEngines ?? {}).map(([s, e]) => [s, e.name])),
    { text: 'fake', json: 'fake', param: 'fake' },
  );
  for (const trial of result.trials) {
    assertMeasured(trial, `${trial.target}/${trial.scenario}`);
    assert.equal(trial.engine, 'fake');
    const m = trial.measurement!;
    // a fixed count per second of window; a window lengthened for the real answers' latency (on a
    // busy machine) holds as many more
    assert.equal(m.requests, Math.round(FAKE_REQUESTS_PER_SEC * m.durationSec), 'a fixed count per second of window');
    assert.equal(m.statusCounts['200'], m.requests, 'the real answers were 200s, scaled');
    assert.equal(
      trial.answerSize?.ok,
      true,
      `${trial.target}/${trial.scenario}: bytes per response match the sampled answers`,
    );
  }

  // Rounds interleave: all of round 1 before round 2; within a round, one scenario on every target back to back.
  const indices = (round: number) => result.trials.filter((t) => t.round === round).map((t) => t.index);
  assert.ok(Math.max(...indices(1)) < Math.min(...indices(2)));
  for (const round of [1, 2]) {
    const inRound = result.trials.filter((t) => t.round === round).sort((a, b) => a.index - b.index);
    assert.deepEqual(new Set(inRound.map((t) => t.scenario)), new Set(SCENARIOS));
    // a block: every target once and the baseline again, first and last
    const blockSize = TARGETS.length + 1;
    for (let at = 0; at < inRound.length; at += blockSize) {
      const block = inRound.slice(at, at + blockSize);
      assert.equal(new Set(block.map((t) => t.scenario)).size, 1, `round ${round}: one scenario per block`);
      assert.deepEqual(
        block.map((t) => t.target).sort(),
        [...TARGETS, 'node-http'].sort(),
        `round ${round}: every target in the block`,
      );
      assert.deepEqual([block[0].target, block[blockSize - 1].target], ['node-http', 'node-http']);
      assert.deepEqual(
        [block[0].process, block[blockSize - 1].process],
        [1, 2],
        "each visit to a process of the baseline's own",
      );
    }
  }

  assert.equal(result.summaries.length, TARGETS.length * SCENARIOS.length);
  for (const summary of result.summaries) {
    assert.equal(summary.status, 'measured', `${summary.target}/${summary.scenario}`);
    if (summary.target === 'node-http') {
      assert.equal(summary.ratioToBaseline, 1, 'the baseline is 1 against itself');
    } else {
      // Every fake window holds the same count, so each per-round ratio is exactly 1.
      assert.equal(summary.pairedRatio?.median, 1, `${summary.target}/${summary.scenario} has a paired ratio`);
      assert.equal(summary.ratioToBaseline, 1);
    }
  }

  assert.match(cli.stdout, new RegExp(FAKE_LINE));
  const summary = readFileSync(stepSummary, 'utf8');
  assert.match(summary, /^### gauntlet run: hello suite/, 'the job summary opens with the run');
  for (const target of TARGETS) assert.match(summary, new RegExp(`\\| ${target} +\\|`), `${target} in the job summary`);
  const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  assert.match(
    markdown,
    new RegExp(`\\*\\*Method:\\*\\* ${FAKE_LINE}`),
    'the Markdown method line says the figures are fake',
  );
  assert.match(html, new RegExp(FAKE_LINE));
  for (const target of TARGETS) {
    assert.match(markdown, new RegExp(`\\| ${target} +\\|`), `${target} is a row of report.md`);
    assert.match(html, new RegExp(`>${target}<`), `${target} is named in report.html`);
  }

  const csvDir = join(out, 'csv');
  const report = await runCli([
    'report',
    dir,
    '--csv',
    csvDir,
    '--markdown',
    join(out, 'again.md'),
    '--html',
    join(out, 'again.html'),
  ]);
  assert.equal(report.code, 0, report.stderr);
  const trialRows = dataLines(readFileSync(join(csvDir, 'trials.csv'), 'utf8'));
  assert.equal(trialRows.length, result.trials.length, 'one row per trial');
  for (const row of trialRows) assert.match(row, /,fake,/, 'each row names the fake engine');
  assert.equal(
    dataLines(readFileSync(join(csvDir, 'summary.csv'), 'utf8')).length,
    result.summaries.length,
    'one row per cell',
  );
});

test('the journal holds one start per target and one line per trial, and renders whole or cut short', async () => {
  const { out, dir, result } = await threeTargets();
  const records = readFileSync(join(dir, 'journal.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map(
      (line) =>
        JSON.parse(line) as {
          kind: string;
          start?: { target: string; process?: number; answerSizes: Record<string, { sampled: number }> };
        },
    );
  const starts = records.filter((r) => r.kind === 'start');
  assert.deepEqual(
    starts.map((r) => r.start!.target).sort(),
    [...TARGETS, 'node-http'].sort(),
    'one start per target, the baseline one per visit: targets stay up',
  );
  assert.deepEqual(
    starts.filter((r) => r.start!.target === 'node-http').map((r) => r.start!.process),
    [1, 2],
  );
  for (const { start } of starts) {
    assert.deepEqual(
      Object.keys(start!.answerSizes).sort(),
      [...SCENARIOS].sort(),
      `${start!.target} has an answer size per scenario`,
    );
    assert.equal(start!.answerSizes.param.sampled, 16, 'the param cycle is sampled 16 times');
  }
  assert.equal(records.filter((r) => r.kind === 'trial').length, result.trials.length);
  assert.equal(records.at(-1)!.kind, 'end');

  const whole = await runCli([
    'report',
    join(dir, 'journal.ndjson'),
    '--markdown',
    join(out, 'journal.md'),
    '--html',
    join(out, 'journal.html'),
  ]);
  assert.equal(whole.code, 0, whole.stderr);
  assert.doesNotMatch(whole.stdout, /INCOMPLETE/);

  // As if gauntlet had been killed after the first six trials: no end line.
  const cut = tempDir('pipeline-cut');
  const lines = readFileSync(join(dir, 'journal.ndjson'), 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  let trialsKept = 0;
  const kept = lines.filter((line) => {
    const kind = (JSON.parse(line) as { kind: string }).kind;
    if (kind === 'end') return false;
    return kind !== 'trial' || ++trialsKept <= 6;
  });
  writeFileSync(join(cut, 'journal.ndjson'), `${kept.join('\n')}\n`);
  const partial = await runCli(['report', cut]);
  assert.equal(partial.code, 0, partial.stderr);
  assert.match(partial.stdout, /\(INCOMPLETE\)/);
  assert.match(readFileSync(join(cut, 'report.md'), 'utf8'), /Incomplete run/);
  assert.match(partial.stdout, /6 clean trial\(s\)/);
});

test('compare of two fake runs judges every shared cell and writes its Markdown', async () => {
  const before = await threeTargets();
  const after = await fakeRun('pipeline-after', [
    '--targets',
    'node-http,fastify',
    '--scenarios',
    'text,json',
    '--repeats',
    '2',
    '--seed',
    '12',
  ]);
  const markdown = join(after.out, 'compare.md');
  const bmf = join(after.out, 'bench.json');
  const gab = join(after.out, 'gab.json');
  const summary = join(after.out, 'step-summary.md');
  const compare = await runCli(
    [
      'compare',
      before.dir,
      after.dir,
      '--markdown',
      markdown,
      '--export',
      'bmf',
      bmf,
      '--export',
      'github-action-benchmark',
      gab,
    ],
    { GITHUB_STEP_SUMMARY: summary },
  );
  assert.equal(
    readFileSync(summary, 'utf8').trimEnd(),
    readFileSync(markdown, 'utf8').trimEnd(),
    "the job summary is the comparison's Markdown",
  );
  assert.ok(compare.code === 0 || compare.code === 1, `compare exited ${compare.code}: ${compare.stderr}`);
  // the later run's figures, one benchmark per cell (the formats themselves: test/unit/exports.test.ts)
  assert.deepEqual(Object.keys(JSON.parse(readFileSync(bmf, 'utf8'))).sort(), [
    'hello/json/fastify',
    'hello/json/node-http',
    'hello/text/fastify',
    'hello/text/node-http',
  ]);
  const bigger = JSON.parse(readFileSync(join(after.out, 'gab-bigger-is-better.json'), 'utf8')) as Array<{
    name: string;
  }>;
  assert.ok(bigger.some((e) => e.name === 'hello/json/fastify - throughput'));
  assert.match(compare.stdout, /export: +.*gab-smaller-is-better\.json/);
  const rpsRows = readFileSync(markdown, 'utf8')
    .split('\n')
    .filter((line) => /^\| .*\| req\/s +\|/.test(line));
  const cells = rpsRows.map((line) =>
    line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim())
      .join('/'),
  );
  assert.deepEqual(
    cells.sort(),
    ['fastify/json', 'fastify/text', 'node-http/json', 'node-http/text'],
    'one req/s row per cell both runs measured',
  );
});

test('a target that answers wrongly is refused by verify, and never measured by a fake run', async () => {
  const verify = await runCli(['verify', '--targets', 'wrong-body', '--scenarios', 'text'], FAKE);
  assert.equal(verify.code, 3, verify.stdout + verify.stderr);
  assert.match(verify.stdout, /FAILED wrong-body/);
  assert.deepEqual(await leftoverProcesses(verify.mark), []);

  const { result } = await fakeRun('pipeline-wrong', [
    '--targets',
    'node-http,wrong-body',
    '--scenarios',
    'text,json',
    '--repeats',
    '1',
  ]);
  assert.deepEqual(
    result.trials.filter((t) => t.target === 'wrong-body'),
    [],
    'no trial of a wrong target',
  );
  assert.ok(result.verification.some((v) => v.target === 'wrong-body' && !v.ok));
  assert.ok(result.trials.filter((t) => t.target === 'node-http').every(isMeasured));
  for (const cell of result.summaries.filter((s) => s.target === 'wrong-body')) assert.equal(cell.status, 'failed');
});

test('a target that cheats under load is caught by the size of its answers, which the fake engine takes from real ones', async () => {
  // Honest for exactly the readiness probe, the json check and the json size sample: every fake request after is cheated.
  const { result } = await fakeRun(
    'pipeline-cheat',
    ['--targets', 'node-http,cheats-under-load', '--scenarios', 'json', '--repeats', '2'],
    {
      GAUNTLET_FIXTURE_HONEST_REQUESTS: '3',
    },
  );
  assert.ok(
    result.verification.some((v) => v.target === 'cheats-under-load' && v.phase === 'start' && v.ok),
    'it passed verification',
  );
  const caught = result.verification.find((v) => v.target === 'cheats-under-load' && v.phase === 'under-load');
  assert.ok(caught && !caught.ok, 'a failed verification under load is recorded');
  assert.ok(
    caught.failures.some((f) => /bytes per response, its verified answers/.test(f.reason)),
    JSON.stringify(caught.failures),
  );
  const cheated = result.trials.filter((t) => t.target === 'cheats-under-load');
  assert.equal(cheated.length, 1, 'not measured again once caught');
  assert.equal(cheated[0].answerSize?.ok, false);
  assert.equal(result.summaries.find((s) => s.target === 'cheats-under-load')!.status, 'failed');
});

test('without GAUNTLET_FAKE_ENGINE=1 the fake engine is unknown, and list and doctor never show it', async () => {
  const off = { GAUNTLET_FAKE_ENGINE: '' };
  const refused = await runCli(['run', '--engine', 'fake', '--targets', 'node-http', '--quiet'], off);
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(refused.stderr, /GAUNTLET_UNKNOWN_VALUE: unknown engine "fake"/);
  assert.doesNotMatch(
    refused.stderr.split('\n').slice(1).join('\n'),
    /\bfake\b/,
    'not offered among the valid engines',
  );
  const listing = await runCli(['list', '--json'], off);
  assert.equal(listing.code, 0, listing.stderr);
  const engines = (JSON.parse(listing.stdout) as { engines: Array<{ name: string }> }).engines.map((e) => e.name);
  assert.ok(engines.includes('autocannon') && !engines.includes('fake'), engines.join(', '));
  const doctor = await runCli(['doctor', '--json'], off);
  assert.ok(doctor.stdout.includes('autocannon'), doctor.stderr);
  assert.doesNotMatch(doctor.stdout, /\bfake\b/);
});
