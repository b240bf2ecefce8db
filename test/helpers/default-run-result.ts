/**
 * A result shaped like the default run's, for the HTML page's first screen: the json scenario
 * on the hello suite's 17 targets and 2 unavailable ones, 8 rounds that wobble as a noisy
 * machine's do, a generator-bound target and an unpinned, busy machine, so that the real
 * warning code raises several kinds of warnings.
 */
import { summarize } from '../../src/stats/summarize.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { resultSchema, type Result, type Trial } from '../../src/model/schema.js';
import { environment, measurement, plan, targetInfo, trial } from './synthetic.js';

/** Median req/s per measured target, roughly as a small machine sees them. */
export const DEFAULT_RUN_RATES: Record<string, number> = {
  'node-http': 21_000,
  fastify: 20_800,
  '0http': 20_500,
  polka: 19_900,
  h3: 18_400,
  hono: 17_600,
  wooks: 17_100,
  moost: 15_200,
  tuft: 14_800,
  koa: 14_300,
  restify: 11_100,
  'nest-fastify': 10_900,
  express4: 8_600,
  express5: 8_200,
  hapi: 7_900,
  'nest-express': 6_700,
  elysia: 6_300,
};
export const DEFAULT_RUN_UNAVAILABLE = ['mion', 'wooks-0.6'];
const ROUNDS = 8;
const START = Date.parse('2026-03-04T05:06:07.000Z');

/** A repeatable wobble in [-1, 1): the same result on every call. */
function wobbles(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state / 2_147_483_648) * 2 - 1;
  };
}

export function defaultRunResult(): Result {
  const next = wobbles(51);
  const targets = Object.keys(DEFAULT_RUN_RATES);
  const trials: Trial[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const pace = 1 + 0.08 * next();
    for (const target of targets) {
      const rate = DEFAULT_RUN_RATES[target] * pace * (1 + 0.1 * next());
      const m = measurement(rate, { generator: { cpuCores: target === 'fastify' ? 0.97 : 0.6, cpuUsPerRequest: 30 } });
      const startedAt = new Date(START + trials.length * 2_200).toISOString();
      const flags: Trial['flags'] = target === 'fastify' ? ['generator-bound'] : [];
      trials.push(trial(target, 'json', round, m, { startedAt, flags }));
    }
  }
  const base = {
    schema: 'gauntlet/result' as const,
    schemaVersion: 1 as const,
    id: '2026-03-04T05-06-07-000-hello',
    startedAt: new Date(START).toISOString(),
    finishedAt: new Date(START + 312_000).toISOString(),
    complete: true,
    environment: environment({
      cpuBusyBefore: 0.31,
      pinning: { pinned: false, note: 'taskset not found: processes not pinned to cores' },
    }),
    plan: plan({
      suite: 'hello',
      targets: [...targets, ...DEFAULT_RUN_UNAVAILABLE],
      scenarios: ['json'],
      repeats: ROUNDS,
      baseline: 'node-http',
    }),
    targets: targets.map((name) => targetInfo(name, { homepage: `https://example.org/${name}` })),
    unavailable: DEFAULT_RUN_UNAVAILABLE.map((target) => ({ target, reason: 'not installable here' })),
    verification: targets.map((target) => ({ target, round: 1, ok: true, failures: [] })),
    trials,
  };
  const summaries = summarize(base);
  return resultSchema.parse({ ...base, summaries, warnings: collectWarnings(base, summaries) });
}
