/**
 * k6 end-of-test summaries read back into a gauntlet result: one trial per summary (one per
 * host of a distributed run, or per run), labelled as imported. The machine, the server's CPU
 * and memory are unknown: their fields say "unknown" or 0, and a warning says so. The profile
 * and the scenario come from the counters a gauntlet-written script records (script.ts,
 * metaMetric); a summary of another script is read with the fixed profile, no stages.
 */
import { basename } from 'node:path';
import { UserError } from '../../core/errors.js';
import type { Result, Trial } from '../../model/schema.js';
import { resultFromJournal } from '../../results/assemble.js';
import { gauntletVersion } from '../../results/environment.js';
import { describeStage, FIXED_PROFILE, formatProfile, type LoadProfile, parseProfile } from '../profile.js';
import { readMetaMetric } from './script.js';
import { k6Figures, metric, summaryMetrics } from './summary.js';

export const IMPORTED_TARGET = 'k6-target';
const UNKNOWN = 'unknown';

/** True when a parsed JSON file looks like a k6 summary (metrics with http_reqs) and not a gauntlet result. */
export function isK6Summary(json: unknown): boolean {
  if (!json || typeof json !== 'object' || 'schema' in json) return false;
  const metrics = (json as { metrics?: unknown }).metrics;
  return !!metrics && typeof metrics === 'object' && 'http_reqs' in metrics;
}

function profileOf(names: string[]): LoadProfile {
  const text = readMetaMetric(names, 'profile');
  if (!text) return FIXED_PROFILE;
  try {
    return parseProfile(text);
  } catch {
    return FIXED_PROFILE;
  }
}

function trialOf(file: string, summary: unknown, index: number, scenario: string, startedAt: string): Trial {
  const metrics = summaryMetrics(summary);
  const profile = profileOf([...metrics.keys()]);
  const figures = k6Figures(summary, profile);
  const durationSec = figures.durationSec ?? 0;
  const perSec = (n: number) => (durationSec > 0 ? n / durationSec : 0);
  // The script's expected statuses (http.expectedStatuses) decide http_req_failed, which also counts the answerless
  // requests; without it, a status outside 2xx and 3xx is unexpected.
  const failed = metric(metrics, 'http_req_failed')?.passes;
  const unexpectedStatus =
    failed !== undefined
      ? Math.max(0, failed - figures.errors)
      : Object.entries(figures.statusCounts)
          .filter(([code]) => !/^[23]\d\d$/.test(code) && code !== 'unknown')
          .reduce((sum, [, count]) => sum + count, 0);
  const flags: Trial['flags'] = [];
  if (figures.errors > figures.timeouts) flags.push('errors');
  if (figures.timeouts > 0) flags.push('timeouts');
  if (unexpectedStatus > 0) flags.push('unexpected-status');
  if (profile.kind === 'rate' && figures.dropped > 0) flags.push('dropped-requests');
  const model = profile.kind === 'rate' ? 'open' : 'closed';
  return {
    index,
    round: index + 1,
    target: IMPORTED_TARGET,
    scenario,
    status: flags.length > 0 ? 'invalid' : 'ok',
    startedAt,
    flags,
    engine: 'k6',
    measurement: {
      durationSec,
      requests: figures.requests,
      requestsPerSec: perSec(figures.requests),
      errors: figures.errors,
      timeouts: figures.timeouts,
      statusCounts: figures.statusCounts,
      unexpectedStatus,
      bytes: figures.bytes,
      bytesPerSec: perSec(figures.bytes),
      latencyMs: figures.latencyMs,
      load: { profile: formatProfile(profile), model, latencyFrom: figures.latencyFrom },
      ...(profile.kind === 'rate' && { dropped: figures.dropped, scheduled: figures.scheduled }),
      ...(figures.stages &&
        profile.kind !== 'fixed' && {
          stages: figures.stages.map((stage) => ({
            ...stage,
            label: describeStage(profile.kind, profile.stages[stage.index]),
          })),
        }),
      // Not measured by gauntlet: the server and the generator were elsewhere.
      server: { cpuSeconds: 0, cpuUsPerRequest: 0, cpuCores: 0, maxCpuPercent: 0, peakRssBytes: 0, rssSeries: [] },
      generator: { cpuCores: 0, cpuUsPerRequest: 0 },
    },
    reason:
      flags.length > 0 ? `not trusted: ${flags.join(', ')} (in ${basename(file)})` : `imported from ${basename(file)}`,
  };
}

