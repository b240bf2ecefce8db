/**
 * The charts of the report as echarts options, one builder per chart. They only describe the
 * chart; svg.ts renders them (server-side, to static SVG) for the HTML page and the Markdown
 * report alike.
 */
import type { CustomSeriesOption, CustomSeriesRenderItem, EChartsOption, LineSeriesOption } from 'echarts';
import { LATENCY_PERCENTILES, type Result, type Spread, type Summary } from '../../model/schema.js';
import { formatConfidence, formatFixed, formatInt, formatMegabytes } from '../format.js';
import { weightedSummaries } from '../../stats/weighted.js';
import { roundsRun } from '../../model/rounds-run.js';
import { barLabel, chartedSummaries, representativeTrial, slug, targetIndex } from './data.js';
import { AXIS, BAR, BAR_BASELINE, FONT_FAMILY, GRID, TEXT, seriesLook } from './theme.js';

export interface ChartSpec {
  /** Names the chart: the page's data-chart attribute and the stem of a written SVG file, e.g. "throughput-json". */
  id: string;
  /** Heading above the chart (also drawn inside the SVG, so a standalone file says what it is). */
  title: string;
  /** What is shown and how to read it, in a sentence or two. */
  caption: string;
  width: number;
  height: number;
  option: EChartsOption;
}

const WIDTH = 960;
const BAR_ROW = 30;

/** How a bar chart is laid out: its drawing width and the height of one bar's row, in SVG pixels. */
export interface BarLayout {
  width: number;
  rowHeight: number;
}

/** Charts in the body of the page: drawn at 960 and scaled up to the page's width. */
const PAGE_LAYOUT: BarLayout = { width: WIDTH, rowHeight: BAR_ROW };

/**
 * The ranking that opens the page: drawn at about the width the page shows it (so nothing is
 * scaled up) with closer rows, so that a default run's twenty-odd targets fit the first screen.
 */
export const FIRST_SCREEN_LAYOUT: BarLayout = { width: 1200, rowHeight: 20 };

const LATENCY_LABELS: Record<(typeof LATENCY_PERCENTILES)[number], string> = {
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p99: 'p99',
  p99_9: 'p99.9',
  max: 'max',
};

const textStyle = { color: TEXT, fontFamily: FONT_FAMILY };

function base(title: string): EChartsOption {
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { ...textStyle, fontSize: 13 },
    title: { text: title, left: 8, top: 8, textStyle: { ...textStyle, fontSize: 15, fontWeight: 600 } },
  };
}

function valueAxis(name: string, format: (value: number) => string, extra: Record<string, unknown> = {}) {
  return {
    type: 'value' as const,
    name,
    nameLocation: 'middle' as const,
    nameGap: 34,
    nameTextStyle: { ...textStyle, fontSize: 13 },
    axisLabel: { ...textStyle, fontSize: 12, formatter: (value: number) => format(value) },
    axisLine: { show: true, lineStyle: { color: AXIS } },
    axisTick: { show: true, lineStyle: { color: AXIS } },
    splitLine: { lineStyle: { color: GRID } },
    ...extra,
  };
}

interface BarItem {
  label: string;
  value: number;
  /** Whisker ends; no whisker when absent or equal. */
  range?: [number, number];
  valueText: string;
  colour: string;
}

export interface BarChartInput {
  id: string;
  title: string;
  caption: string;
  axisName: string;
  tickFormat: (value: number) => string;
  items: BarItem[];
  barLegend: string;
  rangeLegend?: string;
  /** Absent: the layout of the page's body. */
  layout?: BarLayout;
}

