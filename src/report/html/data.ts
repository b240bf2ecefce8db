/** What the charts and the page pick out of a result: measured cells, representative trials, labels. */
import type { Result, Summary, Trial } from '../../model/schema.js';

/** Cells of one scenario that are charted: clean ones only (an invalid cell is listed with why, never drawn as a bar). */
export function chartedSummaries(result: Result, scenario: string): Summary[] {
  return result.summaries.filter(
    (s) => s.scenario === scenario && s.status === 'measured' && s.requestsPerSec !== undefined,
  );
}

/** Cells of one scenario without figures: failed, not run. */
export function missingSummaries(result: Result, scenario: string): Summary[] {
  return result.summaries.filter(
    (s) => s.scenario === scenario && (s.status !== 'measured' || s.requestsPerSec === undefined),
  );
}

/** The trials the summary of a cell was computed from: the clean ones, or the invalid ones when none is clean. */
export function usedTrials(result: Result, target: string, scenario: string): Trial[] {
  const trials = result.trials.filter((t) => t.target === target && t.scenario === scenario && t.measurement);
  const ok = trials.filter((t) => t.status === 'ok');
  return ok.length > 0 ? ok : trials.filter((t) => t.status === 'invalid');
}

/**
 * The trial that stands for a cell in per-trial charts (RSS over time): the one whose req/s is
 * the median of the repeats (the lower middle one for an even count).
 */
export function representativeTrial(result: Result, target: string, scenario: string): Trial | undefined {
  const trials = usedTrials(result, target, scenario).sort(
    (a, b) => a.measurement!.requestsPerSec - b.measurement!.requestsPerSec,
  );
  return trials[Math.floor((trials.length - 1) / 2)];
}

/** A target's place in the plan, so it keeps its colour in every chart. */
export function targetIndex(result: Result, target: string): number {
  const at = result.plan.targets.indexOf(target);
  return at >= 0 ? at : result.plan.targets.length + result.targets.findIndex((t) => t.name === target);
}

/** Marks appended to a target's name on a bar chart's axis. */
export const MARKS = { baseline: ' (baseline)', flagged: ' *' } as const;

/** The axis label of a cell: the target name, then "(baseline)" or "*" for flagged trials. */
export function barLabel(result: Result, summary: Summary): string {
  let label = summary.target;
  if (summary.target === result.plan.baseline) label += MARKS.baseline;
  if (summary.flags.length > 0) label += MARKS.flagged;
  return label;
}

/** Plain words for trial flags. */
export const FLAG_WORDS: Record<string, string> = {
  'generator-bound': 'the load generator used nearly a full core, so req/s measure the generator as much as the server',
  errors: 'the load generator saw connection errors',
  timeouts: 'requests timed out',
  'unexpected-status': 'some responses had an unexpected HTTP status',
  'short-window': 'the measured window was shorter than planned',
};

export function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'x'
  );
}
