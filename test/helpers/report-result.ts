/**
 * A realistic, schema-valid result for report tests, built from synthetic trials and the real
 * summary and warning code: several targets over the hello scenarios and three rounds, with
 * a baseline, a failed verification, a failed trial, an all-invalid cell, a generator-bound
 * flag and an unavailable target.
 */
import { summarize } from '../../src/stats/summarize.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { resultSchema, type Result, type TargetInfo, type Trial, type Verification } from '../../src/model/schema.js';
import { environment, measurement, plan, trial } from './synthetic.js';

export const REPORT_SCENARIOS = ['text', 'json', 'param'];
/** Measured targets; "broken" fails its json verification, "mion" is unavailable. */
export const REPORT_TARGETS = ['node-http', 'fastify', 'express5', 'koa', 'broken'];

/** Median req/s per target; the repeats vary around it. */
const RATE: Record<string, number> = {
  'node-http': 80_000,
  fastify: 86_000,
  express5: 14_500,
  koa: 57_000,
  broken: 40_000,
};
/** Server CPU per request (µs): not simply the inverse of the rate, so sorting by it reorders rows. */
const CPU_US: Record<string, number> = { 'node-http': 12.1, fastify: 11.4, express5: 68.3, koa: 16.9, broken: 10.2 };
const P99: Record<string, number> = { 'node-http': 23, fastify: 17, express5: 584, koa: 122, broken: 45 };
const RSS_MB: Record<string, number> = { 'node-http': 72, fastify: 100, express5: 147, koa: 111, broken: 64 };

export const FAILED_TRIAL_REASON = 'server exited: "boom", code 1\nlast output line';

function info(name: string, title: string, packages: Record<string, string>, features: string[] = []): TargetInfo {
  return {
    name,
    title,
    description: `${title}, with its default settings`,
    router: name !== 'node-http',
    homepage: `https://example.org/${name}`,
    features,
    packages,
  };
}

function trialFor(target: string, scenario: string, round: number): Trial {
  const wobble = [1, 0.93, 1.06][round - 1] * (scenario === 'json' ? 0.95 : scenario === 'param' ? 0.9 : 1);
  const rate = RATE[target] * wobble;
  const mb = 1024 * 1024;
  const rss = RSS_MB[target] * mb;
  const m = measurement(rate, {
    durationSec: 1,
    requests: Math.round(rate),
    latencyMs: {
      mean: 11 + round,
      p50: 9 + round,
      p75: 12 + round,
      p90: 15 + round,
      p99: P99[target] * wobble,
      p99_9: P99[target] * 1.6 * wobble,
      max: P99[target] * 2.2 * wobble,
    },
    server: {
      cpuSeconds: (CPU_US[target] * rate) / 1e6,
      cpuUsPerRequest: CPU_US[target] * (2 - wobble),
      cpuCores: 1,
      maxCpuPercent: 100,
      peakRssBytes: rss * 1.05,
      rssSeries: [
        [0, rss * 0.8],
        [250, rss * 0.95],
        [500, rss],
        [750, rss * 1.05],
        [1000, rss * 1.02],
      ],
    },
  });
  if (target === 'koa' && scenario === 'param' && round === 2) {
    return trial(target, scenario, round, undefined, { status: 'failed', reason: FAILED_TRIAL_REASON });
  }
  if (target === 'express5' && scenario === 'json') {
    return trial(target, scenario, round, { ...m, errors: 12 }, { status: 'invalid', flags: ['errors'] });
  }
  if (target === 'fastify' && scenario === 'param') {
    return trial(target, scenario, round, m, { flags: ['generator-bound'] });
  }
  return trial(target, scenario, round, m);
}

export function reportResult(): Result {
  const trials: Trial[] = [];
  const verification: Verification[] = [];
  for (const round of [1, 2, 3]) {
    for (const target of REPORT_TARGETS) {
      const wrong = target === 'broken';
      verification.push({
        target,
        round,
        ok: !wrong,
        failures: wrong
          ? [
              {
                scenario: 'json',
                request: 'GET /json',
                reason: 'body was {"hello":"wrong"}, expected {"hello":"world"}',
              },
            ]
          : [],
      });
      for (const scenario of REPORT_SCENARIOS) {
        if (wrong && scenario === 'json') continue;
        trials.push(trialFor(target, scenario, round));
      }
    }
  }
  const base = {
    schema: 'gauntlet/result' as const,
    schemaVersion: 1 as const,
    id: '2026-01-02T03-04-05-000-hello',
    startedAt: '2026-01-02T03:04:05.000Z',
    finishedAt: '2026-01-02T03:06:10.000Z',
    complete: true,
    environment: environment({
      gitCommit: '0123456789abcdef0123456789abcdef01234567',
      packages: { fastify: '5.12.8', express: '5.3.0', koa: '3.3.0', '@koa/router': '15.7.0', autocannon: '8.0.0' },
      loadAverageBefore: 0.4,
      loadAverageAfter: 1.9,
    }),
    plan: plan({
      targets: [...REPORT_TARGETS, 'mion'],
      scenarios: REPORT_SCENARIOS,
      repeats: 3,
      baseline: 'node-http',
    }),
    targets: [
      info('node-http', 'node:http', {}),
      info('fastify', 'Fastify', { fastify: '5.12.8' }, ['response schema serialization']),
      info('express5', 'Express 5', { express: '5.3.0' }),
      info('koa', 'Koa', { koa: '3.3.0', '@koa/router': '15.7.0' }),
      info('broken', 'Broken, "on purpose"', {}),
    ],
    unavailable: [{ target: 'mion', reason: 'not installable: the npm registry answers 404' }],
    verification,
    trials,
  };
  const summaries = summarize(base);
  return resultSchema.parse({ ...base, summaries, warnings: collectWarnings(base, summaries) });
}
