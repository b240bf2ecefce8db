/** A chart on the page: its SVG on a card, with the caption that says how to read it. */
import type { ChartSpec } from './charts.js';
import { esc } from './escape.js';
import { renderChartSvg } from './svg.js';

export function figure(chart: ChartSpec, extraClass = ''): string {
  return `<figure class="chart${extraClass ? ` ${extraClass}` : ''}" data-chart="${esc(chart.id)}">\n${renderChartSvg(chart)}\n<figcaption>${esc(chart.caption)}</figcaption>\n</figure>`;
}
