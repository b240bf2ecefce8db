/**
 * The h2 suite end to end: every HTTP/2 target verified over h2c and over TLS (where ALPN
 * must choose h2), a target that serves TLS without h2 refused for TLS only, and short real
 * runs through each installed HTTP/2 engine, with the protocol recorded and nothing left.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { connect as connectHttp2 } from 'node:http2';
import { join } from 'node:path';
import { connect as connectTls } from 'node:tls';
import { test } from 'node:test';
import { EXIT } from '../../src/core/exit-codes.js';
import { h2loadEngine } from '../../src/engines/h2load/engine.js';
import { startTarget } from '../../src/measure/target-process.js';
import { nodeRuntime } from '../../src/runtimes/runtime.js';
import { loadTargets } from '../../src/targets/registry.js';
import {
  fixtureTargetsDir,
  leftoverProcesses,
  newMark,
  resultOf,
  runCli,
  runFolder,
  savedResult,
  TEST_MARK_VAR,
} from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured } from '../helpers/measured.js';

const H2_TARGETS = ['fastify', 'hapi', 'koa', 'node-http2'];
const SCENARIOS = ['h2c-text', 'h2c-json', 'h2-text', 'h2-json'];
const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };

test('verify --suite h2: every HTTP/2 target answers right over h2c and over TLS', async () => {
  const verify = await runCli(['verify', '--suite', 'h2', '--json']);
  assert.equal(verify.code, 0, verify.stdout + verify.stderr);
  const { suite, verdicts } = JSON.parse(verify.stdout) as {
    suite: string;
    verdicts: Array<{ target: string; ok: boolean; failures: unknown[] }>;
  };
  assert.equal(suite, 'h2');
  assert.deepEqual(verdicts.map((v) => v.target).sort(), H2_TARGETS);
  for (const verdict of verdicts) assert.ok(verdict.ok, `${verdict.target}: ${JSON.stringify(verdict.failures)}`);
  assert.deepEqual(await leftoverProcesses(verify.mark), []);
});

/** What a TLS client that offers only `protocols` by ALPN gets from the server: the protocol chosen, or the error. */
function alpnWith(port: number, protocols: string[]): Promise<string> {
  return new Promise((resolve) => {
    const socket = connectTls({ host: '127.0.0.1', port, ALPNProtocols: protocols, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      resolve(`chose ${socket.alpnProtocol || 'nothing'}`);
      socket.destroy();
    });
    socket.once('error', (error) => resolve(`refused: ${error.message}`));
  });
}

