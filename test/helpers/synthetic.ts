/** Synthetic trials and plans for unit tests of statistics, summaries and reports. */
import type { Environment, Measurement, Plan, Result, TargetInfo, Trial } from '../../src/model/schema.js';
import type { CountsDocument } from '../../src/instructions/count-result.js';
import { summarize } from '../../src/stats/summarize.js';

export function plan(overrides: Partial<Plan> = {}): Plan {
  return {
    suite: 'hello',
    targets: ['base', 'other'],
    scenarios: ['text'],
    runtime: 'node v20',
    repeats: 3,
    durationSec: 1,
    warmupSec: 1,
    connections: 100,
    pipelining: 10,
    engine: 'autocannon',
    baseline: 'base',
    seed: 1,
    ...overrides,
  };
}

export function measurement(requestsPerSec: number, overrides: Partial<Measurement> = {}): Measurement {
  const requests = requestsPerSec;
  return {
    durationSec: 1,
    requests,
    requestsPerSec,
    errors: 0,
    timeouts: 0,
    statusCounts: { '200': requests },
    unexpectedStatus: 0,
    bytes: requests * 100,
    bytesPerSec: requests * 100,
    latencyMs: { mean: 10, p50: 9, p75: 12, p90: 15, p99: 30, p99_9: 40, max: 50 },
    server: {
      cpuSeconds: 1,
      cpuUsPerRequest: 1e6 / requests,
      cpuCores: 1,
      maxCpuPercent: 100,
      peakRssBytes: 80e6,
      rssSeries: [
        [0, 70e6],
        [500, 80e6],
      ],
    },
    generator: { cpuCores: 0.5, cpuUsPerRequest: 5e5 / requests },
    ...overrides,
  };
}

let index = 0;
export function trial(
  target: string,
  scenario: string,
  round: number,
  m: Measurement | undefined,
  overrides: Partial<Trial> = {},
): Trial {
  return {
    index: index++,
    round,
    target,
    scenario,
    status: m ? 'ok' : 'failed',
    startedAt: new Date(0).toISOString(),
    flags: [],
    measurement: m,
    ...overrides,
  };
}

export function environment(overrides: Partial<Environment> = {}): Environment {
  return {
    gauntletVersion: '0.0.0',
    node: 'v20.0.0',
    os: 'Linux x64',
    kernel: '6',
    cpuModel: 'Test CPU',
    cpuCount: 2,
    allowedCores: [0, 1],
    memoryBytes: 8e9,
    hostname: 'test',
    engine: { name: 'autocannon', version: '8.0.0', flags: '-c 100 -p 10 -d 1' },
    pinning: { pinned: true, server: '0', engine: '1', note: 'server on core 0' },
    packages: {},
    ...overrides,
  };
}

/** A target as a result records it; `extra` sets its layer, runtime and the like. */
export function targetInfo(name: string, extra: Partial<TargetInfo> = {}): TargetInfo {
  return { name, title: name, description: '', router: true, homepage: '', features: [], packages: {}, ...extra };
}

/** A complete result of these trials, summarized as a run's would be. */
export function summarizedResult(p: Plan, trials: Trial[], targets: TargetInfo[] = []): Result {
  const input = { plan: p, trials, verification: [], unavailable: [] };
  return {
    schema: 'gauntlet/result',
    schemaVersion: 1,
    id: 'r',
    startedAt: '',
    complete: true,
    environment: environment(),
    targets,
    warnings: [],
    ...input,
    summaries: summarize(input),
  };
}

/** A saved --cost instructions run: counts as [target, round, instructions per request], scenario json, baseline A. */
export function countsDocument(
  counts: Array<[string, number, number]>,
  failures: CountsDocument['failures'] = [],
  extra: Partial<CountsDocument> = {},
): CountsDocument {
  return {
    kind: 'instructions',
    gauntletVersion: '0',
    startedAt: '',
    complete: true,
    suite: 'hello',
    scenarios: ['json'],
    targets: ['A', 'B'],
    baseline: 'A',
    runtime: { id: 'node@24', version: '24.0.0' },
    machine: { cpuModel: 'x', cores: 2 },
    valgrind: { version: '3.19.0', tool: 'callgrind', flags: [] },
    v8Flags: [],
    rounds: 3,
    plan: {
      warmupRequests: 1,
      blockRequests: 1,
      countedBlocks: 2,
      settleShare: 0.01,
      blocksLeftOut: 'highest tenth',
      concurrency: 1,
      timeoutMs: 1,
      readyTimeoutMs: 1,
    },
    counts: counts.map(([target, round, value]) => ({
      target,
      scenario: 'json',
      round,
      instructionsPerRequest: value,
      blocks: [value],
      settled: true,
      seconds: { start: 0, warmup: 0, count: 0 },
    })),
    failures,
    ...extra,
  };
}
