/**
 * One summary per target and scenario: medians over the repeats with their spread, CPU cost
 * per request, memory, and the ratio to the baseline target measured in the same run.
 */
import { inTurns, turnRatios, turnsBaselineRatios } from './turn-ratios.js';
import { planRuns } from '../model/plan-cells.js';
import type { LatencyMs, Measurement, Plan, Summary, Trial, Verification } from '../model/schema.js';
import { medianOf, spreadOf } from './describe.js';
import { type Better, bestRoundsRatioOverStarts } from './best-rounds.js';
import { cleanByRound, pairedRatios, startRounds } from './paired.js';

export interface SummaryInput {
  plan: Plan;
  trials: Trial[];
  verification: Verification[];
  unavailable: Array<{ target: string; reason: string }>;
}

function medianLatency(all: LatencyMs[]): LatencyMs {
  const pick = (key: Exclude<keyof LatencyMs, 'p95'>) => medianOf(all.map((l) => l[key]))!;
  const p95s = all.map((l) => l.p95).filter((p95): p95 is number => p95 !== undefined);
  return {
    mean: pick('mean'),
    p50: pick('p50'),
    p75: pick('p75'),
    p90: pick('p90'),
    ...(p95s.length === all.length && { p95: medianOf(p95s) }),
    p99: pick('p99'),
    p99_9: pick('p99_9'),
    max: pick('max'),
  };
}

function summarizeCell(input: SummaryInput, target: string, scenario: string): Summary {
  const base = { target, scenario, trials: 0, validTrials: 0, flags: [] as string[] };
  const unavailable = input.unavailable.find((u) => u.target === target);
  if (unavailable) return { ...base, status: 'not-run', reason: `unavailable: ${unavailable.reason}` };

  const failedCheck = input.verification
    .filter((v) => v.target === target && !v.ok)
    .flatMap((v) => v.failures)
    .find((f) => f.scenario === scenario || f.scenario === '*');
  const trials = input.trials.filter((t) => t.target === target && t.scenario === scenario);
  if (failedCheck) {
    return {
      ...base,
      trials: trials.length,
      status: 'failed',
      reason: `wrong answer to ${failedCheck.request}: ${failedCheck.reason}`,
    };
  }
  if (trials.length === 0) return { ...base, status: 'not-run', reason: 'no trial ran (interrupted before it)' };

  const valid = trials.filter((t) => t.status === 'ok' && t.measurement);
  const invalid = trials.filter((t) => t.status === 'invalid' && t.measurement);
  const used = valid.length > 0 ? valid : invalid;
  const flags = [...new Set(trials.flatMap((t) => t.flags))];
  if (used.length === 0) {
    const lastFailure = trials.filter((t) => t.status === 'failed').at(-1);
    return {
      ...base,
      trials: trials.length,
      flags,
      status: 'failed',
      reason: lastFailure?.reason ?? 'every trial failed',
    };
  }
  const measurements = used.map((t) => t.measurement!);
  return {
    ...base,
    trials: trials.length,
    validTrials: valid.length,
    flags,
    status: valid.length > 0 ? 'measured' : 'invalid',
    reason:
      valid.length > 0
        ? undefined
        : `every trial was invalid, so it is not ranked: ${invalid[0].reason ?? 'see its flags'}`,
    requestsPerSec: spreadOf(measurements.map((m) => m.requestsPerSec)),
    latencyMs: medianLatency(measurements.map((m) => m.latencyMs)),
    latencyP99Ms: spreadOf(measurements.map((m) => m.latencyMs.p99)),
    bytesPerSec: medianOf(measurements.map((m) => m.bytesPerSec)),
    cpuUsPerRequest: spreadOf(measurements.map((m) => m.server.cpuUsPerRequest)),
    ...upstreamCpuOf(measurements),
    maxCpuPercent: medianOf(measurements.map((m) => m.server.maxCpuPercent)),
    peakRssBytes: Math.max(...measurements.map((m) => m.server.peakRssBytes)),
    peakRss: spreadOf(measurements.map((m) => m.server.peakRssBytes)),
    generatorCpuCores: medianOf(measurements.map((m) => m.generator.cpuCores)),
    ...headerCompressionOf(measurements),
    ...stagesOf(measurements),
  };
}

/** `{ upstreamCpuUsPerRequest }` when every trial recorded the upstream (fanout), else nothing. */
function upstreamCpuOf(measurements: Measurement[]): Pick<Summary, 'upstreamCpuUsPerRequest'> {
  const costs = measurements.map((m) => m.upstream?.cpuUsPerRequest).filter((c): c is number => c !== undefined);
  return costs.length > 0 && costs.length === measurements.length ? { upstreamCpuUsPerRequest: spreadOf(costs) } : {};
}

