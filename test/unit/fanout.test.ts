import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scenariosOfTargets } from '../../src/api/selection.js';
import { chooseProfile, scenarioShapes } from '../../src/api/settings.js';
import { planShapes, planTrials, scenarioRuns } from '../../src/measure/plan.js';
import { findK6 } from '../../src/engines/k6/locate.js';
import type { RunningUpstream } from '../../src/backends/upstream/upstream.js';
import { helloSuite } from '../../src/suites/hello/suite.js';
import { gotPackage, undiciPackage } from '../../src/targets/_fanout/client-packages.js';
import { fanoutTarget } from '../../src/targets/_fanout/manifest.js';
import { UpstreamWindow, upstreamCountReason } from '../../src/measure/upstream-check.js';
import type { RuntimeRecord, TargetInfo, Trial } from '../../src/model/schema.js';
import { formatChange } from '../../src/report/pair-tables.js';
import { pairEffects } from '../../src/stats/pair-effects.js';
import { FANOUT_CALLS, fanoutAnswer, upstreamAnswer, upstreamToken } from '../../src/suites/fanout/contract.js';
import { fanoutSuite } from '../../src/suites/fanout/suite.js';
import { measurement, plan, targetInfo, trial } from '../helpers/synthetic.js';

const KEY = { secret: 'a'.repeat(64), payloadBytes: 40 };

test('the fanout answer carries five signed parts that depend on the id, the part and the secret', () => {
  const answer = fanoutAnswer(KEY, '42');
  assert.equal(answer.parts.length, FANOUT_CALLS);
  assert.deepEqual(
    answer.parts.map((p) => p.part),
    [0, 1, 2, 3, 4],
  );
  assert.equal(new Set(answer.parts.map((p) => p.token)).size, FANOUT_CALLS, 'every part has its own token');
  assert.notEqual(upstreamToken(KEY.secret, '42', 0), upstreamToken(KEY.secret, '43', 0));
  assert.notEqual(
    upstreamToken(KEY.secret, '42', 0),
    upstreamToken('b'.repeat(64), '42', 0),
    'another run, other tokens',
  );
  assert.equal(upstreamAnswer(KEY, '42', 1).payload.length, 40);
  const check = fanoutSuite.scenarios[0].checks[0].request;
  assert.deepEqual(fanoutSuite.upstream!.answer(check, KEY), fanoutAnswer(KEY, '42'));
});

/** An upstream whose count reads the given values in turn. */
function scriptedUpstream(counts: number[]): RunningUpstream {
  const left = [...counts];
  return {
    url: 'http://127.0.0.1:1',
    key: KEY,
    latencyMs: 2,
    node: process.version,
    process: { pid: -1 } as RunningUpstream['process'],
    count: async () => left.shift() ?? 0,
    stop: async () => undefined,
  };
}

test('the window check accepts five calls per response within the requests in flight, and refuses fewer', async () => {
  const contract = fanoutSuite.upstream!;
  const honest = new UpstreamWindow({ upstream: scriptedUpstream([1000, 1000 + 5 * 2000 + 300]), contract });
  honest.begin();
  honest.end();
  const ok = await honest.record(2000, 100);
  assert.ok(ok);
  assert.equal(ok.expectedCalls, 10_000);
  // 5 × 100 in flight, plus 1 % of the expected calls for reading the count a moment late; above, twice the requests in flight.
  assert.equal(ok.allowedBelow, 600);
  assert.equal(ok.allowedAbove, 1100);
  assert.equal(ok.ok, true, '300 extra calls: requests in flight at the edges');
  const leftovers = new UpstreamWindow({ upstream: scriptedUpstream([0, 5 * 2000 + 1000]), contract });
  leftovers.begin();
  leftovers.end();
  assert.equal((await leftovers.record(2000, 100))?.ok, true, "a previous load's requests finishing in the window");

  const fourCalls = new UpstreamWindow({ upstream: scriptedUpstream([0, 4 * 2000]), contract });
  fourCalls.begin();
  fourCalls.end();
  const caught = await fourCalls.record(2000, 100);
  assert.equal(caught?.ok, false);
  assert.match(
    upstreamCountReason(caught!, FANOUT_CALLS),
    /served 8000 calls.*would be 10000.*4\.00 calls per response/,
  );

  const none = new UpstreamWindow({ upstream: scriptedUpstream([500, 500]), contract });
  none.begin();
  none.end();
  assert.equal((await none.record(1500, 100))?.ok, false, 'a cache that stopped calling is caught');
});

const NODE20: RuntimeRecord = { id: 'node@20', name: 'node', version: '20.20.2' };
const NODE24: RuntimeRecord = { id: 'node@24', name: 'node', version: '24.21.0' };

