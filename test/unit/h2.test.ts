/** The h2 suite's pieces that have logic of their own, without starting any target. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Command } from 'commander';
import { RUN_DEFAULTS, roundBudget, withRunRounds } from '../../src/api/settings.js';
import { addLoadOptions, loadOptions, type LoadFlags } from '../../src/cli/load-options.js';
import type { LoadCommand } from '../../src/cli/suite-defaults.js';
import { planEngines } from '../../src/engines/engine-plan.js';
import { h2loadEngine, headerSavings, negotiatedMismatch, windowSec } from '../../src/engines/h2load/engine.js';
import { loadNeeds } from '../../src/engines/needs.js';
import { protocolMismatch } from '../../src/http/http-probe.js';
import { generateCertificate, opensslArgs } from '../../src/http/tls-cert.js';
import { HPACK_COLUMN, COLUMNS, reportTables } from '../../src/report/rows.js';
import type { Result } from '../../src/model/schema.js';
import { summarize } from '../../src/stats/summarize.js';
import { h2Suite } from '../../src/suites/h2/suite.js';
import { helloSuite } from '../../src/suites/hello/suite.js';
import { groupByProtocol, protocolsOf } from '../../src/suites/protocol.js';
import { projectRoot } from '../helpers/cli.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';

const h2Scenario = (name: string) => h2Suite.scenarios.find((s) => s.name === name)!;

test("the h2 suite serves hello's text and json answers over each protocol, named by protocol", () => {
  assert.deepEqual(
    h2Suite.scenarios.map((s) => s.name),
    ['h2c-text', 'h2c-json', 'h2-text', 'h2-json'],
  );
  assert.deepEqual(h2Suite.protocols, ['h2c', 'h2']);
  assert.deepEqual(h2Suite.defaults, { connections: 100, pipelining: 100 });
  for (const scenario of h2Suite.scenarios) {
    const [protocol, answer] = scenario.name.split('-');
    assert.equal(scenario.protocol, protocol);
    const hello = helloSuite.scenarios.find((s) => s.name === answer)!;
    assert.deepEqual(scenario.checks, hello.checks, 'the same exact answers as hello');
    assert.deepEqual(scenario.load, hello.load);
  }
});

test('a visit takes the scenarios of one protocol together, keeping the shuffled order within each', () => {
  const shuffled = ['h2-json', 'h2c-text', 'h2-text', 'h2c-json'].map(h2Scenario);
  assert.deepEqual(
    groupByProtocol(shuffled).map((s) => s.name),
    ['h2-json', 'h2-text', 'h2c-text', 'h2c-json'],
  );
  assert.deepEqual(protocolsOf(shuffled), ['h2', 'h2c']);
  const hello = [...helloSuite.scenarios].reverse();
  assert.deepEqual(groupByProtocol(hello), hello, 'HTTP/1.1 scenarios keep their order');
  assert.deepEqual(protocolsOf(hello), ['http1']);
});

test('loads need their protocol, pipelining, and a path cycle or request sequences', () => {
  assert.deepEqual(loadNeeds(helloSuite.scenarios, 10), {
    http1: true,
    pipelining: true,
    pathCycles: true,
    requestSequences: false,
  });
  assert.deepEqual(loadNeeds([helloSuite.scenarios[0]], 1), {
    http1: true,
    pipelining: false,
    pathCycles: false,
    requestSequences: false,
  });
  assert.deepEqual(loadNeeds(h2Suite.scenarios, 100), {
    pipelining: true,
    pathCycles: false,
    requestSequences: false,
    h2c: true,
    tlsHttp2: true,
  });
  assert.deepEqual(loadNeeds([h2Scenario('h2c-text')], 1), {
    pipelining: false,
    pathCycles: false,
    requestSequences: false,
    h2c: true,
  });
  const post = {
    name: 'post',
    description: 'a post',
    load: [{ method: 'POST' as const, path: '/a', body: '{}' }],
    checks: [],
  };
  assert.equal(loadNeeds([post], 1).requestSequences, true, 'a POST with a body is more than a path cycle');
  // The warm-up cycles every scenario at once: requests with different headers make a sequence.
  const headed = {
    name: 'headed',
    description: 'with a header',
    load: [{ method: 'GET' as const, path: '/b', headers: { authorization: 'x' } }],
    checks: [],
  };
  assert.equal(loadNeeds([helloSuite.scenarios[0], headed], 1).requestSequences, false);
  assert.equal(loadNeeds([helloSuite.scenarios[0], headed], 1, true).requestSequences, true);
});

test('--engine auto plans an engine per scenario; a named engine must carry every scenario', () => {
  const load = { connections: 100, pipelining: 100, warmupSec: 1, durationSec: 1, timeoutSec: 10 };
  const auto = planEngines('auto', h2Suite.scenarios, load);
  for (const scenario of h2Suite.scenarios)
    assert.equal(
      auto.forScenario(scenario.name).engine.name,
      h2loadEngine.unavailableReason() ? 'node-http2' : 'h2load',
    );
  assert.equal(planEngines('node-http2', h2Suite.scenarios, load).forScenario('h2c-text').engine.name, 'node-http2');
  assert.throws(() => planEngines('autocannon', h2Suite.scenarios, load), /cannot carry this load/);
  assert.throws(() => auto.forScenario('nope'), /no engine planned/);
  if (!h2loadEngine.unavailableReason()) {
    // Each scenario's flags are described over its own protocol: HTTP/2 must not read as HTTP/1.1.
    const flags = planEngines('h2load', h2Suite.scenarios, load).forScenario('h2c-text').flags;
    assert.doesNotMatch(flags, /--h1/);
    assert.match(flags, /-c 100 -m 100/);
    assert.match(
      planEngines('h2load', [helloSuite.scenarios[0]], { ...load, pipelining: 10 }).forScenario(
        helloSuite.scenarios[0].name,
      ).flags,
      /--h1/,
    );
  }
});

/** The load flags a command line gives, after the suite defaults hook. */
async function parsedFlags(args: string[], command: LoadCommand = 'run'): Promise<LoadFlags> {
  let flags: LoadFlags | undefined;
  const program = new Command().exitOverride();
  addLoadOptions(program.command(command), command).action((options: LoadFlags) => {
    flags = options;
  });
  await program.parseAsync(['node', 'gauntlet', command, ...args]);
  return flags!;
}

