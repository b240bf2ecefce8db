/** Every chart of one scenario, in page order: the ranking against the baseline first, then absolute figures. */
import type { Result } from '../../model/schema.js';
import { cpuRatioChart, throughputRatioChart } from './baseline-charts.js';
import { type ChartSpec, cpuChart, latencyChart, peakRssChart, rssSeriesChart, throughputChart } from './charts.js';

export function scenarioCharts(result: Result, scenario: string): ChartSpec[] {
  return [throughputRatioChart, cpuRatioChart, throughputChart, cpuChart, latencyChart, peakRssChart, rssSeriesChart]
    .map((build) => build(result, scenario))
    .filter((chart): chart is ChartSpec => chart !== undefined);
}