/** Horizontal bars (names on the left, never cut), optional whiskers, and each value printed after its bar. */
export function barChart(input: BarChartInput): ChartSpec {
  const { items } = input;
  const layout = input.layout ?? PAGE_LAYOUT;
  const top = input.rangeLegend ? 72 : 48;
  const height = top + Math.max(items.length, 2) * layout.rowHeight + 64;
  const renderItem: CustomSeriesRenderItem = (params, api) => {
    const item = items[params.dataIndex];
    const row = api.value(0) as number;
    const bandHeight = (api.size!([0, 1]) as number[])[1];
    const centre = api.coord([item.value, row]);
    const children: NonNullable<Extract<ReturnType<CustomSeriesRenderItem>, { type: 'group' }>['children']> = [];
    let end = centre[0];
    if (item.range && item.range[0] !== item.range[1]) {
      const low = api.coord([item.range[0], row]);
      const high = api.coord([item.range[1], row]);
      const cap = Math.max(3, bandHeight * 0.22);
      const stroke = { stroke: TEXT, lineWidth: 1.5 };
      children.push(
        { type: 'line', shape: { x1: low[0], y1: centre[1], x2: high[0], y2: centre[1] }, style: stroke },
        { type: 'line', shape: { x1: low[0], y1: centre[1] - cap, x2: low[0], y2: centre[1] + cap }, style: stroke },
        { type: 'line', shape: { x1: high[0], y1: centre[1] - cap, x2: high[0], y2: centre[1] + cap }, style: stroke },
      );
      end = Math.max(end, high[0]);
    }
    children.push({
      type: 'text',
      x: end + 6,
      y: centre[1],
      style: { text: item.valueText, fill: TEXT, font: `13px ${FONT_FAMILY}`, verticalAlign: 'middle', align: 'left' },
    });
    return { type: 'group', children };
  };
  const rangeSeries: CustomSeriesOption = {
    type: 'custom',
    name: input.rangeLegend,
    data: items.map((item, row) => [row, item.range?.[0] ?? item.value, item.range?.[1] ?? item.value]),
    encode: { x: [1, 2], y: 0 },
    renderItem,
    itemStyle: { color: TEXT },
    clip: false,
    silent: true,
    z: 3,
  };
  const option: EChartsOption = {
    ...base(input.title),
    legend: input.rangeLegend
      ? {
          top: 38,
          left: 8,
          itemGap: 28,
          itemWidth: 18,
          itemHeight: 10,
          textStyle: { ...textStyle, fontSize: 12 },
          data: [input.barLegend, input.rangeLegend],
        }
      : undefined,
    // Room for the longest name beyond what echarts estimates, in case the reader's font runs wider.
    grid: {
      left: 12 + longest(items.map((item) => item.label)) * 1.5,
      right: 96,
      top,
      bottom: 12,
      outerBoundsMode: 'same',
      outerBoundsContain: 'all',
    },
    xAxis: valueAxis(input.axisName, input.tickFormat, { min: 0 }),
    yAxis: {
      type: 'category',
      inverse: true,
      data: items.map((item) => item.label),
      axisLabel: { ...textStyle, fontSize: 13, interval: 0 },
      axisTick: { show: false },
      axisLine: { show: true, lineStyle: { color: AXIS } },
    },
    series: [
      {
        type: 'bar',
        name: input.barLegend,
        data: items.map((item) => ({ value: item.value, itemStyle: { color: item.colour } })),
        itemStyle: { color: BAR },
        barCategoryGap: '30%',
        silent: true,
      },
      rangeSeries,
    ],
  };
  return { id: input.id, title: input.title, caption: input.caption, width: layout.width, height, option };
}

function longest(texts: string[]): number {
  return Math.max(0, ...texts.map((text) => text.length));
}

function barColour(result: Result, summary: Summary): string {
  return summary.target === result.plan.baseline ? BAR_BASELINE : BAR;
}

function repeatsWord(result: Result): string {
  const rounds = roundsRun(result);
  return `${rounds} repeat${rounds === 1 ? '' : 's'}`;
}

/** "interval of the median (75 % confidence)": the whiskers' legend, with the lowest confidence any cell has. */
export function intervalLegend(spreads: Spread[]): string {
  const confidences = spreads.map((s) => s.interval.confidence);
  const lowest = Math.min(...confidences);
  if (lowest <= 0) return 'interval of the median';
  return `interval of the median (${confidences.every((c) => c === lowest) ? '' : '≥ '}${formatConfidence(lowest)} confidence)`;
}

