/**
 * `gauntlet history --html`: a trend chart per target and scenario (the ratio to the baseline
 * with its interval, or instructions per request between the lowest and highest process), one
 * line per machine, so runs of different machines are never drawn as one series.
 */
import type { EChartsOption } from 'echarts';
import type { History, HistoryPoint } from '../../history/collect.js';
import type { HistoryVerdict } from '../../history/judge.js';
import type { ChartSpec } from './charts.js';
import { htmlPage } from './document.js';
import { esc } from './escape.js';
import { figure } from './figure.js';
import { plainTable } from './table.js';

const WIDTH = 960;
const HEIGHT = 320;

function trendChart(series: HistoryPoint[], index: number): ChartSpec {
  const first = series[0];
  const counted = first.kind === 'instructions';
  const value = (p: HistoryPoint) => (counted ? p.instructions?.value : p.ratio?.estimate);
  const low = (p: HistoryPoint) => (counted ? p.instructions?.low : p.ratio?.low);
  const high = (p: HistoryPoint) => (counted ? p.instructions?.high : p.ratio?.high);
  const runs = series.map((p) => p.run);
  const machines = [...new Set(series.map((p) => p.machine))];
  const option: EChartsOption = {
    animation: false,
    title: { text: `${first.target} / ${first.scenario}`, left: 0, textStyle: { fontSize: 14 } },
    legend: { top: 0, right: 0 },
    grid: { left: 70, right: 20, top: 40, bottom: 60 },
    xAxis: { type: 'category', data: runs, axisLabel: { rotate: 20, fontSize: 10 } },
    yAxis: {
      type: 'value',
      scale: true,
      name: counted ? 'instructions/req' : '× baseline req/s',
      nameLocation: 'middle',
      nameGap: 50,
    },
    series: machines.flatMap((machine) => {
      const on = (f: (p: HistoryPoint) => number | undefined) =>
        series.map((p) => (p.machine === machine ? (f(p) ?? null) : null));
      return [
        { name: machine, type: 'line' as const, data: on(value), connectNulls: true, symbolSize: 7 },
        {
          name: machine,
          type: 'line' as const,
          data: on(low),
          connectNulls: true,
          symbol: 'none',
          lineStyle: { type: 'dashed' as const, width: 1 },
        },
        {
          name: machine,
          type: 'line' as const,
          data: on(high),
          connectNulls: true,
          symbol: 'none',
          lineStyle: { type: 'dashed' as const, width: 1 },
        },
      ];
    }),
  };
  return {
    id: `history-${index}`,
    title: `${first.target} / ${first.scenario}`,
    caption: counted
      ? 'Instructions per request, run by run: the median over processes, dashed the lowest and highest process.'
      : "Requests per second against the baseline, run by run: the ranking figure, dashed its interval's ends. One line per machine.",
    width: WIDTH,
    height: HEIGHT,
    option,
  };
}

export function renderHistoryHtml(history: History, verdicts: HistoryVerdict[], folder: string): string {
  const series = new Map<string, HistoryPoint[]>();
  for (const p of history.points) {
    const key = `${p.kind} ${p.target} ${p.scenario}`;
    series.set(key, [...(series.get(key) ?? []), p]);
  }
  const table = plainTable(
    'history',
    ['target', 'scenario', 'last run', 'verdict', 'why'],
    verdicts.map((v) => [v.target, v.scenario, v.last.run, v.verdict, v.why]),
  );
  return htmlPage(`gauntlet history: ${folder}`, [
    `<h1>History of ${esc(folder)}</h1>`,
    `<p>${history.points.length} figure(s) from ${new Set(history.points.map((p) => p.run)).size} run(s). Each last run is judged against the runs before it on the same machine.</p>`,
    table,
    ...[...series.values()]
      .filter((points) => points.some((p) => p.ratio || p.instructions))
      .map((points, i) => figure(trendChart(points, i))),
  ]);
}
