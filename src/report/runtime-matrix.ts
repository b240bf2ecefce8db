/**
 * The runtime matrix as tables (terminal, Markdown, HTML): per scenario, each target's req/s
 * and CPU µs per request on every runtime with the ratio to the reference runtime, then each
 * target against the baseline on each runtime ("framework impact on Node 20 vs Node 24").
 */
import type { Result, RuntimeMatrix } from '../model/schema.js';
import { DEFAULT_ALPHA } from '../stats/compare.js';
import { runtimeLabel } from '../runtimes/known-runtimes.js';
import { formatFixed, formatInt } from './format.js';
import type { ExtraTable } from './suite-tables.js';

type Ratio = { ratio: number; low: number; high: number; pValue: number };
const NOT_SHOWN = '†';

/** "137 % [121–150]", with † when the test cannot tell it from noise. */
export function formatRatioInterval(ratio: Ratio | undefined): string {
  if (!ratio) return '–';
  const p = (x: number) => Math.round(x * 100);
  return `${p(ratio.ratio)} % [${p(ratio.low)}–${p(ratio.high)}]${ratio.pValue < DEFAULT_ALPHA ? '' : ` ${NOT_SHOWN}`}`;
}

const NOTE_RATIOS =
  `Ratios are taken round by round (both measured in each round): their Hodges-Lehmann estimate with the signed-rank interval; ${NOT_SHOWN}: the signed-rank test cannot tell the two apart (p ≥ ${DEFAULT_ALPHA}), ` +
  'a difference the data cannot show. CPU ratios below 100 % mean cheaper per request.';

function runtimeTable(matrix: RuntimeMatrix, scenario: string): ExtraTable {
  const [reference, ...others] = matrix.runtimes;
  const label = (id: string) => runtimeLabel(id);
  const cells = matrix.cells.filter((c) => c.scenario === scenario);
  const on = (cell: (typeof cells)[number], id: string) => cell.runtimes.find((r) => r.runtime === id);
  return {
    title: `Runtimes: ${scenario}`,
    note: `Median req/s and CPU µs per request of each target on each runtime, measured in the same interleaved run; "vs ${label(reference.id)}" divides by the same target on ${reference.name} ${reference.version}. ${NOTE_RATIOS}`,
    head: [
      'Target',
      ...matrix.runtimes.map((r) => `req/s ${label(r.id)}`),
      ...others.map((r) => `req/s ${label(r.id)} vs ${label(reference.id)}`),
      ...matrix.runtimes.map((r) => `CPU µs/req ${label(r.id)}`),
      ...others.map((r) => `CPU ${label(r.id)} vs ${label(reference.id)}`),
    ],
    rows: cells.map((cell) => [
      cell.target,
      ...matrix.runtimes.map((r) => formatInt(on(cell, r.id)?.requestsPerSec)),
      ...others.map((r) => formatRatioInterval(on(cell, r.id)?.vsReference?.requestsPerSec)),
      ...matrix.runtimes.map((r) => formatFixed(on(cell, r.id)?.cpuUsPerRequest)),
      ...others.map((r) => formatRatioInterval(on(cell, r.id)?.vsReference?.cpuUsPerRequest)),
    ]),
  };
}

function frameworkTable(matrix: RuntimeMatrix, scenario: string): ExtraTable {
  const cells = matrix.cells.filter((c) => c.scenario === scenario && c.target !== matrix.baseline);
  const on = (cell: (typeof cells)[number], id: string) => cell.runtimes.find((r) => r.runtime === id);
  return {
    title: `Frameworks against ${matrix.baseline}, per runtime: ${scenario}`,
    note: `Each target over ${matrix.baseline} on the same runtime: whether what a framework costs against ${matrix.baseline} changes with the runtime. ${NOTE_RATIOS}`,
    head: [
      'Target',
      ...matrix.runtimes.map((r) => `req/s on ${runtimeLabel(r.id)}`),
      ...matrix.runtimes.map((r) => `CPU µs/req on ${runtimeLabel(r.id)}`),
    ],
    rows: cells.map((cell) => [
      cell.target,
      ...matrix.runtimes.map((r) => formatRatioInterval(on(cell, r.id)?.vsBaseline?.requestsPerSec)),
      ...matrix.runtimes.map((r) => formatRatioInterval(on(cell, r.id)?.vsBaseline?.cpuUsPerRequest)),
    ]),
  };
}

/** Nothing for a run on one runtime. */
export function runtimeTables(result: Result): ExtraTable[] {
  const matrix = result.acrossScenarios?.runtimes;
  if (!matrix) return [];
  return result.plan.scenarios.flatMap((scenario) => {
    const tables = [runtimeTable(matrix, scenario)];
    const framework = frameworkTable(matrix, scenario);
    if (framework.rows.length > 0) tables.push(framework);
    return tables;
  });
}