const INTERVAL_NOTE =
  'Whiskers: a distribution-free confidence interval of the median from the order statistics of the repeats, the same bracket the table shows; with few repeats it is simply the lowest to the highest repeat, at the confidence given in the legend.';

const MARK_NOTE =
  '"(baseline)" marks the baseline target, "*" a cell with flagged trials (see the table and the warnings).';

/** Median req/s per target, best first, with the interval of the median as whiskers. */
export function throughputChart(result: Result, scenario: string): ChartSpec | undefined {
  const cells = chartedSummaries(result, scenario).sort((a, b) => b.requestsPerSec!.median - a.requestsPerSec!.median);
  if (cells.length === 0) return undefined;
  return barChart({
    id: `throughput-${slug(scenario)}`,
    title: `Throughput: ${scenario} (higher is better)`,
    caption: `Bars: median requests per second over the ${repeatsWord(result)}. ${INTERVAL_NOTE} ${MARK_NOTE}`,
    axisName: 'requests per second (req/s)',
    tickFormat: formatInt,
    barLegend: `median req/s (${repeatsWord(result)})`,
    rangeLegend: intervalLegend(cells.map((s) => s.requestsPerSec!)),
    items: cells.map((s) => ({
      label: barLabel(result, s),
      value: s.requestsPerSec!.median,
      range: [s.requestsPerSec!.interval.low, s.requestsPerSec!.interval.high],
      valueText: formatInt(s.requestsPerSec!.median),
      colour: barColour(result, s),
    })),
  });
}

/** Server CPU time per response, cheapest first, with the interval of the median as whiskers. */
export function cpuChart(result: Result, scenario: string): ChartSpec | undefined {
  const cells = chartedSummaries(result, scenario)
    .filter((s) => s.cpuUsPerRequest)
    .sort((a, b) => a.cpuUsPerRequest!.median - b.cpuUsPerRequest!.median);
  if (cells.length === 0) return undefined;
  return barChart({
    id: `cpu-${slug(scenario)}`,
    title: `CPU cost per request: ${scenario} (lower is better)`,
    caption: `Server CPU time over the measured window divided by the responses in it, in microseconds; unlike req/s, it does not depend on how fast the load generator is. Bars: median over the ${repeatsWord(result)}. ${INTERVAL_NOTE} ${MARK_NOTE}`,
    axisName: 'server CPU per request (µs)',
    tickFormat: (v) => formatFixed(v, v >= 10 || v === 0 ? 0 : 1),
    barLegend: `median CPU µs/req (${repeatsWord(result)})`,
    rangeLegend: intervalLegend(cells.map((s) => s.cpuUsPerRequest!)),
    items: cells.map((s) => ({
      label: barLabel(result, s),
      value: s.cpuUsPerRequest!.median,
      range: [s.cpuUsPerRequest!.interval.low, s.cpuUsPerRequest!.interval.high],
      valueText: `${formatFixed(s.cpuUsPerRequest!.median)} µs`,
      colour: barColour(result, s),
    })),
  });
}

/** Peak RSS of the server process group: the median over the repeats of each trial's peak, smallest first. */
export function peakRssChart(result: Result, scenario: string): ChartSpec | undefined {
  const peak = (s: Summary) => s.peakRss?.median ?? s.peakRssBytes;
  const cells = chartedSummaries(result, scenario)
    .filter((s) => peak(s) !== undefined)
    .sort((a, b) => peak(a)! - peak(b)!);
  if (cells.length === 0) return undefined;
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const spreads = cells.map((s) => s.peakRss).filter((s): s is Spread => s !== undefined);
  return barChart({
    id: `peak-rss-${slug(scenario)}`,
    title: `Peak memory: ${scenario} (lower is better)`,
    caption: `The highest resident set size (RSS) of the server's process group sampled in a trial, in MB (1 MB = 1,048,576 bytes). Bars: median of those peaks over the ${repeatsWord(result)}.${spreads.length ? ` ${INTERVAL_NOTE}` : ''} ${MARK_NOTE}`,
    axisName: 'peak RSS (MB)',
    tickFormat: formatInt,
    barLegend: `median peak RSS (${repeatsWord(result)})`,
    rangeLegend: spreads.length ? intervalLegend(spreads) : undefined,
    items: cells.map((s) => ({
      label: barLabel(result, s),
      value: mb(peak(s)!),
      range: s.peakRss ? [mb(s.peakRss.interval.low), mb(s.peakRss.interval.high)] : undefined,
      valueText: `${formatMegabytes(peak(s))} MB`,
      colour: barColour(result, s),
    })),
  });
}

