/** Builds the result document from what the journal holds; summaries and warnings are derived. */
import { benchWarnings } from '../stats/inproc-warnings.js';
import { summarizeBench } from '../stats/inproc-summary.js';
import { summarize } from '../stats/summarize.js';
import { collectWarnings } from '../stats/warnings.js';
import { layerOverheads } from '../stats/layers.js';
import { pairEffects } from '../stats/pair-effects.js';
import { runtimeMatrix } from '../stats/runtime-matrix.js';
import { weightedSummaries } from '../stats/weighted.js';
import type { JournalContents } from './journal.js';
import { SCHEMA_VERSION, type Result } from '../model/schema.js';

export function resultFromJournal(journal: JournalContents): Result {
  const { header, end } = journal;
  const environment = {
    ...header.environment,
    loadAverageAfter: end?.loadAverageAfter ?? header.environment.loadAverageAfter,
    cpuStealShare: end?.cpuStealShare,
  };
  const base = {
    schema: 'gauntlet/result' as const,
    schemaVersion: SCHEMA_VERSION,
    id: header.id,
    startedAt: header.startedAt,
    finishedAt: end?.finishedAt,
    complete: end?.complete ?? false,
    interruption: end ? end.interruption : 'the run stopped before it finished (crash, kill, or still running)',
    environment,
    plan: header.plan,
    targets: header.targets,
    unavailable: header.unavailable,
    verification: journal.verification,
    trials: journal.trials,
    starts: journal.starts,
  };
  if (header.plan.kind === 'bench' && header.plan.bench) {
    // In-process benchmarks: no HTTP trials, so no HTTP summaries; the bench section holds them.
    const targets = header.plan.targets;
    const benchSummaries = summarizeBench(header.plan.bench, targets, journal.benchTrials ?? [], header.unavailable);
    return {
      ...base,
      summaries: [],
      warnings: benchWarnings(benchSummaries, header.plan.repeats),
      bench: { trials: journal.benchTrials ?? [], summaries: benchSummaries },
    };
  }
  const summaries = summarize(base);
  const withSummaries = { ...base, summaries, warnings: collectWarnings(base, summaries) };
  const runtimes = runtimeMatrix(withSummaries);
  const pairs = pairEffects(withSummaries);
  return {
    ...withSummaries,
    acrossScenarios: {
      weighted: weightedSummaries(withSummaries),
      layers: layerOverheads(withSummaries),
      ...(runtimes && { runtimes }),
      ...(pairs.length > 0 && { pairs }),
    },
  };
}
