/**
 * What a framework built on another costs on top of it, measured in the same run: NestJS on
 * Fastify against Fastify, Moost against Wooks. Throughput cost is how much req/s the upper
 * layer loses; CPU cost is how much more CPU it spends per request. Over the weighted mix for
 * suites with weights; otherwise each scenario's ratio is the headline's (the best quarter of
 * rounds over the best quarter, best-rounds.ts), the median over the scenarios when there are
 * several, and with one scenario (the default run) it keeps its interval over starts and rounds:
 * the issue that asked for a stable ranking saw nest-express's CPU cost read +3.3 % in one
 * run and -2.5 % in the next, with nothing to say how far either could be trusted.
 */
import { median } from 'simple-statistics';
import type { LayerOverhead, Result } from '../model/schema.js';
import { baselineRatiosOf } from './summarize.js';
import { weightedSummaries } from './weighted.js';

/** A variant's layer is the layer's variant with the same suffix (nest-fastify+redis → fastify+redis, nest-fastify@bun → fastify@bun). */
function layerName(target: string, layer: string, known: Set<string>): string | undefined {
  const suffix = target.search(/[+@]/);
  const candidate = suffix > 0 ? `${layer}${target.slice(suffix)}` : layer;
  return known.has(candidate) && candidate !== target ? candidate : undefined;
}

export function layerOverheads(result: Result): LayerOverhead[] {
  const known = new Set(result.summaries.map((s) => s.target));
  const layerOf = new Map(result.targets.filter((t) => t.layer).map((t) => [t.name, t.layer!]));
  const weighted = weightedSummaries(result);
  const out: LayerOverhead[] = [];
  for (const target of known) {
    const baseName = target.split('+')[0];
    const layer = layerOf.get(target) ?? layerOf.get(baseName);
    const under = layer ? layerName(target, layer, known) : undefined;
    if (!under) continue;
    if (weighted.length > 0) {
      const upper = weighted.find((w) => w.target === target);
      const lower = weighted.find((w) => w.target === under);
      if (!upper || !lower) continue;
      out.push({
        target,
        layer: under,
        throughputCost: 1 - upper.weightedRequestsPerSec / lower.weightedRequestsPerSec,
        cpuCost: upper.weightedCpuUsPerRequest / lower.weightedCpuUsPerRequest - 1,
        basis: 'weighted mix',
      });
      continue;
    }
    const pairs = result.plan.scenarios
      .map(
        (scenario) =>
          [
            result.summaries.find((s) => s.target === target && s.scenario === scenario),
            result.summaries.find((s) => s.target === under && s.scenario === scenario),
          ] as const,
      )
      .filter(([a, b]) => a?.requestsPerSec && b?.requestsPerSec && a.cpuUsPerRequest && b.cpuUsPerRequest);
    if (pairs.length === 0) continue;
    // Older results (and fixtures) without the trials keep the ratio of the medians.
    const perScenario = pairs.map(([a, b]) => {
      const ratios = baselineRatiosOf(result.trials, under, target, a!.scenario);
      return {
        scenario: a!.scenario,
        rate: ratios?.requestsPerSec?.estimate ?? a!.requestsPerSec!.median / b!.requestsPerSec!.median,
        cost: ratios?.cpuUsPerRequest?.estimate ?? a!.cpuUsPerRequest!.median / b!.cpuUsPerRequest!.median,
        ratios,
      };
    });
    const [only] = perScenario;
    out.push({
      target,
      layer: under,
      throughputCost: median(perScenario.map((p) => 1 - p.rate)),
      cpuCost: median(perScenario.map((p) => p.cost - 1)),
      ...(perScenario.length === 1
        ? { basis: 'one scenario' as const, scenario: only.scenario, ...(only.ratios && { ratios: only.ratios }) }
        : { basis: 'median over scenarios' as const }),
    });
  }
  return out.sort((a, b) => a.target.localeCompare(b.target));
}