/** A result with one trial per k6 summary, in the order given. */
export function importK6Summaries(files: Array<{ path: string; json: unknown }>): Result {
  if (files.length === 0) throw new Error('no k6 summary to import');
  for (const file of files) {
    if (!isK6Summary(file.json)) {
      throw new UserError(
        'GAUNTLET_NOT_A_K6_SUMMARY',
        `${file.path} is neither a gauntlet result nor a k6 summary (no "metrics" with "http_reqs")`,
        'pass the file k6 run --summary-export=FILE wrote, or a result.json or run folder of gauntlet',
      );
    }
  }
  const startedAt = new Date().toISOString();
  const names = files.map((file) => [...summaryMetrics(file.json).keys()]);
  const scenarioLabel = readMetaMetric(names[0], 'scenario');
  const [suite, scenario] = scenarioLabel?.includes('/')
    ? scenarioLabel.split('/', 2)
    : ['k6-import', scenarioLabel ?? 'k6'];
  const trials = files.map((file, index) => trialOf(file.path, file.json, index, scenario, startedAt));
  const profiles = [...new Set(trials.map((t) => t.measurement?.load?.profile ?? 'fixed'))];
  const vusMax = Math.max(
    1,
    ...files.map(
      (file) => summaryMetrics(file.json).get('vus_max')?.max ?? summaryMetrics(file.json).get('vus_max')?.value ?? 1,
    ),
  );
  const result = resultFromJournal({
    header: {
      kind: 'header',
      schema: 'gauntlet/journal',
      schemaVersion: 1,
      id: `k6-import-${startedAt.replace(/[:.]/g, '-')}`,
      startedAt,
      environment: {
        gauntletVersion: gauntletVersion(),
        node: UNKNOWN,
        os: UNKNOWN,
        kernel: UNKNOWN,
        cpuModel: UNKNOWN,
        cpuCount: 0,
        allowedCores: [],
        memoryBytes: 0,
        hostname: UNKNOWN,
        engine: {
          name: 'k6',
          version: UNKNOWN,
          flags: `imported from ${files.map((f) => basename(f.path)).join(', ')}`,
        },
        pinning: { pinned: false, note: 'unknown: imported from k6 summaries' },
        packages: {},
        imported: { tool: 'k6', files: files.map((f) => f.path) },
      },
      plan: {
        suite,
        targets: [IMPORTED_TARGET],
        scenarios: [scenario],
        runtime: UNKNOWN,
        repeats: files.length,
        durationSec: Math.max(...trials.map((t) => t.measurement?.durationSec ?? 0), 0.001),
        warmupSec: 0,
        connections: Math.round(vusMax),
        pipelining: 1,
        ...(profiles[0] !== 'fixed' && { profile: profiles.join(', ') }),
        engine: 'k6',
        baseline: IMPORTED_TARGET,
        seed: 0,
      },
      targets: [
        {
          name: IMPORTED_TARGET,
          title: 'k6 target',
          description: 'the target of the imported k6 summaries (not started by gauntlet)',
          router: false,
          homepage: '',
          features: [],
          packages: {},
        },
      ],
      unavailable: [],
    },
    verification: [],
    trials,
    benchTrials: [],
    starts: [],
    end: { kind: 'end', finishedAt: startedAt, complete: true },
    skippedLines: 0,
  });
  return {
    ...result,
    warnings: [
      {
        kind: 'imported',
        message: `imported from ${files.length} k6 summar${files.length === 1 ? 'y' : 'ies'} (one trial each): the machine, the server's CPU and memory are unknown (shown as 0); for execution segments of one test, add their req/s`,
      },
      ...result.warnings,
    ],
  };
}