function info(name: string, runtime?: RuntimeRecord): TargetInfo {
  return targetInfo(name, { runtime });
}

/** One trial per round with these req/s; mean latency follows as 100,000 / req/s and p95 as twice that. */
function rounds(target: string, rates: number[]): Trial[] {
  return rates.map((rate, i) =>
    trial(target, 'fanout', i + 1, {
      ...measurement(rate),
      latencyMs: { mean: 1e5 / rate, p50: 1e5 / rate, p75: 0, p90: 0, p95: 2e5 / rate, p99: 0, p99_9: 0, max: 0 },
    }),
  );
}

test('the improvement matrix divides the pair round by round, per runtime, so drift between rounds cancels', () => {
  // The machine slows down round after round; the after target is 2.5× the before one in each round on node@24,
  // 1.5× on node@20. Unpaired medians would mix rounds; paired ones give exactly the ratio.
  const trials = [
    ...rounds('nest-fastify-axios@node24', [400, 300, 200]),
    ...rounds('nest-fastify-undici@node24', [1000, 750, 500]),
    ...rounds('nest-fastify-axios@node20', [400, 300, 200]),
    ...rounds('nest-fastify-undici@node20', [600, 450, 300]),
  ];
  const targets = [
    info('nest-fastify-axios@node24', NODE24),
    info('nest-fastify-undici@node24', NODE24),
    info('nest-fastify-axios@node20', NODE20),
    info('nest-fastify-undici@node20', NODE20),
  ];
  const effects = pairEffects(
    { plan: plan({ suite: 'fanout', scenarios: ['fanout'], targets: targets.map((t) => t.name) }), targets, trials },
    [{ name: 'client', before: 'nest-fastify-axios', after: 'nest-fastify-undici' }],
  );
  assert.equal(effects.length, 2, 'one row per runtime');
  const on24 = effects.find((e) => e.runtime === 'node@24')!;
  assert.equal(on24.rounds, 3);
  assert.ok(Math.abs(on24.requestsPerSec!.median - 2.5) < 1e-9);
  assert.ok(Math.abs(on24.latencyMean!.median - 0.4) < 1e-9, 'latency falls to 40 %');
  assert.ok(Math.abs(on24.latencyP95!.median - 0.4) < 1e-9);
  assert.equal(formatChange(on24.requestsPerSec), '+150 %');
  assert.equal(formatChange(on24.latencyMean), '−60 %');
  const on20 = effects.find((e) => e.runtime === 'node@20')!;
  assert.ok(Math.abs(on20.requestsPerSec!.median - 1.5) < 1e-9);
});

test('the improvement matrix skips rounds where one side has no clean trial, and pairs missing from the run', () => {
  const trials = [
    ...rounds('a', [100, 100, 100]),
    ...rounds('b', [200, 300, 400]).map((t) => (t.round === 2 ? { ...t, status: 'invalid' as const } : t)),
  ];
  const effects = pairEffects(
    {
      plan: plan({ suite: 'fanout', scenarios: ['fanout'], targets: ['a', 'b'] }),
      targets: [info('a'), info('b')],
      trials,
    },
    [
      { name: 'ab', before: 'a', after: 'b' },
      { name: 'absent', before: 'a', after: 'c' },
    ],
  );
  assert.equal(effects.length, 1);
  assert.equal(effects[0].rounds, 2);
  assert.equal(effects[0].requestsPerSec!.median, 3, 'the median of 2 and 4');
});