test("a suite's load defaults apply only to the flags the user did not pass", async () => {
  const h2 = await parsedFlags(['--suite', 'h2']);
  assert.equal(h2.connections, 100);
  assert.equal(h2.pipelining, 100);
  const given = await parsedFlags(['--suite', 'h2', '--connections', '10', '--pipelining', '10']);
  assert.equal(given.connections, 10);
  assert.equal(given.pipelining, 10);
  const half = await parsedFlags(['--suite', 'h2', '--pipelining', '5']);
  assert.deepEqual([half.connections, half.pipelining], [100, 5]);
  const hello = await parsedFlags([]);
  assert.deepEqual([hello.connections, hello.pipelining], [100, 10], "hello keeps gauntlet's defaults");
  // A window or profile not given is left to the settings, so a suite's or scenario's own applies there.
  const fanout = await parsedFlags(['--suite', 'fanout']);
  assert.deepEqual([fanout.duration, fanout.profile, fanout.pipelining], [undefined, undefined, 1]);
  const asked = await parsedFlags(['--suite', 'fanout', '--duration', '2', '--profile', 'fixed']);
  assert.deepEqual([asked.duration, asked.profile], [2, 'fixed']);
  assert.equal((await parsedFlags(['--suite', 'services'])).duration, 0.3, "a bench suite's own window");
  // ab's own 6 rounds (what its test needs for a verdict) are not lowered to a bench suite's 3; asked for, they are.
  assert.equal((await parsedFlags(['--suite', 'services'], 'ab')).repeats, 6);
  assert.equal((await parsedFlags(['--suite', 'services', '--repeats', '4'], 'ab')).repeats, 4);
  assert.equal((await parsedFlags(['--suite', 'services'])).repeats, 3);
});