test('over TLS each target negotiates h2 by ALPN and refuses HTTP/1.1; over h2c it speaks HTTP/2 in the clear', async () => {
  const mark = newMark();
  process.env[TEST_MARK_VAR] = mark; // the targets started here carry it
  try {
    const targets = (await loadTargets()).filter((t) => H2_TARGETS.includes(t.name));
    for (const target of targets) {
      const tls = await startTarget({
        target,
        suite: 'h2',
        runtime: nodeRuntime,
        readyTimeoutMs: 10_000,
        protocol: 'h2',
      });
      try {
        assert.match(tls.baseUrl, /^https:\/\/127\.0\.0\.1:\d+$/);
        assert.equal(await alpnWith(tls.port, ['h2', 'http/1.1']), 'chose h2', `${target.name}: ALPN h2`);
        assert.match(
          await alpnWith(tls.port, ['http/1.1']),
          /^refused: .*no application protocol/,
          `${target.name}: no HTTP/1.1 over TLS`,
        );
      } finally {
        await tls.process.stop();
      }
      const clear = await startTarget({
        target,
        suite: 'h2',
        runtime: nodeRuntime,
        readyTimeoutMs: 10_000,
        protocol: 'h2c',
      });
      try {
        assert.match(clear.baseUrl, /^http:\/\//);
        const session = connectHttp2(clear.baseUrl);
        await new Promise<void>((resolve, reject) => session.once('connect', () => resolve()).once('error', reject));
        assert.equal(session.alpnProtocol, 'h2c', `${target.name}: prior-knowledge h2c`);
        session.destroy();
      } finally {
        await clear.process.stop();
      }
    }
  } finally {
    delete process.env[TEST_MARK_VAR];
  }
  assert.deepEqual(await leftoverProcesses(mark), []);
});

test('a target that serves TLS without h2 is refused over TLS, named with the reason, and still measured over h2c', async () => {
  const verify = await runCli(
    ['verify', '--suite', 'h2', '--targets', 'node-http2,h2-no-alpn', '--ready-timeout', '5'],
    withFixtures,
  );
  assert.equal(verify.code, EXIT.TARGET_FAILED, 'it never answered over h2: a start failure, not a wrong answer');
  assert.match(verify.stdout, /ok +node-http2/);
  assert.match(verify.stdout, /FAILED h2-no-alpn\n.*start over h2: .*not over HTTP\/2 over TLS \(h2\): ALPN/);
  assert.doesNotMatch(verify.stdout, /h2c/, 'its h2c answers are right');

  const out = tempDir('h2-no-alpn');
  const run = await runCli(
    [
      'run',
      '--suite',
      'h2',
      '--targets',
      'h2-no-alpn',
      '--scenarios',
      'h2-text,h2c-text',
      '--engine',
      'node-http2',
      '--repeats',
      '1',
      '--duration',
      '1',
      '--warmup',
      '0',
      '--connections',
      '4',
      '--pipelining',
      '4',
      '--out',
      out,
      '--quiet',
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const cell = (scenario: string) => result.summaries.find((s) => s.scenario === scenario)!;
  assert.equal(cell('h2c-text').status, 'measured');
  assert.equal(cell('h2-text').status, 'failed');
  assert.match(cell('h2-text').reason!, /ALPN/);
  assert.equal(
    result.trials.filter((t) => t.scenario === 'h2-text' && t.measurement).length,
    0,
    'no load went to the TLS side',
  );
  assert.deepEqual(await leftoverProcesses(verify.mark), []);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

for (const engine of ['h2load', 'node-http2']) {
  const skip = engine === 'h2load' ? h2loadEngine.unavailableReason() : undefined;
  test(`a short real h2 run through ${engine}: verified over both protocols, measured, every response a 200`, {
    skip,
  }, async () => {
    const targets = ['node-http2', 'fastify'];
    const out = tempDir(`h2-${engine}`);
    const run = await runCli([
      'run',
      '--suite',
      'h2',
      '--targets',
      targets.join(','),
      '--engine',
      engine,
      '--repeats',
      '1',
      '--duration',
      '0.5',
      '--warmup',
      '0.5',
      '--connections',
      '10',
      '--pipelining',
      '10',
      '--out',
      out,
      '--quiet',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const dir = runFolder(out);
    const result = savedResult(dir);
    assert.equal(result.plan.suite, 'h2');
    assert.deepEqual(result.plan.scenarios, SCENARIOS);
    assert.equal(result.plan.connections, 10);
    assert.equal(result.plan.pipelining, 10);
    assert.equal(result.plan.baseline, 'node-http2');
    assert.equal(result.environment.engine.name, engine);
    assert.doesNotMatch(result.environment.engine.flags, /--h1/, 'the engine is described as HTTP/2');
    // One start (and one verification) per target and protocol, the baseline one per visit.
    assert.equal(result.verification.length, (targets.length + 1) * 2);
    assert.deepEqual(
      (result.starts ?? [])
        .filter((s) => s.target === 'node-http2')
        .map((s) => `${s.protocol}#${s.process}`)
        .sort(),
      ['h2#1', 'h2#2', 'h2c#1', 'h2c#2'],
    );
    assert.ok(
      result.verification.every((v) => v.ok),
      JSON.stringify(result.verification),
    );
    // the baseline (node-http2) twice per scenario and round, the others once
    assert.equal(result.trials.length, (targets.length + 1) * SCENARIOS.length);
    for (const trial of result.trials) {
      const label = `${trial.target}/${trial.scenario}`;
      assertMeasured(trial, label);
      assert.match(trial.scenario, /^(h2c|h2)-(text|json)$/, 'the protocol is in the scenario name');
      const m = trial.measurement!;
      assert.ok(m.requests > 500, `${label}: only ${m.requests} responses`);
      assert.equal(m.statusCounts['200'], m.requests, `${label}: every response was a 200`);
      assert.ok(m.server.cpuSeconds > 0 && m.generator.cpuCores > 0, `${label}: CPU sampled`);
      if (engine === 'h2load')
        assert.ok(
          m.headerCompression! > 0.5 && m.headerCompression! < 1,
          `${label}: HPACK share ${m.headerCompression}`,
        );
      else assert.equal(m.headerCompression, undefined);
    }
    const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
    assert.match(markdown, /## h2-text/);
    if (engine === 'h2load') assert.match(markdown, /\| HPACK saved \(%\) \|/);
    else assert.doesNotMatch(markdown, /HPACK/);
    assert.deepEqual(await leftoverProcesses(run.mark), [], 'no target or generator outlived the run');
  });
}

test("at the Tuft comparison's load over TLS, a target whose sessions h2load waits on is still measured from h2load's log", async () => {
  const out = tempDir('h2-stall');
  const run = await runCli([
    'run',
    '--suite',
    'h2',
    '--targets',
    'fastify',
    '--scenarios',
    'h2-text',
    '--engine',
    'h2load',
    '--repeats',
    '1',
    '--warmup',
    '0',
    '--out',
    out,
    '--quiet',
  ]);
  const result = resultOf(out);
  const [trial] = result.trials;
  assertMeasured(trial, `fastify over TLS\n${run.stderr}`);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(result.plan.connections, 100, "the suite's defaults apply");
  assert.equal(trial.measurement!.statusCounts['200'], trial.measurement!.requests);
  assert.ok(trial.measurement!.bytes > 0);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});