/** Ramp and rate profiles: per stage, the medians over the trials that have it; and the median dropped. */
function stagesOf(measurements: Measurement[]): Pick<Summary, 'stages' | 'dropped'> {
  const dropped = measurements.map((m) => m.dropped).filter((d): d is number => d !== undefined);
  const staged = measurements.filter((m) => m.stages && m.stages.length > 0);
  const out: Pick<Summary, 'stages' | 'dropped'> = dropped.length > 0 ? { dropped: medianOf(dropped) } : {};
  if (staged.length === 0) return out;
  const first = staged[0].stages!;
  out.stages = first.map((stage) => {
    const same = staged.map((m) => m.stages!.find((s) => s.index === stage.index)).filter((s) => s !== undefined);
    const median = (figure: (s: (typeof same)[number]) => number) => medianOf(same.map(figure))!;
    const stageDropped = same.map((s) => s.dropped).filter((d): d is number => d !== undefined);
    return {
      index: stage.index,
      label: stage.label,
      requestsPerSec: median((s) => s.requestsPerSec),
      meanMs: median((s) => s.latencyMs.mean),
      p95Ms: median((s) => s.latencyMs.p95),
      p99Ms: median((s) => s.latencyMs.p99),
      ...(stageDropped.length > 0 && { dropped: medianOf(stageDropped) }),
    };
  });
  return out;
}

/** `{ headerCompression }` when any trial reports it (HTTP/2 through h2load), else nothing. */
function headerCompressionOf(measurements: Measurement[]): Pick<Summary, 'headerCompression'> {
  const shares = measurements.map((m) => m.headerCompression).filter((share): share is number => share !== undefined);
  return shares.length > 0 ? { headerCompression: medianOf(shares) } : {};
}

/** Valid trials of one cell by round. */
export function validByRound(trials: Trial[], target: string, scenario: string): Map<number, Measurement[]> {
  return cleanByRound(trials, (t) => t.target === target && t.scenario === scenario);
}

const rate = (m: Measurement) => m.requestsPerSec;
const cost = (m: Measurement) => m.server.cpuUsPerRequest;

/** A cell's valid trials by start (process) and round, one figure each (paired.ts). */
export function validByStart(trials: Trial[], target: string, scenario: string, figure: (m: Measurement) => number) {
  return startRounds(trials, (t) => t.target === target && t.scenario === scenario, figure);
}

/** How baselineRatiosOf reads a cell: as measured by default. */
export interface BaselineRatioReading {
  /** The share of rounds each side keeps; the headline's (best-rounds.ts KEPT_SHARE) by default. */
  share?: number;
}

/** The ratios of a cell to the baseline of its scenario (best-rounds.ts), from the trials, read as `reading` says. */
export function baselineRatiosOf(
  trials: Trial[],
  baseline: string,
  target: string,
  scenario: string,
  { share }: BaselineRatioReading = {},
): Summary['baselineRatios'] {
  // a run in turns pairs within each trial: shares of rounds do not apply
  if (inTurns(trials)) return turnsBaselineRatios(trials, baseline, target, scenario);
  const ratio = (figure: (m: Measurement) => number, better: Better) =>
    bestRoundsRatioOverStarts(
      validByStart(trials, baseline, scenario, figure),
      validByStart(trials, target, scenario, figure),
      better,
      { share },
    );
  const requestsPerSec = ratio(rate, 'higher');
  const cpuUsPerRequest = ratio(cost, 'lower');
  return requestsPerSec || cpuUsPerRequest ? { requestsPerSec, cpuUsPerRequest } : undefined;
}

export function summarize(input: SummaryInput): Summary[] {
  const summaries = input.plan.targets.flatMap((target) =>
    input.plan.scenarios
      .filter((scenario) => planRuns(input.plan, target, scenario))
      .map((scenario) => summarizeCell(input, target, scenario)),
  );
  const turns = inTurns(input.trials);
  for (const summary of summaries) {
    const baseline = summaries.find((s) => s.target === input.plan.baseline && s.scenario === summary.scenario);
    // Only clean cells are compared: an invalid cell is never used in a ratio.
    if (baseline?.status !== 'measured' || summary.status !== 'measured') continue;
    const mine = validByRound(input.trials, summary.target, summary.scenario);
    const theirs = validByRound(input.trials, baseline.target, baseline.scenario);
    const baselineName = baseline.target;
    const rates = turns
      ? turnRatios(input.trials, baselineName, summary.target, summary.scenario, 'requestsPerSec')
      : pairedRatios(mine, theirs, rate);
    const costs = turns
      ? turnRatios(input.trials, baselineName, summary.target, summary.scenario, 'cpuUsPerRequest')
      : pairedRatios(mine, theirs, cost);
    if (rates.length > 0) summary.pairedRatio = spreadOf(rates);
    if (costs.length > 0) summary.pairedCpuRatio = spreadOf(costs);
    const ratios = baselineRatiosOf(input.trials, baseline.target, summary.target, summary.scenario);
    if (ratios) summary.baselineRatios = ratios;
    const baseRate = baseline.requestsPerSec?.median;
    summary.ratioToBaseline =
      ratios?.requestsPerSec?.estimate ??
      (baseRate && summary.requestsPerSec ? summary.requestsPerSec.median / baseRate : undefined);
  }
  return summaries;
}
