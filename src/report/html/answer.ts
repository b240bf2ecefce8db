/**
 * The top of the HTTP page, the answer before the details: the verdict in a sentence or two and
 * the ranking chart of the first scenario, laid out to fit the first screen.
 */
import type { Result } from '../../model/schema.js';
import { throughputRatioChart } from './baseline-charts.js';
import { type ChartSpec, FIRST_SCREEN_LAYOUT } from './charts.js';
import { esc } from './escape.js';
import { figure } from './figure.js';
import { scenarioCharts } from './scenario-charts.js';
import { noiseCaveat, otherScenariosLine, type ScenarioVerdict } from './verdict.js';

/** The chart that opens the page: the first scenario's ranking against the baseline, else its first chart. */
export function leadChart(result: Result): ChartSpec | undefined {
  const first = result.plan.scenarios[0];
  if (first === undefined) return undefined;
  return throughputRatioChart(result, first, FIRST_SCREEN_LAYOUT) ?? scenarioCharts(result, first)[0];
}

export function answerSection(result: Result, verdicts: ScenarioVerdict[], lead: ChartSpec | undefined): string {
  const caveat = noiseCaveat(result);
  const others = otherScenariosLine(verdicts, result.plan.baseline);
  return [
    '<section id="answer">',
    `<p class="verdict">${esc(verdicts[0]?.sentence ?? 'This run planned no scenario.')}</p>`,
    others ? `<p class="verdict-more">${esc(others)}</p>` : '',
    caveat ? `<p class="verdict-more caveat">${esc(caveat)} See <a href="#notes">Warnings</a>.</p>` : '',
    lead ? figure(lead, 'lead') : '',
    '</section>',
  ]
    .filter(Boolean)
    .join('\n');
}