function lineSeries(result: Result, target: string, data: Array<number | [number, number] | null>): LineSeriesOption {
  const look = seriesLook(targetIndex(result, target));
  return {
    type: 'line',
    name: target,
    data,
    color: look.color,
    symbol: look.symbol,
    symbolSize: 7,
    showSymbol: true,
    lineStyle: { width: 2, type: look.lineType },
    silent: true,
  };
}

function lineChartFrame(title: string, names: string[]): { option: EChartsOption; height: number } {
  const height = Math.max(420, 96 + names.length * 22);
  return {
    height,
    option: {
      ...base(title),
      legend: {
        type: 'plain',
        orient: 'vertical',
        right: 8,
        top: 52,
        itemGap: 8,
        itemWidth: 26,
        itemHeight: 12,
        textStyle: { ...textStyle, fontSize: 13 },
        data: names,
      },
      grid: { left: 12, right: 190, top: 56, bottom: 12, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    },
  };
}

function latencyTick(value: number): string {
  return value >= 10 ? formatInt(value) : String(Number(value.toPrecision(2)));
}

/** Latency percentiles (medians over the repeats), one line per target; log scale when every value is above zero. */
export function latencyChart(result: Result, scenario: string): ChartSpec | undefined {
  const cells = chartedSummaries(result, scenario)
    .filter((s) => s.latencyMs)
    .sort((a, b) => b.latencyMs!.p99 - a.latencyMs!.p99 || b.latencyMs!.max - a.latencyMs!.max);
  if (cells.length === 0) return undefined;
  const log = cells.every((s) => LATENCY_PERCENTILES.every((p) => s.latencyMs![p] > 0));
  const title = `Latency percentiles: ${scenario} (lower is better)`;
  const frame = lineChartFrame(
    title,
    cells.map((s) => s.target),
  );
  const option: EChartsOption = {
    ...frame.option,
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: LATENCY_PERCENTILES.map((p) => LATENCY_LABELS[p]),
      name: 'percentile of the response times',
      nameLocation: 'middle',
      nameGap: 30,
      nameTextStyle: { ...textStyle, fontSize: 13 },
      axisLabel: { ...textStyle, fontSize: 12 },
      axisLine: { lineStyle: { color: AXIS } },
      axisTick: { lineStyle: { color: AXIS } },
      splitLine: { show: true, lineStyle: { color: GRID } },
    },
    yAxis: {
      ...valueAxis(log ? 'latency (ms, log scale)' : 'latency (ms)', latencyTick, { nameGap: 44 }),
      type: log ? 'log' : 'value',
    },
    series: cells.map((s) =>
      lineSeries(
        result,
        s.target,
        LATENCY_PERCENTILES.map((p) => s.latencyMs![p]),
      ),
    ),
  };
  return {
    id: `latency-${slug(scenario)}`,
    title,
    caption: `Each point is the median over the repeats of that percentile of the response times, in milliseconds${log ? ', on a log scale' : ''}. The legend lists targets from the highest p99 to the lowest.`,
    width: WIDTH,
    height: frame.height,
    option,
  };
}

