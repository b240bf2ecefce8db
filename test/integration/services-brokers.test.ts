/**
 * Short runs of the services suite's broker parts through the real runner and real brokers:
 * the transporters at small payloads and every cross-framework setup, each measured with the
 * broker's CPU beside it and nothing left running; a math.add that answers a - b is refused in
 * every setup. Sub-second windows, 2 repeats: nothing here asserts a speed.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runBenchSuite } from '../../src/api/run-inproc.js';
import { EXIT } from '../../src/core/exit-codes.js';
import type { BenchSummary } from '../../src/model/inproc-schema.js';
import { liveGroupCount } from '../../src/proc/process-group.js';
import { crossFramework } from '../../src/suites/services/broker-parts.js';
import { servicesSuite } from '../../src/suites/services/suite.js';
import { leftoverProcesses, runCli, runFolder, startRunUntilTrials } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const SHORT = ['--repeats', '2', '--duration', '0.15', '--warmup', '0.05', '--targets', 'moleculer-0.15'];

function summaries(outDir: string): BenchSummary[] {
  const result = JSON.parse(readFileSync(join(runFolder(outDir), 'result.json'), 'utf8'));
  return result.bench.summaries as BenchSummary[];
}

test('transporters at 10 B and 1 KB: every transporter measured, broker CPU beside it, no process left', async () => {
  const out = tempDir('transporters');
  const run = await runCli([
    'run',
    '--suite',
    'services',
    '--scenarios',
    'transporters-10b,transporters-1kb',
    ...SHORT,
    '--out',
    out,
  ]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const rows = summaries(out);
  assert.deepEqual(
    rows.map((r) => `${r.scenario} ${r.case} ${r.status}`).sort(),
    ['transporters-10b', 'transporters-1kb']
      .flatMap((t) => ['fake', 'tcp', 'nats', 'redis', 'mqtt'].map((c) => `${t} ${c} measured`))
      .sort(),
  );
  for (const [row, service] of [
    ['nats', 'nats'],
    ['redis', 'redis'],
    ['mqtt', 'mqtt'],
  ]) {
    const summary = rows.find((r) => r.case === row && r.scenario === 'transporters-10b');
    assert.ok(summary?.services?.[service], `${row} records ${service}'s CPU per call`);
  }
  assert.equal(rows.find((r) => r.case === 'fake')?.reference, true);
  // the broker's CPU column: its name heads the column, over the CPU/op of the row below it
  assert.match(run.stdout, /Transport with 10 B[\s\S]*nats +redis +mqtt\n[^\n]*CPU\/op +CPU\/op +CPU\/op +CPU\/op/);
  assert.match(run.stdout, /Moleculer 0\.15 \(moleculer 0\.15\.2\)/, 'the line that ran is named');
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('cross-framework: every setup of every framework measured, nothing left running', async () => {
  const out = tempDir('cross-framework');
  const run = await runCli(
    ['run', '--suite', 'services', '--scenarios', 'cross-framework', ...SHORT, '--out', out],
    {},
    240_000,
  );
  assert.equal(run.code, 0, run.stdout + run.stderr);
  const rows = summaries(out);
  const expected = crossFramework.tables.flatMap((t) => t.cases.map((c) => `${t.name} ${c.name}`));
  assert.deepEqual(rows.map((r) => `${r.scenario} ${r.case}`).sort(), expected.sort());
  assert.deepEqual(
    rows.filter((r) => r.status !== 'measured').map((r) => `${r.scenario} ${r.case}: ${r.reason}`),
    [],
  );
  for (const setup of ['reference', 'fair', 'separate']) {
    const hemera = rows.find((r) => r.scenario === `cross-framework-${setup}` && r.case === 'hemera');
    assert.ok(hemera?.services?.nats, `${setup}: Hemera goes through gauntlet's NATS, whose CPU is recorded`);
  }
  assert.match(run.stdout, /reference setup \(as the original benchmark/);
  assert.match(run.stdout, /fair \(every framework over the same NATS broker/);
  assert.match(run.stdout, /separate processes/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('a math.add that answers a - b is refused in every framework and setup, and never ranked', async () => {
  const groupsBefore = liveGroupCount();
  const wrongPart = { ...crossFramework, module: '../test/fixtures/inproc/wrong-math-add.js' };
  const suite = { ...servicesSuite, bench: { ...servicesSuite.bench!, parts: [wrongPart] } };
  const { result } = await runBenchSuite(suite, {
    suite: 'services',
    targets: ['moleculer-0.15'],
    repeats: 1,
    durationSec: 0.1,
    warmupSec: 0,
    outDir: tempDir('wrong-math-add'),
    quiet: true,
  });
  const rows = result.bench?.summaries ?? [];
  assert.equal(rows.length, wrongPart.tables.flatMap((t) => t.cases).length);
  for (const row of rows) {
    assert.equal(row.status, 'failed', `${row.scenario} ${row.case}`);
    assert.equal(row.wrongAnswer, true, `${row.scenario} ${row.case}: ${row.reason}`);
    assert.match(row.reason ?? '', /math\.add\(2, 3\) answered -1, expected 5/);
  }
  assert.equal(liveGroupCount(), groupsBefore, 'the NATS broker was stopped');
});

test('a part whose broker is not installed stops with GAUNTLET_NO_BROKER (exit 4) and how to install it', async () => {
  const out = tempDir('no-broker');
  for (const [scenarios, envVar] of [
    ['transporters-10b', 'GAUNTLET_MOSQUITTO'],
    ['cross-framework-fair', 'GAUNTLET_NATS_SERVER'],
  ]) {
    const run = await runCli(['run', '--suite', 'services', '--scenarios', scenarios, ...SHORT, '--out', out], {
      [envVar]: '/nonexistent/broker',
    });
    assert.equal(run.code, EXIT.MISSING_TOOL, run.stdout + run.stderr);
    assert.match(run.stderr, /error GAUNTLET_NO_BROKER: .* is not installed/);
    assert.match(run.stderr, /apt-get install -y (mosquitto|nats-server)/);
    assert.deepEqual(await leftoverProcesses(run.mark), [], 'the brokers started before it are stopped');
  }
});

test('Ctrl-C during the separate-process setup stops the brokers, the service processes and the bench child', async () => {
  const out = tempDir('brokers-sigint');
  const args = ['run', '--suite', 'services', '--scenarios', 'cross-framework-separate', '--targets', 'moleculer-0.15'];
  const { child, exited, mark } = await startRunUntilTrials([...args, '--repeats', '20', '--duration', '0.3'], out, 1, {
    kind: 'bench-trial',
    timeoutMs: 90_000,
  });
  child.kill('SIGINT');
  assert.equal(await exited, EXIT.INTERRUPTED);
  assert.deepEqual(await leftoverProcesses(mark), []);
});
