/**
 * Answers checked while the load runs, end to end: on every installed HTTP/1.1 and HTTP/2
 * engine, two targets wrong only under load at the same length (wrong while more than 20
 * connections are open; wrong in 1 of 100 answers) are refused with the offending answer in
 * the result, and the honest control is ranked. And an engine that dies is run once more and
 * reported as the engine's failure, never the target's.
 */
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { engines } from '../../src/engines/registry.js';
import type { Result } from '../../src/model/schema.js';
import { findExecutable } from '../../src/proc/executables.js';
import { fixtureTargetsDir, leftoverProcesses, resultOf, runCli, runFolder } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured } from '../helpers/measured.js';

const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };
const CROWDED = 'wrong-when-crowded';
const ONE_IN_100 = 'wrong-one-in-100';
const installed = (name: string) => engines.find((e) => e.name === name)?.unavailableReason() === undefined;

/** Engines that compare no body: the checker alone judges the 1-in-100 target (see assertOneIn100). */
const READS_STATUS_ONLY = ['h2load', 'autocannon', 'k6'];

/** Short windows (wrk counts whole seconds), after 0.2 s of unmeasured load: one round, or five where only the checker reads bodies. */
const shortRun = (engine: string) => [
  '--repeats',
  READS_STATUS_ONLY.includes(engine) ? '8' : '1',
  '--duration',
  engine === 'wrk' ? '1' : '0.5',
  '--warmup',
  '0',
  '--trial-warmup',
  '0.2',
  '--baseline-visits',
  '1',
];

function wrongCell(result: Result, target: string) {
  return result.summaries.find((s) => s.target === target)!;
}

/** The wrong answers the target's trials kept, as one text. */
function keptAnswers(result: Result, target: string): string {
  return JSON.stringify(result.trials.filter((t) => t.target === target).flatMap((t) => t.wrongAnswers ?? []));
}

