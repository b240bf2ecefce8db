/**
 * The README's reference result: the ranking of the committed default run (bench/hello/), in
 * the columns and number formats gauntlet's own reports print, with the machine, runtime, date
 * and method it was measured with.
 */
import { markdownTable } from 'markdown-table';
import type { Result } from '../model/schema.js';
import { roundsLine } from '../model/rounds-run.js';
import { engineGroups, fallbackNote } from '../report/engines.js';
import { machineLine, reportTables } from '../report/rows.js';

/** The report's columns the README shows, in this order: the default terminal table's. */
const SHOWN = [
  'Target',
  'Version',
  'Req/s',
  'vs baseline',
  'CPU µs/req',
  'CPU vs baseline',
  'p99 (ms)',
  'Peak RSS (MB)',
  'Flags',
] as const;
const TEXT_COLUMNS = new Set<string>(['Target', 'Flags']);

/** Warnings every run of the suite prints (a target that cannot be installed here): listed apart, as not measured. */
const NOT_ABOUT_THE_FIGURES = new Set(['unavailable']);

const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const count = (n: number, what: string) => `${WORDS[n] ?? n} ${what}${n === 1 ? '' : 'es'}`;

function methodOf(result: Result): string {
  const { plan } = result;
  const engines = engineGroups(result)
    .map((g) => g.engine.name)
    .join(', ');
  const scenarios =
    plan.scenarios.length === 1 ? `the ${plan.scenarios[0]} scenario` : `scenarios ${plan.scenarios.join(', ')}`;
  const baseline = plan.baselineVisits ?? 1;
  return (
    `${scenarios} in ${roundsLine(result)} of ${plan.durationSec} s windows, ` +
    `each after ${plan.trialWarmupSec ?? 0} s of unmeasured load; ` +
    `each framework in ${count(plan.processes ?? 1, 'process')}, warmed up to steady state, ` +
    `the baseline ${plan.baseline} in ${count(baseline, 'process')}${baseline === 2 ? ', measured first and last in each round' : ''}; ` +
    `${engines} with ${plan.connections} connections and ${plan.pipelining} requests pipelined; ${result.environment.pinning.note}`
  );
}

function ranking(result: Result, scenario: string): string[] {
  const table = reportTables(result).find((t) => t.scenario === scenario)!;
  const at = SHOWN.map((column) => {
    const index = table.columns.indexOf(column);
    if (index < 0)
      throw new Error(`the report's tables have no column "${column}": update SHOWN in src/docs/reference-ranking.ts`);
    return index;
  });
  // Flags only when a row has one: an empty column would only widen the table.
  const keep = SHOWN.map((column, i) => column !== 'Flags' || table.rows.some((row) => row[at[i]] !== ''));
  const columns = SHOWN.filter((_, i) => keep[i]);
  const rows = table.rows.map((row) => at.filter((_, i) => keep[i]).map((index) => row[index]));
  const lines = [
    markdownTable([[...columns], ...rows], { align: columns.map((c) => (TEXT_COLUMNS.has(c) ? 'l' : 'r')) }),
  ];
  const fallback = fallbackNote(result, scenario);
  if (fallback) lines.push('', `Engine: ${fallback}.`);
  if (table.notMeasured.length > 0)
    lines.push(
      '',
      `Not measured: ${table.notMeasured.map((m) => `${m.target} (${m.reason.replace(/\|/g, '\\|')})`).join('; ')}.`,
    );
  return lines;
}

function warningsLine(result: Result): string[] {
  const kinds = [...new Set(result.warnings.map((w) => w.kind).filter((k) => !NOT_ABOUT_THE_FIGURES.has(k)))];
  if (kinds.length === 0) return [];
  return [
    '',
    `The run warned ${kinds.map((k) => `\`${k}\``).join(', ')} ([docs/warnings.md](docs/warnings.md))` +
      (kinds.includes('noisy-ratios')
        ? ': its ratios are too uncertain for a second run to repeat them within 5 %, so read them with their intervals.'
        : '.'),
  ];
}

/** The README's block: where the run came from, then its ranking, scenario by scenario. */
export function renderReferenceRanking(result: Result, source: string): string {
  const multiple = result.plan.scenarios.length > 1;
  return [
    `<!-- Generated from ${source}/result.json by \`npm run docs:reference\`. -->`,
    '',
    `- **Machine:** ${machineLine(result)}`,
    `- **Runtime:** targets on ${result.plan.runtime}; gauntlet on node ${result.environment.node.replace(/^v/, '')}`,
    `- **Date:** ${result.startedAt.slice(0, 10)}`,
    `- **Method:** ${methodOf(result)}`,
    '',
    ...result.plan.scenarios.flatMap((scenario, i) => [
      ...(i > 0 ? [''] : []),
      ...(multiple ? [`**${scenario}**`, ''] : []),
      ...ranking(result, scenario),
    ]),
    ...warningsLine(result),
  ].join('\n');
}
