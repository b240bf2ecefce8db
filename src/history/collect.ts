/**
 * A results folder read as a history: every saved run in it (timed or counted), one point per
 * run, target and scenario, with the machine it ran on, so that a series is only ever judged
 * against runs of the same machine.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { isCountsRun, loadCounts } from '../instructions/count-file.js';
import { type CountsDocument, summarizeCounts } from '../instructions/count-result.js';
import type { Result } from '../model/schema.js';
import { loadResult, RESULT_FILE } from '../results/store.js';

export type HistoryKind = 'timed' | 'instructions';

export interface HistoryPoint {
  /** The run's folder name. */
  run: string;
  startedAt: string;
  /** The machine a figure can only be compared on: CPU model and core count. */
  machine: string;
  gauntletVersion: string;
  kind: HistoryKind;
  suite: string;
  scenario: string;
  target: string;
  /** Timed runs: req/s against the baseline (the ranking figure), with its interval. */
  ratio?: { estimate: number; low: number; high: number };
  cpuUsPerRequest?: number;
  /** Counted runs: the median over processes, between the lowest and the highest. */
  instructions?: { value: number; low: number; high: number };
}

export interface History {
  points: HistoryPoint[];
  /** Folders that hold no run gauntlet can read, with why. */
  skipped: Array<{ run: string; reason: string }>;
}

export interface HistoryFilter {
  target?: string;
  /** ISO date or time: runs started at or after it. */
  since?: string;
}

export const machineOf = (cpuModel: string, cores: number) => `${cpuModel}, ${cores} cores`;

function timedPoints(run: string, result: Result): HistoryPoint[] {
  const base = {
    run,
    startedAt: result.startedAt,
    machine: machineOf(result.environment.cpuModel, result.environment.cpuCount),
    gauntletVersion: result.environment.gauntletVersion,
    kind: 'timed' as const,
    suite: result.plan.suite,
  };
  return result.summaries
    .filter((s) => s.status === 'measured')
    .map((s) => {
      // the baseline against itself is 1 by construction: no figure to follow
      const ratio = s.target === result.plan.baseline ? undefined : s.baselineRatios?.requestsPerSec;
      return {
        ...base,
        scenario: s.scenario,
        target: s.target,
        ...(ratio && {
          ratio: { estimate: ratio.estimate, low: ratio.interval.low, high: ratio.interval.high },
        }),
        ...(s.cpuUsPerRequest && { cpuUsPerRequest: s.cpuUsPerRequest.median }),
      };
    });
}

function countedPoints(run: string, doc: CountsDocument): HistoryPoint[] {
  return summarizeCounts(doc).flatMap((cell) => {
    if (cell.instructionsPerRequest === undefined) return [];
    const value = cell.instructionsPerRequest;
    return [
      {
        run,
        startedAt: doc.startedAt,
        machine: machineOf(doc.machine.cpuModel, doc.machine.cores),
        gauntletVersion: doc.gauntletVersion,
        kind: 'instructions' as const,
        suite: doc.suite,
        scenario: cell.scenario,
        target: cell.target,
        instructions: { value, low: cell.lowest ?? value, high: cell.highest ?? value },
      },
    ];
  });
}

/** Every run in `folder` (one sub-folder per run, as `--out` writes them), oldest first. */
export function collectHistory(folder: string, filter: HistoryFilter = {}): History {
  if (!existsSync(folder))
    throw new UserError(
      'GAUNTLET_NO_SUCH_FILE',
      `${folder} does not exist`,
      'pass the folder your runs were written to (--out; results/ by default)',
    );
  const points: HistoryPoint[] = [];
  const skipped: History['skipped'] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const dir = join(folder, entry.name);
    // a run folder, or a link to one (a history gathered from several places)
    if (!(entry.isDirectory() || (entry.isSymbolicLink() && statSync(dir, { throwIfNoEntry: false })?.isDirectory())))
      continue;
    try {
      if (isCountsRun(dir)) points.push(...countedPoints(entry.name, loadCounts(dir)));
      else if (existsSync(join(dir, RESULT_FILE))) points.push(...timedPoints(entry.name, loadResult(dir)));
      else skipped.push({ run: entry.name, reason: `no ${RESULT_FILE} or instructions.json` });
    } catch (error) {
      skipped.push({ run: entry.name, reason: (error as Error).message.split('\n')[0] });
    }
  }
  const kept = points.filter(
    (p) => (!filter.target || p.target === filter.target) && (!filter.since || p.startedAt >= filter.since),
  );
  kept.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.target.localeCompare(b.target));
  return { points: kept, skipped };
}
