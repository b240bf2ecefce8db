/**
 * Ramp and rate profiles: per scenario, a table of each target's figures per stage (median
 * over the valid trials: req/s, mean, p95 and p99 latency, and for the rate profile the
 * requests not sent on schedule), with the profile, the engine that ran it and what its
 * latency counts from.
 */
import { engineOfScenario } from '../model/scenario-engine.js';
import type { Result, Trial } from '../model/schema.js';
import { formatFixed, formatInt } from './format.js';
import type { ExtraTable } from './suite-tables.js';

const MODEL_WORDS: Record<string, string> = {
  closed: 'closed model: each virtual user waits for its answer',
  open: 'open model: requests start on schedule whether or not earlier ones returned',
  capped: 'a rate cap on a closed loop (autocannon -R), not an open model',
};

/** The load shape the scenario's trials recorded (the first one that has it). */
function shapeOf(trials: Trial[]) {
  return trials.find((t) => t.measurement?.load)?.measurement?.load;
}

/** One table per scenario whose summaries have stages; none for fixed loads. */
export function stageTables(result: Result): ExtraTable[] {
  const tables: ExtraTable[] = [];
  for (const scenario of result.plan.scenarios) {
    const summaries = result.summaries.filter((s) => s.scenario === scenario && s.stages && s.stages.length > 0);
    if (summaries.length === 0) continue;
    const trials = result.trials.filter((t) => t.scenario === scenario);
    const shape = shapeOf(trials);
    const rate = summaries.some((s) => s.stages?.some((stage) => stage.dropped !== undefined));
    const engines = [...new Set(trials.map((t) => t.engine).filter((e) => e !== undefined))];
    const engine = engines.length > 0 ? engines.join(', ') : engineOfScenario(result, scenario).name;
    const from = shape?.latencyFrom === 'schedule' ? 'its scheduled start' : 'its send';
    tables.push({
      title: `Stages of ${scenario}`,
      note:
        `Profile ${shape?.profile ?? result.plan.profile ?? '?'} run by ${engine}` +
        (shape ? ` (${MODEL_WORDS[shape.model] ?? shape.model})` : '') +
        `; per stage, medians over the valid trials; latency counts from ${from}; a request counts in the stage it started in.` +
        (rate
          ? ' Dropped: requests the schedule asked for that were not sent (no free virtual user: more in flight than --connections).'
          : ''),
      head: ['Target', 'Stage', 'Req/s', 'Mean (ms)', 'p95 (ms)', 'p99 (ms)', ...(rate ? ['Dropped'] : [])],
      rows: summaries.flatMap((summary) =>
        (summary.stages ?? []).map((stage) => [
          summary.target,
          stage.label,
          formatInt(stage.requestsPerSec),
          formatFixed(stage.meanMs, 2),
          formatFixed(stage.p95Ms, 2),
          formatFixed(stage.p99Ms, 2),
          ...(rate ? [formatInt(stage.dropped)] : []),
        ]),
      ),
    });
  }
  return tables;
}