test("the NestJS HTTP module comparison's k6 ramp is the fanout-ramp scenario's own shape, taken only when k6 is here and nothing asks for a fixed window", () => {
  const ramp = fanoutSuite.scenarios.find((s) => s.name === 'fanout-ramp')!;
  const grid = fanoutSuite.scenarios.find((s) => s.name === 'fanout')!;
  const chosen = chooseProfile({}, ramp, fanoutSuite);
  if (findK6()) {
    assert.deepEqual(chosen.profile, { kind: 'ramp', stages: [{ from: 0, to: 100, durationSec: 70 }] });
    assert.match(chosen.reason!, /scenario's own load shape/);
  } else {
    assert.equal(chosen.profile.kind, 'fixed');
    assert.match(chosen.reason!, /k6 is not installed/);
  }
  const withDuration = chooseProfile({ durationSec: 2 }, ramp, fanoutSuite);
  assert.equal(withDuration.profile.kind, 'fixed');
  assert.match(withDuration.reason!, /fixed 100 connections: --duration/);
  assert.equal(chooseProfile({ engine: 'wrk' }, ramp, fanoutSuite).profile.kind, 'fixed');
  assert.equal(
    chooseProfile({ profile: 'rate:50/2s' }, ramp, fanoutSuite).profile.kind,
    'rate',
    'an asked profile wins',
  );
  assert.deepEqual(chooseProfile({}, grid, fanoutSuite), { profile: { kind: 'fixed' } }, 'the grid stays fixed');
  assert.deepEqual(chooseProfile({}, helloSuite.scenarios[0], helloSuite), { profile: { kind: 'fixed' } });

  // The grid's fixed window is the suite's 5 s unless --duration says otherwise; the ramp's is its 70 s.
  const shapes = scenarioShapes({}, fanoutSuite, fanoutSuite.scenarios);
  assert.equal(shapes.fanout.durationSec, 5);
  assert.equal(shapes['fanout-ramp'].durationSec, findK6() ? 70 : 5);
  assert.equal(scenarioShapes({ durationSec: 2 }, fanoutSuite, [grid]).fanout.durationSec, 2);
  assert.equal(scenarioShapes({}, helloSuite, helloSuite.scenarios)[helloSuite.scenarios[0].name].durationSec, 1);
});

test("the published ramp runs on the comparison's three configurations only, on every runtime; the grid on every target", () => {
  const names = ['nest-express-axios@node20', 'fastify-undici@node20', 'nest-fastify-undici@node24', 'fastify-axios'];
  const planned = planTrials(names, ['fanout-ramp', 'fanout'], 2, 7, 1, scenarioRuns(fanoutSuite.scenarios));
  const ramp = planned.filter((t) => t.scenario === 'fanout-ramp').map((t) => t.target);
  assert.deepEqual([...new Set(ramp)].sort(), ['nest-express-axios@node20', 'nest-fastify-undici@node24']);
  assert.equal(ramp.length, 4, 'two targets, two rounds');
  assert.equal(planned.filter((t) => t.scenario === 'fanout').length, 8);

  assert.deepEqual(
    scenariosOfTargets(fanoutSuite.scenarios, ['fastify-undici']).map((s) => s.name),
    ['fanout'],
    'a run without the published configurations leaves the ramp out',
  );
  assert.throws(
    () => scenariosOfTargets([fanoutSuite.scenarios.find((s) => s.name === 'fanout-ramp')!], ['fastify-undici']),
    (error: Error & { code?: string }) =>
      error.code === 'GAUNTLET_NOTHING_TO_RUN' && /nest-express-axios/.test(error.message),
  );

  // The plan keeps the grid's shape as its own and lists the ramp apart, with the targets it ran on.
  const shapes = {
    fanout: { profile: { kind: 'fixed' as const }, durationSec: 5 },
    'fanout-ramp': {
      profile: { kind: 'ramp' as const, stages: [{ from: 0, to: 100, durationSec: 70 }] },
      reason: 'the published ramp',
      durationSec: 70,
    },
  };
  const { shape, apart } = planShapes(fanoutSuite.scenarios, shapes, names);
  assert.equal(shape.durationSec, 5);
  assert.deepEqual(apart, {
    'fanout-ramp': {
      profile: 'ramp:0-100/70s',
      profileReason: 'the published ramp',
      durationSec: 70,
      targets: ['nest-express-axios@node20', 'nest-fastify-undici@node24'],
    },
  });
  assert.equal(
    planShapes(helloSuite.scenarios, scenarioShapes({}, helloSuite, helloSuite.scenarios), names).apart,
    undefined,
    'a plain suite lists nothing apart',
  );
});

test('the result records the undici and got releases each runtime runs: the newest where their engines allow', () => {
  assert.equal(undiciPackage('20.20.2'), 'undici7');
  assert.equal(undiciPackage('22.18.0'), 'undici7', 'undici 8 needs 22.19');
  assert.equal(undiciPackage('22.23.3'), 'undici8');
  assert.equal(undiciPackage('24.21.0'), 'undici8');
  assert.equal(gotPackage('20.20.2'), 'got14');
  assert.equal(gotPackage('22.23.3'), 'got16');
  const manifest = fanoutTarget('fastify', 'undici');
  assert.deepEqual(manifest.packages, ['fastify', 'undici8', 'undici7']);
  assert.deepEqual(manifest.packagesOn!({ name: 'node', version: '20.20.2' }), ['fastify', 'undici7']);
  assert.deepEqual(manifest.packagesOn!({ name: 'node', version: '24.21.0' }), ['fastify', 'undici8']);
  assert.deepEqual(fanoutTarget('express', 'got').packagesOn!({ name: 'node', version: '22.23.3' }), [
    'express',
    'got16',
  ]);
  assert.deepEqual(
    manifest.packagesOn!({ name: 'bun', version: '1.4.5' }),
    ['fastify', 'undici8', 'undici7'],
    'elsewhere both are named',
  );
});