test("run's rounds: the hello suite's default run takes its own 16 short rounds within a budget where the user sets none; ab keeps its own", async () => {
  const hello = await parsedFlags([]);
  assert.deepEqual([hello.repeats, hello.duration, hello.trialWarmup], [undefined, undefined, undefined]);
  const options = withRunRounds(loadOptions(hello), helloSuite);
  assert.deepEqual([options.repeats, options.durationSec, options.trialWarmupSec], [16, 0.25, 0.15]);
  assert.deepEqual(options.scenarios, ['json'], 'the default run measures json alone');
  assert.deepEqual(roundBudget(options), {}, "the default run's rounds end within its own budget");
  const named = withRunRounds(loadOptions(await parsedFlags(['--scenarios', 'json,param'])), helloSuite);
  assert.deepEqual(named.scenarios, ['json', 'param'], 'scenarios named win');
  assert.equal(roundBudget(named), undefined, 'scenarios named take every round they add');
  const asked = withRunRounds(loadOptions(await parsedFlags(['--repeats', '3', '--duration', '1'])), helloSuite);
  assert.deepEqual([asked.repeats, asked.durationSec, asked.trialWarmupSec], [3, 1, 0.15], 'each flag given wins');
  assert.equal(roundBudget(asked), undefined, 'rounds asked for all run');
  const budgeted = withRunRounds(loadOptions(await parsedFlags(['--repeats', '3', '--budget', '60'])), helloSuite);
  assert.deepEqual(roundBudget(budgeted), { sec: 60 }, '--budget bounds any run');
  const stable = loadOptions(await parsedFlags(['--until-stable', '3', '--budget', '60']));
  assert.equal(roundBudget(withRunRounds(stable, helloSuite)), undefined, 'with --until-stable the budget is its own');
  assert.equal(
    roundBudget(withRunRounds(loadOptions(await parsedFlags(['--turns'])), helloSuite)),
    undefined,
    'turns keep every round',
  );
  const ab = await parsedFlags([], 'ab');
  assert.deepEqual([ab.repeats, ab.trialWarmup], [6, RUN_DEFAULTS.trialWarmupSec], "ab's rounds are its own");
  // a suite without rounds of its own is left to gauntlet's defaults
  const h2 = await parsedFlags(['--suite', 'h2']);
  assert.deepEqual([h2.repeats, h2.trialWarmup], [RUN_DEFAULTS.repeats, RUN_DEFAULTS.trialWarmupSec]);
  assert.deepEqual(withRunRounds({ suite: 'h2' }, h2Suite), { suite: 'h2' });
  // wrk times whole seconds only: named, it gets gauntlet's 3 rounds of 1 s rather than a refusal
  assert.deepEqual(withRunRounds({ engine: 'wrk' }, helloSuite), { engine: 'wrk' }, 'nor json alone: json and param');
  assert.equal(withRunRounds({ engine: 'h2load' }, helloSuite).durationSec, 0.25);
});

test('h2load: the HPACK share is read from its summary, and a protocol other than the one asked is refused', () => {
  const summary =
    'traffic: 246.65MB (258631715) total, 61.74MB (64737210) headers (space savings 91.64%), 100.00MB (104852800) data';
  assert.equal(headerSavings(summary), 0.9164);
  assert.equal(headerSavings('traffic: 0B (0) total'), undefined);
  assert.equal(negotiatedMismatch('Application protocol: h2\nfinished', 'h2'), undefined);
  assert.equal(negotiatedMismatch('Application protocol: h2c\nfinished', 'h2c'), undefined);
  assert.match(negotiatedMismatch('Application protocol: http/1.1\nfinished', 'h2')!, /spoke http\/1.1, not h2/);
  assert.equal(negotiatedMismatch('Application protocol: http/1.1', 'http1'), undefined);
});

test("h2load: the window is the longer of its log's clock and the lines that mark it", () => {
  // Lines read 430 ms apart; the log's requests span 499 ms of h2load's own clock.
  assert.equal(windowSec(430, 1_000_000, 1_499_000), 0.499);
  // h2load stopped on a stalled peer: the log lost its tail, the marks hold the window.
  assert.equal(windowSec(500, 1_000_000, 1_300_000), 0.5);
  // No counted request in the log: the marks are all there is.
  assert.equal(windowSec(430, Number.POSITIVE_INFINITY, 0), 0.43);
});

