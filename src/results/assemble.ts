/** Builds the result document from what the journal holds; summaries and warnings are derived. */
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