async function runThree(suite: 'hello' | 'h2', engine: string, control: string, scenario: string) {
  const out = tempDir(`checks-${engine}`);
  const run = await runCli(
    [
      'run',
      '--suite',
      suite,
      '--targets',
      `${control},${CROWDED},${ONE_IN_100}`,
      '--baseline',
      control,
      '--scenarios',
      scenario,
      '--engine',
      engine,
      // many connections: the fixtures go wrong beyond 20
      '--connections',
      '50',
      ...shortRun(engine),
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const result = resultOf(out);
  const markdown = readFileSync(join(runFolder(out), 'report.md'), 'utf8');
  assert.deepEqual(await leftoverProcesses(run.mark), []);
  return { result, markdown };
}

function assertRefused(result: Result, markdown: string, target: string, engine: string) {
  const cell = wrongCell(result, target);
  assert.equal(cell.status, 'failed', `${engine}: ${target} is refused (${cell.reason})`);
  assert.equal(cell.ratioToBaseline, undefined, `${engine}: ${target} is not ranked`);
  assert.match(cell.reason!, /under load/, `${engine}: ${cell.reason}`);
  assert.match(keptAnswers(result, target), /w0rld/, `${engine}: the offending answer is in the result`);
  assert.match(markdown, new RegExp(`${target}.*w0rld`), `${engine}: and in the report`);
  // with several rounds, the trial that caught it need not be the first
  const caught = result.trials.filter((t) => t.target === target && t.flags.includes('wrong-under-load'));
  assert.equal(caught.length, 1, `${engine}: flagged once, then never measured again`);
}

function assertControlRanked(result: Result, control: string, engine: string) {
  const cell = wrongCell(result, control);
  assert.equal(cell.status, 'measured', `${engine}: the honest control is measured (${cell.reason})`);
  const trial = result.trials.find((t) => t.target === control)!;
  assert.equal(trial.wrongAnswers, undefined, `${engine}: no wrong answer from the control`);
  assert.ok((trial.answerChecks?.checker?.sent ?? 0) >= 1, `${engine}: the checker ran beside the load`);
}

/**
 * The 1-in-100 target is refused on every engine. An engine that compares every body sees a
 * wrong one in any window; where the engine reads no bodies (h2load, autocannon, k6) only the
 * checker's answers are judged: a 1 s window of h2load, with about 250 of them, missed it about
 * one time in twelve (bench/checker-cost.md), and the shorter windows here judge fewer. Those
 * runs get eight rounds, so that missing it in every one stays unlikely when a busy machine
 * answers fewer checks, as a default run's 16 rounds give the checker many more answers.
 */
function assertOneIn100(result: Result, markdown: string, engine: string) {
  assertRefused(result, markdown, ONE_IN_100, engine);
}

for (const engine of ['node-http1', 'wrk', 'h2load', 'autocannon', 'k6']) {
  test(`hello on ${engine}: wrong only under load is refused with its answer, the honest control ranked`, {
    skip: !installed(engine) && `${engine} is not installed`,
  }, async () => {
    const { result, markdown } = await runThree('hello', engine, 'node-http', 'json');
    assertControlRanked(result, 'node-http', engine);
    assertRefused(result, markdown, CROWDED, engine);
    assertOneIn100(result, markdown, engine);
  });
}

for (const engine of ['node-http2', 'h2load']) {
  test(`h2 on ${engine}: wrong only under load is refused with its answer, the honest control ranked`, {
    skip: !installed(engine) && `${engine} is not installed`,
  }, async () => {
    const { result, markdown } = await runThree('h2', engine, 'node-http2', 'h2c-json');
    assertControlRanked(result, 'node-http2', engine);
    assertRefused(result, markdown, CROWDED, engine);
    assertOneIn100(result, markdown, engine);
  });
}

/** A folder with an `h2load` that dies like h2load 1.52 aborting as it starts: on its first load, or on every one. */
function dyingH2load(always: boolean): string {
  const dir = tempDir('dying-h2load');
  const real = findExecutable('h2load')!;
  const marker = join(dir, 'died-once');
  writeFileSync(
    join(dir, 'h2load'),
    [
      '#!/bin/bash',
      `for a in "$@"; do [ "$a" = --version ] && exec ${real} "$@"; done`,
      `if ${always ? 'true' : `[ ! -e ${marker} ]`}; then`,
      `  touch ${marker}`,
      '  echo "starting benchmark..."',
      '  echo "h2load: session.cc:1234: assertion failed" >&2',
      '  ulimit -c 0',
      '  kill -ABRT $$',
      'fi',
      `exec ${real} "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(join(dir, 'h2load'), 0o755);
  return dir;
}

async function runOnDyingH2load(always: boolean) {
  const out = tempDir('engine-dies');
  const path = `${dyingH2load(always)}:${process.env.PATH}`;
  const run = await runCli(
    ['run', '--targets', 'node-http', '--scenarios', 'json', '--engine', 'h2load', ...shortRun('h2load'), '--out', out],
    { PATH: path },
  );
  assert.equal(run.mark.length > 0, true);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
  return { run, result: resultOf(out) };
}

test('an engine that dies once is run again, its stderr kept, and the target measured', {
  skip: !installed('h2load') && 'h2load is not installed',
}, async () => {
  const { run, result } = await runOnDyingH2load(false);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const trial = result.trials.find((t) => t.target === 'node-http')!;
  assertMeasured(trial);
  assert.equal(trial.engineFailures?.length, 1, 'the failure is kept');
  assert.equal(trial.engineFailures![0].signal, 'SIGABRT');
  assert.match(trial.engineFailures![0].stderr, /assertion failed/, "the engine's own stderr");
  assert.ok(
    result.verification.every((v) => v.ok),
    'no verification failed',
  );
});

test('an engine that dies twice fails the trial as the engine, not the target', {
  skip: !installed('h2load') && 'h2load is not installed',
}, async () => {
  const { result } = await runOnDyingH2load(true);
  const trial = result.trials.find((t) => t.target === 'node-http')!;
  assert.equal(trial.status, 'failed');
  assert.deepEqual(trial.flags, ['engine-failed']);
  assert.equal(trial.engineFailures?.length, 2, 'both failures are kept');
  assert.match(trial.reason!, /the engine h2load failed, not the target/);
  assert.equal(trial.exit, undefined, 'no exit of the target is recorded');
  assert.ok(
    result.verification.every((v) => v.ok),
    'the target is not held to have answered wrongly',
  );
});