/** RSS over the measured window of one representative trial per target (the trial with the median req/s). */
export function rssSeriesChart(result: Result, scenario: string): ChartSpec | undefined {
  const picked = chartedSummaries(result, scenario)
    .map((s) => ({ target: s.target, trial: representativeTrial(result, s.target, scenario) }))
    .filter((p) => p.trial && p.trial.measurement!.server.rssSeries.length > 0)
    .map((p) => ({ target: p.target, trial: p.trial!, peak: p.trial!.measurement!.server.peakRssBytes }))
    .sort((a, b) => b.peak - a.peak);
  if (picked.length === 0) return undefined;
  const title = `Memory over time: ${scenario}`;
  const frame = lineChartFrame(
    title,
    picked.map((p) => p.target),
  );
  const option: EChartsOption = {
    ...frame.option,
    xAxis: valueAxis('time since the measured window started (s)', (v) => String(Number(v.toFixed(2))), {
      nameGap: 30,
      min: 0,
      max: 'dataMax',
    }),
    yAxis: valueAxis('RSS (MB)', formatInt, { scale: true, nameGap: 44 }),
    series: picked.map((p) =>
      lineSeries(
        result,
        p.target,
        p.trial.measurement!.server.rssSeries.map(
          ([ms, bytes]) => [ms / 1000, bytes / 1024 / 1024] as [number, number],
        ),
      ),
    ),
  };
  return {
    id: `rss-${slug(scenario)}`,
    title,
    caption:
      'Resident set size of the server process group, sampled during the measured window, in MB. One trial per target: the repeat whose req/s is the median of its repeats (not an average of the repeats). The y-axis does not start at zero. The legend lists targets from the highest peak to the lowest.',
    width: WIDTH,
    height: frame.height,
    option,
  };
}

/**
 * Charts across the scenarios of a suite. Summaries do not carry a scenario category yet (the
 * saas suite will bring them); when they do, the grouped-by-category chart is built here and
 * the page shows whatever this returns in its own section.
 */
/**
 * Weighted req/s per target, and req/s per traffic category grouped by target: the summary and
 * stacked charts of the Moost vs NestJS benchmark (https://github.com/prostojs/router-benchmark).
 */
export function suiteCharts(result: Result): ChartSpec[] {
  const weighted = weightedSummaries(result);
  if (weighted.length === 0) return [];
  const weightedChart = barChart({
    id: 'weighted',
    title: 'Weighted throughput over the traffic mix (higher is better)',
    caption:
      "Share-weighted mean of each scenario's median req/s, with the suite's traffic mix (see the weighted summary table for the mix throughput and CPU µs/req).",
    axisName: 'weighted requests per second (req/s)',
    tickFormat: (v) => formatInt(v),
    barLegend: 'weighted req/s',
    items: weighted.map((w) => ({
      label: w.target === result.plan.baseline ? `${w.target} (baseline)` : w.target,
      value: w.weightedRequestsPerSec,
      valueText: formatInt(w.weightedRequestsPerSec),
      colour: w.target === result.plan.baseline ? BAR_BASELINE : BAR,
    })),
  });
  const categories = [...new Set(weighted.flatMap((w) => w.categories.map((c) => c.category)))];
  const names = weighted.map((w) => w.target);
  const categoryChart: ChartSpec = {
    id: 'categories',
    title: 'Throughput by traffic category (higher is better)',
    caption: 'Mean of the median req/s of the scenarios in each category, per target.',
    width: WIDTH,
    height: 90 + names.length * categories.length * 14 + 60,
    option: {
      ...base('Throughput by traffic category (higher is better)'),
      legend: { top: 38, left: 8, itemGap: 24, textStyle: { ...textStyle, fontSize: 12 }, data: categories },
      grid: {
        left: 12 + longest(names) * 1.5,
        right: 48,
        top: 72,
        bottom: 12,
        outerBoundsMode: 'same',
        outerBoundsContain: 'all',
      },
      xAxis: valueAxis('requests per second (req/s)', (v) => formatInt(v), { min: 0 }),
      yAxis: {
        type: 'category',
        inverse: true,
        data: names,
        axisLabel: { ...textStyle, fontSize: 13, interval: 0 },
        axisTick: { show: false },
        axisLine: { show: true, lineStyle: { color: AXIS } },
      },
      series: categories.map((category, i) => ({
        type: 'bar' as const,
        name: category,
        data: weighted.map((w) => w.categories.find((c) => c.category === category)?.requestsPerSec ?? 0),
        itemStyle: { color: seriesLook(i).color },
        silent: true,
      })),
    },
  };
  return [weightedChart, categoryChart];
}
