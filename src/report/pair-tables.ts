/**
 * The fanout tables, as the NestJS HTTP Module Performance Comparison
 * (https://www.npmjs.com/package/nestjs-undici) lays them out: per runtime and target,
 * throughput, mean and p95 latency, the target's and the upstream's CPU per inbound request;
 * then the chosen pairs' changes per runtime (framework, client and combined effect), from
 * ratios paired by round.
 */
import type { Result, Spread } from '../model/schema.js';
import { medianOf } from '../stats/describe.js';
import { formatFixed, formatInt, formatSpread } from './format.js';
import type { ExtraTable } from './suite-tables.js';

/** "+149 % [+120 – +170]": a paired ratio as the change of `after` against `before`. */
export function formatChange(spread: Spread | undefined): string {
  if (!spread) return '–';
  const c = (ratio: number) => {
    const pct = Math.round((ratio - 1) * 100);
    return `${pct > 0 ? '+' : pct < 0 ? '−' : '±'}${Math.abs(pct)} %`;
  };
  const { low, high } = spread.interval;
  return c(low) === c(high) ? c(spread.median) : `${c(spread.median)} [${c(low)} … ${c(high)}]`;
}

function runtimeOf(result: Result, target: string): string {
  return result.targets.find((t) => t.name === target)?.runtime?.id ?? result.plan.runtime;
}

function gridTable(result: Result, scenario: string): ExtraTable | undefined {
  const cells = result.summaries.filter((s) => s.scenario === scenario && s.upstreamCpuUsPerRequest);
  if (cells.length === 0) return undefined;
  const callsPerResponse = (target: string) =>
    medianOf(
      result.trials
        .filter((t) => t.target === target && t.scenario === scenario && t.status === 'ok' && t.measurement?.upstream)
        .map((t) => t.measurement!.upstream!.calls / t.measurement!.requests),
    );
  const rows = cells
    .map((s) => ({ s, runtime: runtimeOf(result, s.target) }))
    .sort(
      (a, b) =>
        a.runtime.localeCompare(b.runtime) || (b.s.requestsPerSec?.median ?? 0) - (a.s.requestsPerSec?.median ?? 0),
    );
  return {
    title: `Fanout per runtime and target: ${scenario}`,
    note:
      'Medians over the clean trials [interval]. Avg and p95 latency per inbound request as the engine measured it (p95 from every engine but autocannon, which reports p90 and p97.5). ' +
      "CPU µs/req is the target's; upstream CPU µs/req is the upstream service's over the same window, per inbound response (its calls for it). " +
      'Upstream calls/resp counts the calls at the upstream against the responses: requests in flight at the window edges move it a little off the exact count.',
    head: [
      'Runtime',
      'Target',
      'Req/s',
      'Avg (ms)',
      'p95 (ms)',
      'CPU µs/req',
      'Upstream CPU µs/req',
      'Upstream calls/resp',
    ],
    rows: rows.map(({ s, runtime }) => [
      runtime,
      s.target,
      formatSpread(s.requestsPerSec),
      formatFixed(s.latencyMs?.mean),
      formatFixed(s.latencyMs?.p95),
      formatSpread(s.cpuUsPerRequest, 1),
      formatSpread(s.upstreamCpuUsPerRequest, 1),
      formatFixed(callsPerResponse(s.target), 2),
    ]),
  };
}

function pairsTable(result: Result, scenario: string): ExtraTable | undefined {
  const pairs = (result.acrossScenarios?.pairs ?? []).filter((p) => p.scenario === scenario);
  if (pairs.length === 0) return undefined;
  return {
    title: `Improvement matrix: ${scenario}`,
    note:
      "Each row: the second target's figure over the first's, taken per round (the two measured seconds apart), as a change with the distribution-free interval of its median " +
      '(the NestJS HTTP module comparison reports the same pairs as "% improvement": for latency and CPU a minus is an improvement).',
    head: ['Runtime', 'Effect', 'Pair', 'Req/s', 'Avg latency', 'p95 latency', 'CPU µs/req', 'Rounds'],
    rows: pairs.map((p) => [
      p.runtime,
      p.name,
      `${p.after} vs ${p.before}`,
      formatChange(p.requestsPerSec),
      formatChange(p.latencyMean),
      formatChange(p.latencyP95),
      formatChange(p.cpuUsPerRequest),
      formatInt(p.rounds),
    ]),
  };
}

/** Nothing for a run without the upstream. */
export function pairTables(result: Result): ExtraTable[] {
  return result.plan.scenarios.flatMap((scenario) =>
    [gridTable(result, scenario), pairsTable(result, scenario)].filter((t): t is ExtraTable => t !== undefined),
  );
}
