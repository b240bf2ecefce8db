/**
 * Summaries of in-process benchmarks: per target, table and case, the medians over the repeat
 * rounds with their distribution-free intervals, and the ratio to the table's reference row
 * taken per round (the same child process ran both, seconds apart), like the HTTP suites'
 * paired ratio to the baseline.
 */
import type { BenchMeasurement, BenchPlan, BenchSummary, BenchTrial } from '../model/inproc-schema.js';
import { spreadOf } from './describe.js';
import { cleanByRound, pairedRatios } from './paired.js';

/** A case's clean windows by round. */
function okByRound(trials: BenchTrial[], target: string, table: string, name: string): Map<number, BenchMeasurement[]> {
  return cleanByRound(trials, (t) => t.target === target && t.scenario === table && t.case === name);
}

export function summarizeBench(
  plan: BenchPlan,
  targets: string[],
  trials: BenchTrial[],
  unavailable: Array<{ target: string; reason: string }>,
): BenchSummary[] {
  const summaries: BenchSummary[] = [];
  for (const target of targets) {
    for (const part of plan.parts) {
      for (const table of part.tables) {
        for (const c of table.cases) {
          const runsHere = !c.targets || c.targets.includes(target.split('@')[0]);
          const mine = trials.filter((t) => t.target === target && t.scenario === table.name && t.case === c.name);
          if (!runsHere && mine.length === 0) continue;
          const base = {
            kind: 'bench' as const,
            target,
            part: part.name,
            scenario: table.name,
            case: c.name,
            title: c.title,
            reference: c.name === table.reference,
            trials: mine.length,
          };
          const gone = unavailable.find((u) => u.target === target);
          if (gone) {
            summaries.push({ ...base, validTrials: 0, status: 'not-run', reason: `unavailable: ${gone.reason}` });
            continue;
          }
          const wrong = mine.find((t) => t.wrongAnswer);
          const ok = mine.filter((t) => t.status === 'ok' && t.measurement);
          if (wrong) {
            summaries.push({
              ...base,
              validTrials: ok.length,
              status: 'failed',
              wrongAnswer: true,
              reason: wrong.reason ?? 'wrong answer',
            });
            continue;
          }
          if (mine.length === 0) {
            summaries.push({
              ...base,
              validTrials: 0,
              status: 'not-run',
              reason: 'no trial ran (interrupted before it)',
            });
            continue;
          }
          if (ok.length === 0) {
            summaries.push({
              ...base,
              validTrials: 0,
              status: 'failed',
              reason: mine.at(-1)?.reason ?? 'every trial failed',
            });
            continue;
          }
          const measurements = ok.map((t) => t.measurement!);
          const serviceNames = [...new Set(measurements.flatMap((m) => Object.keys(m.services ?? {})))];
          const facts = ok.at(-1)?.facts;
          summaries.push({
            ...base,
            validTrials: ok.length,
            status: 'measured',
            opsPerSec: spreadOf(measurements.map((m) => m.opsPerSec)),
            meanNsPerOp: spreadOf(measurements.map((m) => m.meanNsPerOp)),
            cpuNsPerOp: spreadOf(measurements.map((m) => m.cpuNsPerOp)),
            ...(serviceNames.length > 0 && {
              services: Object.fromEntries(
                serviceNames.map((name) => [
                  name,
                  spreadOf(
                    measurements.map((m) => m.services?.[name]?.cpuNsPerOp).filter((v): v is number => v !== undefined),
                  ),
                ]),
              ),
            }),
            ...(facts && { facts }),
          });
        }
        // % against the reference row, paired by round.
        const reference = summaries.find(
          (s) => s.target === target && s.scenario === table.name && s.reference && s.status === 'measured',
        );
        if (!reference) continue;
        const refByRound = okByRound(trials, target, table.name, reference.case);
        for (const summary of summaries) {
          if (summary.target !== target || summary.scenario !== table.name || summary.status !== 'measured') continue;
          const ratios = pairedRatios(
            okByRound(trials, target, table.name, summary.case),
            refByRound,
            (m) => m.opsPerSec,
          );
          if (ratios.length > 0) summary.vsReference = spreadOf(ratios);
        }
      }
    }
  }
  return summaries;
}
