/**
 * Weighted summaries for suites whose scenarios carry a traffic share (saas): per target, the
 * weighted average req/s (as the Moost vs NestJS benchmark reports it,
 * https://github.com/prostojs/router-benchmark), the throughput of that traffic mix
 * (1 / Σ share/req/s: what one server answers when the mix arrives together), the weighted
 * CPU µs per request (the expected cost of one request of the mix), and per category.
 */
import type { Result, Summary } from '../model/schema.js';

export interface CategoryFigures {
  category: string;
  /** Mean over the category's scenarios. */
  requestsPerSec: number;
  cpuUsPerRequest: number;
}

export interface WeightedSummary {
  target: string;
  weightedRequestsPerSec: number;
  mixRequestsPerSec: number;
  weightedCpuUsPerRequest: number;
  categories: CategoryFigures[];
  /** Scenarios without figures (failed, not run): the weighted figures leave them out. */
  missing: string[];
}

function hasWeights(result: Result): boolean {
  return Object.values(result.plan.scenarioWeights ?? {}).some((w) => (w.weight ?? 0) > 0);
}

export function weightedSummaries(result: Result, summaries: Summary[] = result.summaries): WeightedSummary[] {
  if (!hasWeights(result)) return [];
  const weights = result.plan.scenarioWeights!;
  const targets = [...new Set(summaries.map((s) => s.target))];
  const out: WeightedSummary[] = [];
  for (const target of targets) {
    const cells = summaries.filter((s) => s.target === target && (weights[s.scenario]?.weight ?? 0) > 0);
    const measured = cells.filter((s) => s.requestsPerSec && s.cpuUsPerRequest);
    if (measured.length === 0) continue;
    const totalWeight = measured.reduce((sum, s) => sum + weights[s.scenario].weight!, 0);
    const share = (s: Summary) => weights[s.scenario].weight! / totalWeight;
    const categories = [...new Set(measured.map((s) => weights[s.scenario].category ?? 'other'))].map((category) => {
      const inCategory = measured.filter((s) => (weights[s.scenario].category ?? 'other') === category);
      const mean = (pick: (s: Summary) => number) =>
        inCategory.reduce((sum, s) => sum + pick(s), 0) / inCategory.length;
      return {
        category,
        requestsPerSec: mean((s) => s.requestsPerSec!.median),
        cpuUsPerRequest: mean((s) => s.cpuUsPerRequest!.median),
      };
    });
    out.push({
      target,
      weightedRequestsPerSec: measured.reduce((sum, s) => sum + share(s) * s.requestsPerSec!.median, 0),
      mixRequestsPerSec: 1 / measured.reduce((sum, s) => sum + share(s) / s.requestsPerSec!.median, 0),
      weightedCpuUsPerRequest: measured.reduce((sum, s) => sum + share(s) * s.cpuUsPerRequest!.median, 0),
      categories,
      missing: cells.filter((s) => !measured.includes(s)).map((s) => s.scenario),
    });
  }
  return out.sort((a, b) => b.weightedRequestsPerSec - a.weightedRequestsPerSec);
}
