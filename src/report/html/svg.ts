/** Renders a chart to static SVG with echarts' server-side renderer: no DOM, no script in the output. */
import { createRequire } from 'node:module';
import type * as Echarts from 'echarts';
import type { ChartSpec } from './charts.js';
import { esc } from './escape.js';
import { TOKEN_COLOURS, tokenCss } from './theme.js';

/**
 * echarts' one-file build, loaded at the first chart: importing its ES modules cost about a
 * second of CPU at every start of the CLI, also of commands that draw nothing.
 */
let echartsLibrary: typeof Echarts | undefined;
const echarts = () => (echartsLibrary ??= createRequire(import.meta.url)('echarts') as typeof Echarts);

/** The chart as an <svg> element, to inline in a page (the page's CSS colours its neutral parts). */
export function renderChartSvg(chart: ChartSpec): string {
  const instance = echarts().init(null, null, { renderer: 'svg', ssr: true, width: chart.width, height: chart.height });
  try {
    instance.setOption(chart.option);
    const svg = instance.renderToSVGString();
    return svg.replace(/^<svg /, `<svg role="img" aria-label="${esc(chart.title)}" `);
  } finally {
    instance.dispose();
  }
}

/**
 * The chart as a standalone .svg file: on a card background of its own, light by default and
 * dark where the viewer prefers dark (as GitHub's dark theme does).
 */
export function renderStandaloneSvg(chart: ChartSpec): string {
  const { light, dark } = TOKEN_COLOURS;
  const style =
    `<style>\n.gauntlet-card{fill:${light.background}}\n${tokenCss('svg', 'light')}\n` +
    `@media (prefers-color-scheme: dark){\n.gauntlet-card{fill:${dark.background}}\n${tokenCss('svg', 'dark')}\n}\n</style>\n` +
    `<rect class="gauntlet-card" x="0" y="0" width="${chart.width}" height="${chart.height}" rx="8"></rect>\n`;
  const svg = renderChartSvg(chart);
  const open = svg.indexOf('>') + 1;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg.slice(0, open)}\n${style}${svg.slice(open)}\n`;
}
