/**
 * Charts for the Markdown report: req/s against the baseline (the ranking), then the throughput
 * and CPU-per-request charts of every scenario
 * as .svg files written beside the report, and the Markdown that shows them. The charts are the
 * HTML report's (same builders), drawn on a card of their own that follows the reader's light
 * or dark preference.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result } from '../model/schema.js';
import { throughputRatioChart } from './html/baseline-charts.js';
import { cpuChart, throughputChart, type ChartSpec } from './html/charts.js';
import { renderStandaloneSvg } from './html/svg.js';

/** Alt text and link text must not break out of the Markdown image syntax. */
function altText(text: string): string {
  return text.replace(/[[\]\\]/g, '').replace(/\s+/g, ' ');
}

/** Caption text inside *…*: escape what Markdown would read as emphasis. */
function emphasisText(text: string): string {
  return text.replace(/([*_\\`])/g, '\\$1');
}

/** Writes chart-<id>.svg files into `dir` (the Markdown report's folder) and returns the Markdown to append. */
export function writeMarkdownCharts(result: Result, dir: string): string {
  const out: string[] = ['## Charts', ''];
  let written = 0;
  for (const scenario of result.plan.scenarios) {
    const charts = [
      throughputRatioChart(result, scenario),
      throughputChart(result, scenario),
      cpuChart(result, scenario),
    ].filter((c): c is ChartSpec => c !== undefined);
    if (charts.length === 0) continue;
    out.push(`### ${scenario}`, '');
    for (const chart of charts) {
      const file = `chart-${chart.id}.svg`;
      writeFileSync(join(dir, file), renderStandaloneSvg(chart));
      written++;
      out.push(`![${altText(chart.title)}](${encodeURI(file)})`, '', `*${emphasisText(chart.caption)}*`, '');
    }
  }
  return written === 0 ? '' : `${out.join('\n').trimEnd()}\n`;
}
