/**
 * The ranking as charts: each target's req/s and CPU per request against the baseline measured
 * beside it (stats/best-rounds.ts), in the order of the table, with the bootstrap interval as
 * whiskers. Absolute req/s and µs follow, from charts.ts.
 */
import type { RatioEstimate, Result, Summary } from '../../model/schema.js';
import type { Better } from '../../stats/best-rounds.js';
import { keptShareName } from '../rows.js';
import { type BarLayout, barChart, type ChartSpec } from './charts.js';
import { barLabel, chartedSummaries, slug } from './data.js';
import { BAR, BAR_BASELINE } from './theme.js';

const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;

/** How the charted figures were read, in the words of the result's own share of rounds. */
const methodNote = (result: Result) =>
  result.plan.turns
    ? "Each figure is the median over the target's trials of its figure over that of the baseline process it took turns with in the same window; whiskers: a 95 % bootstrap interval over the trials (Run summary). The baseline is 100 %."
    : `Each figure is the mean of the target's best ${keptShareName(result)} of rounds (the fastest, or cheapest, at least two) over the mean of the baseline's (the baseline measured in the same rounds, seconds apart); whiskers: a 95 % bootstrap interval (what it resamples: Run summary). The baseline is 100 %.`;

function ratioChart(
  result: Result,
  scenario: string,
  of: (s: Summary) => RatioEstimate | undefined,
  better: Better,
  text: { id: string; title: string; caption: string; axisName: string; legend: string },
  layout?: BarLayout,
): ChartSpec | undefined {
  const baseline = result.plan.baseline;
  const cells = chartedSummaries(result, scenario).filter((s) => s.target === baseline || of(s));
  if (!cells.some((s) => s.target !== baseline)) return undefined;
  const value = (s: Summary) => (s.target === baseline ? 1 : of(s)!.estimate);
  const ranked = [...cells].sort((a, b) => (better === 'higher' ? value(b) - value(a) : value(a) - value(b)));
  return barChart({
    id: `${text.id}-${slug(scenario)}`,
    title: text.title,
    caption: `${text.caption} ${methodNote(result)}`,
    axisName: text.axisName,
    tickFormat: percent,
    barLegend: text.legend,
    rangeLegend: '95 % bootstrap interval',
    layout,
    items: ranked.map((s) => {
      const ratio = s.target === baseline ? undefined : of(s);
      return {
        label: barLabel(result, s),
        value: value(s),
        ...(ratio && { range: [ratio.interval.low, ratio.interval.high] as [number, number] }),
        valueText: percent(value(s)),
        colour: s.target === baseline ? BAR_BASELINE : BAR,
      };
    }),
  });
}

/** Req/s against the baseline, best first: the ranking of the table (`layout`: the one that opens the page). */
export function throughputRatioChart(result: Result, scenario: string, layout?: BarLayout): ChartSpec | undefined {
  return ratioChart(
    result,
    scenario,
    (s) => s.baselineRatios?.requestsPerSec,
    'higher',
    {
      id: 'vs-baseline',
      title: `Against ${result.plan.baseline}: ${scenario} req/s (higher is better)`,
      caption: `Requests per second as a share of the baseline's (${result.plan.baseline}); the table ranks by it.`,
      axisName: `req/s, % of ${result.plan.baseline}`,
      legend: 'req/s vs baseline',
    },
    layout,
  );
}

/** CPU per request against the baseline, cheapest first. */
export function cpuRatioChart(result: Result, scenario: string): ChartSpec | undefined {
  return ratioChart(result, scenario, (s) => s.baselineRatios?.cpuUsPerRequest, 'lower', {
    id: 'cpu-vs-baseline',
    title: `Against ${result.plan.baseline}: ${scenario} CPU per request (lower is better)`,
    caption: `Server CPU time per response as a share of the baseline's (${result.plan.baseline}); below 100 % is cheaper.`,
    axisName: `CPU µs per request, % of ${result.plan.baseline}`,
    legend: 'CPU per request vs baseline',
  });
}