test('the probe names a session that does not speak the protocol asked', () => {
  assert.equal(protocolMismatch({ encrypted: true, alpnProtocol: 'h2' }, 'h2'), undefined);
  assert.equal(protocolMismatch({ encrypted: false, alpnProtocol: 'h2c' }, 'h2c'), undefined);
  assert.match(
    protocolMismatch({ encrypted: true, alpnProtocol: undefined }, 'h2')!,
    /ALPN negotiated nothing, expected h2/,
  );
  assert.match(protocolMismatch({ encrypted: true, alpnProtocol: 'http/1.1' }, 'h2')!, /ALPN negotiated "http\/1.1"/);
  assert.match(protocolMismatch({ encrypted: false, alpnProtocol: 'h2c' }, 'h2')!, /not TLS/);
  assert.match(protocolMismatch({ encrypted: true, alpnProtocol: 'h2' }, 'h2c')!, /connection is TLS/);
});

test('the throwaway certificate: EC P-256, for 127.0.0.1, one day, its own key, in a private folder', async () => {
  const args = opensslArgs('/x/cert.pem', '/x/key.pem');
  assert.deepEqual(args.slice(0, 2), ['req', '-x509']);
  assert.ok(args.includes('ec_paramgen_curve:prime256v1') && args.includes('-nodes'));
  assert.deepEqual(args.slice(args.indexOf('-days'), args.indexOf('-days') + 2), ['-days', '1']);
  assert.ok(args.includes('subjectAltName=IP:127.0.0.1'));

  const files = await generateCertificate();
  try {
    assert.equal(statSync(files.dir).mode & 0o077, 0, 'nobody else can read the folder');
    const cert = new X509Certificate(readFileSync(files.certFile));
    const key = createPrivateKey(readFileSync(files.keyFile));
    assert.ok(cert.checkPrivateKey(key), 'the key belongs to the certificate');
    assert.equal(key.asymmetricKeyType, 'ec');
    assert.equal(key.asymmetricKeyDetails?.namedCurve, 'prime256v1');
    assert.match(cert.subject, /CN=127\.0\.0\.1/);
    assert.equal(cert.checkIP('127.0.0.1'), '127.0.0.1');
    const validMs = Date.parse(cert.validTo) - Date.parse(cert.validFrom);
    assert.ok(validMs <= 25 * 3600_000, `valid ${validMs / 3600_000} h`);
  } finally {
    rmSync(files.dir, { recursive: true, force: true });
  }
});

test("the run's certificate is made once per process and gone when the process exits", () => {
  const module = join(projectRoot, 'dist', 'src', 'http', 'tls-cert.js');
  const script = `const m = await import(${JSON.stringify(module)}); const a = await m.runCertificate(); const b = await m.runCertificate(); console.log(JSON.stringify({ same: a === b, dir: a.dir }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(child.status, 0, child.stderr);
  const seen = JSON.parse(child.stdout) as { same: boolean; dir: string };
  assert.ok(seen.same);
  assert.ok(!existsSync(seen.dir), 'the folder was removed at exit');
});

test('report tables get an HPACK column only where a row has the figure; other tables keep their columns', () => {
  const trials = [
    trial('node-http2', 'h2c-text', 1, measurement(80_000, { headerCompression: 0.9164 })),
    trial('fastify', 'h2c-text', 1, measurement(50_000, { headerCompression: 0.916 })),
    trial('node-http2', 'h2-text', 1, measurement(70_000)),
    trial('fastify', 'h2-text', 1, measurement(40_000)),
  ];
  const runPlan = plan({
    suite: 'h2',
    targets: ['node-http2', 'fastify'],
    scenarios: ['h2c-text', 'h2-text'],
    baseline: 'node-http2',
  });
  const summaries = summarize({ plan: runPlan, trials, verification: [], unavailable: [] });
  assert.equal(summaries.find((s) => s.target === 'fastify' && s.scenario === 'h2c-text')!.headerCompression, 0.916);
  assert.equal(summaries.find((s) => s.scenario === 'h2-text')!.headerCompression, undefined);
  const result = { plan: runPlan, summaries, trials, targets: [], environment: environment() } as unknown as Result;
  const [withHpack, without] = reportTables(result);
  assert.deepEqual(without.columns, [...COLUMNS]);
  assert.equal(without.rows[0].length, COLUMNS.length);
  const at = withHpack.columns.indexOf(HPACK_COLUMN);
  assert.equal(withHpack.columns[at - 1], 'Output (Mb/s)');
  assert.deepEqual(
    withHpack.columns.filter((c) => c !== HPACK_COLUMN),
    [...COLUMNS],
    'the other columns keep their order',
  );
  assert.equal(withHpack.rows[0][at], '91.6');
});
