/**
 * The tables beyond per-scenario ones, for suites that weight their scenarios (saas): the
 * weighted summary with categories and the mixed run, the cost of a DI layer over the
 * framework it is built on, and each target with and without a store behind it.
 */
import type { RatioEstimate, Result } from '../model/schema.js';
import { MIXED } from '../suites/mixed.js';
import { layerOverheads } from '../stats/layers.js';
import { weightedSummaries } from '../stats/weighted.js';
import { formatFixed, formatInt } from './format.js';
import { pairTables } from './pair-tables.js';
import { intervalNoteOf } from './rows.js';

export interface ExtraTable {
  title: string;
  note: string;
  head: string[];
  rows: string[][];
}

const pct = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(1)} %`;

function weightedTable(result: Result): ExtraTable | undefined {
  const weighted = weightedSummaries(result);
  if (weighted.length === 0) return undefined;
  const categories = Object.keys(result.plan.categoryWeights ?? {});
  const hasMixed = result.plan.scenarios.includes(MIXED);
  const shares = categories.map((c) => `${c} ${Math.round((result.plan.categoryWeights![c] ?? 0) * 100)} %`).join(', ');
  return {
    title: 'Weighted summary',
    note:
      `Traffic mix: ${shares}. Weighted req/s is the share-weighted mean of the scenarios' medians (as the Moost benchmark reports it); ` +
      'mix req/s is 1 / Σ(share / req/s), what one server answers when the whole mix arrives at once' +
      (hasMixed ? '; the mixed run measured exactly that in one load' : '') +
      '; CPU µs/req is the expected cost of one request of the mix.',
    head: [
      'Target',
      'Weighted req/s',
      'Mix req/s',
      ...(hasMixed ? ['Mixed run req/s'] : []),
      'CPU µs/req',
      ...categories.map((c) => `${c} req/s`),
      'Missing',
    ],
    rows: weighted.map((w) => {
      const mixed = result.summaries.find((s) => s.target === w.target && s.scenario === MIXED);
      return [
        w.target,
        formatInt(w.weightedRequestsPerSec),
        formatInt(w.mixRequestsPerSec),
        ...(hasMixed ? [formatInt(mixed?.requestsPerSec?.median)] : []),
        formatFixed(w.weightedCpuUsPerRequest),
        ...categories.map((c) => formatInt(w.categories.find((x) => x.category === c)?.requestsPerSec)),
        w.missing.join(', '),
      ];
    }),
  };
}

/** "+6.7 % [+2.0 %, +11.5 %]": a ratio of the upper framework to the lower as a change, with its interval when it has one. */
function layerChange(cost: number, ratio: RatioEstimate | undefined): string {
  return ratio ? `${pct(cost)} [${pct(ratio.interval.low - 1)}, ${pct(ratio.interval.high - 1)}]` : pct(cost);
}

function layerTable(result: Result): ExtraTable | undefined {
  const overheads = layerOverheads(result);
  if (overheads.length === 0) return undefined;
  const ratios = overheads.flatMap((o) => (o.ratios?.requestsPerSec ? [o.ratios.requestsPerSec] : []));
  const interval =
    ratios.length > 0
      ? ` Each figure is the one on top over the one below, best rounds over best rounds, as in "vs baseline" [${intervalNoteOf(
          ratios,
          { name: 'the framework on top', owner: "the upper framework's" },
          { name: 'the one below', owner: "the lower framework's" },
        )}].`
      : '';
  return {
    title: 'Cost of the layer on top',
    note: `Measured in the same run: how many req/s a framework loses, and how much more CPU it spends per request, against the framework it is built on.${interval}`,
    head: ['Target', 'Built on', 'Throughput cost', 'CPU cost per request', 'Over'],
    rows: overheads.map((o) => [
      o.target,
      o.layer,
      layerChange(-o.throughputCost, o.ratios?.requestsPerSec),
      layerChange(o.cpuCost, o.ratios?.cpuUsPerRequest),
      o.basis === 'one scenario' ? (o.scenario ?? o.basis) : o.basis,
    ]),
  };
}

function storeTable(result: Result): ExtraTable | undefined {
  const weighted = weightedSummaries(result);
  const suffixes = [...new Set(weighted.map((w) => w.target.split('+')[1]).filter((s): s is string => Boolean(s)))];
  if (suffixes.length === 0) return undefined;
  const bases = [...new Set(weighted.map((w) => w.target.split('+')[0]))];
  const rate = (name: string) => weighted.find((w) => w.target === name)?.weightedRequestsPerSec;
  return {
    title: 'With a store behind every handler',
    note: 'Weighted req/s with the in-process store (raw) and with each store variant; the change is against raw.',
    head: ['Target', 'Raw', ...suffixes.flatMap((s) => [`+${s}`, 'change'])],
    rows: bases.map((base) => {
      const raw = rate(base);
      return [
        base,
        formatInt(raw),
        ...suffixes.flatMap((s) => {
          const with_ = rate(`${base}+${s}`);
          return [formatInt(with_), raw && with_ ? pct(with_ / raw - 1) : '–'];
        }),
      ];
    }),
  };
}

export function suiteTables(result: Result): ExtraTable[] {
  return [
    ...[weightedTable(result), layerTable(result), storeTable(result)].filter((t): t is ExtraTable => t !== undefined),
    ...pairTables(result),
  ];
}
