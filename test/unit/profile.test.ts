/** --profile: the syntax, its errors, and the k6 scenario and summary reading each profile gives. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UserError } from '../../src/core/errors.js';
import { profileNeeds } from '../../src/engines/needs.js';
import {
  formatProfile,
  parseDuration,
  parseProfile,
  profileDurationSec,
  scheduledRequests,
} from '../../src/engines/profile.js';
import { k6Scenario, k6Script, metaMetric, readMetaMetric } from '../../src/engines/k6/script.js';
import { k6Figures } from '../../src/engines/k6/summary.js';
import { chooseEngine } from '../../src/engines/registry.js';

test('profiles parse to stages and print back as they parse', () => {
  assert.deepEqual(parseProfile('fixed'), { kind: 'fixed' });
  assert.deepEqual(parseProfile('ramp:0-100/70s'), { kind: 'ramp', stages: [{ from: 0, to: 100, durationSec: 70 }] });
  const staged = parseProfile('ramp:0-100/30s,100/30s,0/10s');
  assert.deepEqual(staged, {
    kind: 'ramp',
    stages: [
      { from: 0, to: 100, durationSec: 30 },
      { from: 100, to: 100, durationSec: 30 },
      { from: 100, to: 0, durationSec: 10 },
    ],
  });
  assert.equal(profileDurationSec(staged, 5), 70);
  assert.equal(profileDurationSec(parseProfile('fixed'), 5), 5);
  assert.deepEqual(parseProfile('rate:500/20s'), { kind: 'rate', stages: [{ from: 500, to: 500, durationSec: 20 }] });
  assert.deepEqual((parseProfile('rate:100-1000/1m30s,1000/500ms') as { stages: unknown }).stages, [
    { from: 100, to: 1000, durationSec: 90 },
    { from: 1000, to: 1000, durationSec: 0.5 },
  ]);
  for (const text of [
    'fixed',
    'ramp:0-100/70s',
    'ramp:5-100/30s,100/30s,0/10s',
    'rate:500/20s',
    'rate:100-1000/30s,1000/500ms',
  ])
    assert.deepEqual(parseProfile(formatProfile(parseProfile(text))), parseProfile(text), text);
  assert.equal(parseDuration('2m'), 120);
  assert.equal(parseDuration('ms'), undefined);
  assert.equal(scheduledRequests({ from: 100, to: 300, durationSec: 2 }), 400);
});

test('malformed profiles are refused with GAUNTLET_BAD_PROFILE and the reason', () => {
  const cases: Array<[string, RegExp]> = [
    ['steady', /unknown profile "steady"/],
    ['ramp', /needs its stages/],
    ['ramp:', /no stages/],
    ['ramp:0-100', /not \[from-\]to\/duration/],
    ['ramp:0-100/70', /not a duration/],
    ['ramp:0-100/0s', /above 0/],
    ['ramp:0-many/10s', /not a number/],
    ['ramp:0-10.5/10s', /whole numbers/],
    ['ramp:0-10/10s,5-10/10s', /only the first stage may/],
    ['ramp:0-0/10s', /nothing would be sent/],
    ['rate:0/10s', /nothing would be sent/],
    ['rate:100/2h', /not a duration/],
    ['rate:100/61m', /more than the 3600 s/],
  ];
  for (const [text, reason] of cases) {
    assert.throws(
      () => parseProfile(text),
      (error: unknown) =>
        error instanceof UserError && error.code === 'GAUNTLET_BAD_PROFILE' && reason.test(error.message),
      text,
    );
  }
});

test('each profile becomes its k6 executor, and asks for an engine that runs it', () => {
  const base = { connections: 50, durationSec: 2, timeoutSec: 10 };
  assert.equal(k6Scenario({ ...base, profile: parseProfile('fixed') }).executor, 'constant-vus');
  assert.equal(
    k6Scenario({ ...base, profile: parseProfile('fixed'), durationSec: 0.5 }).duration,
    '1s',
    'k6 runs at least 1 s',
  );
  const ramp = k6Scenario({ ...base, profile: parseProfile('ramp:0-100/30s,100/30s,0/10s') });
  assert.equal(ramp.executor, 'ramping-vus');
  assert.deepEqual(ramp.stages, [
    { duration: '30s', target: 100 },
    { duration: '30s', target: 100 },
    { duration: '10s', target: 0 },
  ]);
  const constant = k6Scenario({ ...base, profile: parseProfile('rate:500/20s') });
  assert.equal(constant.executor, 'constant-arrival-rate');
  assert.equal(constant.rate, 500);
  assert.equal(constant.maxVUs, 50, '--connections caps the requests in flight');
  assert.equal(k6Scenario({ ...base, profile: parseProfile('rate:10-100/2s') }).executor, 'ramping-arrival-rate');
  assert.deepEqual(profileNeeds(parseProfile('ramp:0-10/1s')), { rampingLoad: true });
  assert.deepEqual(profileNeeds(parseProfile('rate:10/1s')), { arrivalRate: true });
  assert.deepEqual(profileNeeds(parseProfile('rate:10-20/1s')), { rampingArrivalRate: true });
  // A rate profile is never put on a closed loop by auto, and a named engine without ramping is refused.
  assert.throws(
    () => chooseEngine({ http1: true, rampingLoad: true }, 'wrk'),
    (error: unknown) => error instanceof UserError && error.code === 'GAUNTLET_ENGINE_INCAPABLE',
  );
  try {
    assert.equal(chooseEngine({ http1: true, arrivalRate: true }).name, 'k6');
  } catch (error) {
    assert.ok(error instanceof UserError && /open model/.test(error.message), String(error));
  }
});

test('the script records its profile in the summary, and a summary reads back per stage', () => {
  const profile = parseProfile('rate:10-30/1s,30/1s');
  const name = metaMetric('profile', formatProfile(profile))!;
  assert.equal(readMetaMetric(['http_reqs', name], 'profile'), formatProfile(profile));
  const script = k6Script({
    baseUrl: 'http://127.0.0.1:1/',
    requests: [{ method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }],
    profile,
    connections: 5,
    durationSec: 1,
    timeoutSec: 2,
    expectedStatuses: [200],
    title: 'test',
  });
  assert.match(script, new RegExp(name));
  assert.match(script, /"body":"\{\\"a\\":1\}"/);
  // A summary as `k6 run --summary-export` writes it.
  const trend = (avg: number) => ({
    avg,
    med: avg,
    max: avg * 3,
    'p(90)': avg * 2,
    'p(95)': avg * 2,
    'p(99)': avg * 3,
    count: 1,
  });
  const summary = {
    metrics: {
      http_reqs: { count: 52, rate: 26 },
      'http_reqs{status:200}': { count: 50, rate: 25 },
      'http_reqs{status:0}': { count: 2, rate: 1 },
      'http_reqs{stage:0}': { count: 20, rate: 10 },
      'http_reqs{status:0,stage:0}': { count: 2, rate: 1 },
      'http_reqs{stage:1}': { count: 32, rate: 16 },
      'http_reqs{error_code:1050}': { count: 1, rate: 0.5 },
      'iteration_duration{stage:0}': trend(2),
      'iteration_duration{stage:1}': trend(3),
      iteration_duration: trend(2.5),
      http_req_duration: trend(1),
      dropped_iterations: { count: 0, rate: 0 },
      data_received: { count: 5200, rate: 2600 },
    },
  };
  const figures = k6Figures(summary, profile);
  assert.equal(figures.requests, 50);
  assert.equal(figures.errors, 2);
  assert.equal(figures.timeouts, 1);
  assert.deepEqual(figures.statusCounts, { '200': 50 });
  assert.equal(figures.latencyFrom, 'schedule');
  assert.equal(figures.latencyMs.mean, 2.5, 'the rate profile times from the schedule: iteration_duration');
  assert.equal(figures.durationSec, 2);
  assert.equal(figures.stages?.length, 2);
  assert.equal(figures.stages![0].requests + figures.stages![1].requests + figures.errors, 52);
  assert.equal(figures.stages![0].scheduled, 20);
  assert.equal(figures.stages![0].dropped, 0, 'no drops counted by k6: none per stage');
  assert.equal(figures.scheduled, 50);
});

test('the JSON handleSummary() receives reads like the --summary-export file, its window from state', () => {
  const summary = {
    state: { testRunDurationMs: 4000 },
    metrics: {
      http_reqs: { type: 'counter', contains: 'default', values: { count: 400, rate: 100 } },
      'http_reqs{status:200}': {
        type: 'counter',
        values: { count: 398, rate: 99.5 },
        thresholds: { 'count>=0': { ok: true } },
      },
      'http_reqs{status:404}': { type: 'counter', values: { count: 1, rate: 0.25 } },
      http_req_duration: {
        type: 'trend',
        contains: 'time',
        values: {
          avg: 1.5,
          'p(50)': 1,
          'p(75)': 2,
          'p(90)': 3,
          'p(95)': 4,
          'p(99)': 5,
          'p(99.9)': 6,
          max: 7,
          count: 400,
        },
      },
      data_received: { type: 'counter', values: { count: 80000, rate: 20000 } },
    },
  };
  const figures = k6Figures(summary, parseProfile('fixed'));
  assert.equal(figures.durationSec, 4);
  assert.equal(figures.requests, 400, 'no status-0 sub-metric: no errors counted');
  assert.deepEqual(figures.statusCounts, { '200': 398, '404': 1, other: 1 });
  assert.deepEqual(figures.latencyMs, { mean: 1.5, p50: 1, p75: 2, p90: 3, p95: 4, p99: 5, p99_9: 6, max: 7 });
  assert.equal(figures.bytes, 80000);
  assert.equal(figures.stages, undefined, 'a fixed load has no stages');
});
