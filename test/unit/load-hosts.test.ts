import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadHostsOf, refuseOnLoadHosts } from '../../src/api/load-hosts.js';
import { executionSegments } from '../../src/engines/k6/job.js';
import { mergeK6Runs } from '../../src/engines/k6/merge.js';
import { hostDistribution, mergedQuantile, QUANTILE_GRID, quantileStat } from '../../src/engines/k6/quantiles.js';
import { FIXED_PROFILE } from '../../src/engines/profile.js';
import { sshClientAddress } from '../../src/hosts/agent.js';
import type { Result } from '../../src/model/schema.js';
import { machineLine } from '../../src/report/rows.js';
import { selectScenarios, selectSuite } from '../../src/api/selection.js';
import { checkEnvironments } from '../../src/compare/environment-match.js';
import { reportResult } from '../helpers/report-result.js';

/** A seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** A percentile as k6 computes it: linear between the sorted samples around rank q·(n−1). */
function k6Percentile(sorted: number[], q: number): number {
  const rank = q * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** What a host's k6 reports of these latencies with the quantile grid asked for. */
function trendOf(samples: number[]): Record<string, number> {
  const sorted = [...samples].sort((a, b) => a - b);
  const values: Record<string, number> = {
    avg: samples.reduce((sum, x) => sum + x, 0) / samples.length,
    max: sorted[sorted.length - 1],
    count: samples.length,
  };
  for (const q of QUANTILE_GRID) values[quantileStat(q)] = k6Percentile(sorted, q / 100);
  return values;
}

test('percentiles of hosts with unlike latencies come from their mixed distributions, within 1 % of the pooled samples', () => {
  const next = random(7);
  // a fast host with many requests and a slow, long-tailed one with fewer: the case where averaging fails
  const fast = Array.from({ length: 40_000 }, () => 0.2 - 0.5 * Math.log(1 - next()));
  const slow = Array.from({ length: 15_000 }, () => Math.exp(1.5 + 0.8 * (next() + next() + next() - 1.5)));
  const pooled = [...fast, ...slow].sort((a, b) => a - b);
  const hosts = [fast, slow].map((samples) => hostDistribution(trendOf(samples), samples.length));
  for (const q of [0.5, 0.75, 0.9, 0.95, 0.99, 0.999]) {
    const exact = k6Percentile(pooled, q);
    const merged = mergedQuantile(hosts, q);
    assert.ok(Math.abs(merged - exact) / exact < 0.01, `p${q * 100}: merged ${merged}, pooled ${exact}`);
    // the data tells the two apart: the mean of the hosts' percentiles misses by far
    const averaged =
      (k6Percentile(
        [...fast].sort((a, b) => a - b),
        q,
      ) +
        k6Percentile(
          [...slow].sort((a, b) => a - b),
          q,
        )) /
      2;
    if (q === 0.5 || q === 0.9) assert.ok(Math.abs(averaged - exact) / exact > 0.1, `p${q * 100}: averaging was close`);
  }
  assert.equal(mergedQuantile(hosts, 1), Math.max(...pooled));
});

test("a k6 load splits into segments that cover it once: k6's own notation", () => {
  assert.deepEqual(executionSegments(1), [{ segment: '0:1', sequence: '0,1' }]);
  assert.deepEqual(
    executionSegments(3).map((s) => s.segment),
    ['0:1/3', '1/3:2/3', '2/3:1'],
  );
  assert.equal(executionSegments(3)[1].sequence, '0,1/3,2/3,1');
});

test("merged figures add the hosts' counts, keep each host's share and the busiest host's CPU", () => {
  const summary = (ok: number, notFound: number, errors: number, samples: number[]) => ({
    metrics: {
      http_reqs: { count: ok + notFound + errors, rate: 1 },
      'http_reqs{status:200}': { count: ok },
      'http_reqs{status:404}': { count: notFound },
      'http_reqs{status:0}': { count: errors },
      data_received: { count: (ok + notFound) * 100 },
      http_req_duration: trendOf(samples),
    },
  });
  const measurement = mergeK6Runs(
    [
      { host: 'a', summary: summary(900, 10, 2, [1, 2, 3, 4]), windowSec: 2, generatorCpuSeconds: 1.2 },
      { host: 'b', summary: summary(800, 0, 0, [5, 6, 7, 8]), windowSec: 2.1, generatorCpuSeconds: 0.6 },
    ],
    FIXED_PROFILE,
  );
  assert.equal(measurement.requests, 1710);
  assert.equal(measurement.errors, 2);
  assert.deepEqual(measurement.statusCounts, { '200': 1700, '404': 10 });
  assert.equal(measurement.bytes, 171_000);
  assert.equal(measurement.durationSec, 2.1);
  assert.deepEqual(
    measurement.loadHosts?.map((share) => [share.host, share.requests]),
    [
      ['a', 910],
      ['b', 800],
    ],
  );
  assert.ok(Math.abs((measurement.generator?.cpuSeconds ?? 0) - 1.8) < 1e-9);
  assert.equal(measurement.generator?.busiestCores, 0.6);
  assert.equal(measurement.latencyMs.max, 8);
  assert.equal(measurement.latencyMs.mean, 4.5);
});

test('--load-hosts refuses what k6 cannot split, naming it, before anything connects', () => {
  const hello = selectSuite('hello');
  const scenarios = selectScenarios(hello, ['json']);
  const refused = (options: { loadHosts: string[] }, run: Partial<Parameters<typeof refuseOnLoadHosts>[1]>) =>
    assert.throws(
      () => refuseOnLoadHosts(options, { suite: 'hello', scenarios, ...run }),
      (error: Error & { code?: string }) =>
        error.code === 'GAUNTLET_LOAD_HOSTS_UNSUITED' && /--load-hosts/.test(error.message),
    );
  refused({ loadHosts: ['a', 'b'] }, { engine: 'wrk' });
  refused({ loadHosts: ['a', 'a'] }, {});
  refused({ loadHosts: ['a', 'b', 'c'] }, { connections: 2 });
  refused({ loadHosts: ['a', 'b'] }, { turns: true });
  refused({ loadHosts: ['a', 'b'] }, { cost: 'instructions' });
  refused({ loadHosts: ['a', 'b'] }, { scenarios: selectScenarios(selectSuite('h2'), ['h2c-json']) });
  refuseOnLoadHosts({ loadHosts: ['a', 'b'] }, { suite: 'hello', scenarios, engine: 'auto', connections: 100 });
  assert.deepEqual(loadHostsOf({ loadHosts: [' a ', '', 'b'] }), ['a', 'b']);
});

test("the agent tells where the SSH connection came from: a load host's way back to the targets here", () => {
  assert.equal(sshClientAddress({ SSH_CONNECTION: '10.213.0.1 51234 10.213.0.3 22' }), '10.213.0.1');
  assert.equal(sshClientAddress({}), undefined);
});

test('the machine line names the load hosts and the machine that drove them', () => {
  const machine = {
    gauntletVersion: '1',
    node: '24',
    os: 'Linux x64',
    kernel: '6',
    cpuModel: 'EPYC',
    cpuCount: 2,
    allowedCores: [0, 1],
    memoryBytes: 24 * 1024 ** 3,
    hostname: 'controller',
  };
  const result = {
    environment: {
      ...machine,
      loadHosts: [
        { name: 'l1', k6: '1.8.1', ...machine, hostname: 'l1' },
        { name: 'l2', k6: '1.8.1', ...machine, hostname: 'l2' },
      ],
    },
  } as unknown as Result;
  const line = machineLine(result);
  assert.match(
    line,
    /^targets on controller \(.*\); load from k6 on l1, l2 \(Linux x64, EPYC[^;]*\), driven from controller$/,
  );
});

test('compare refuses a run whose load came from load hosts against one whose load came from here', () => {
  const here = reportResult();
  const split = reportResult();
  split.environment.loadHosts = ['l1', 'l2'].map((name) => ({ name, k6: '1.8.1', ...here.environment }));
  assert.ok(checkEnvironments(here, split).blocking.some((b) => /load hosts: 0 vs 2/.test(b)));
  assert.deepEqual(checkEnvironments(split, split).blocking, []);
});
