/**
 * How far the cost of each layer on top (layers.ts) moved between two runs of the same job, and
 * whether the two runs' intervals allowed the move: the issue that asked for rankings that hold
 * saw nest-express's CPU cost read +3.3 % in one run and -2.5 % in the next.
 */
import type { Result } from '../model/schema.js';
import { layerOverheads } from './layers.js';
import { withinIntervals } from './run-noise.js';

export interface LayerMove {
  target: string;
  layer: string;
  /** The throughput cost (share of req/s lost) in run 1 and run 2. */
  throughputCost: [number, number];
  /** The CPU cost per request (extra share) in run 1 and run 2. */
  cpuCost: [number, number];
  /** Whether the two runs' 95 % intervals covered the move of the req/s ratio and of the CPU ratio; absent without intervals. */
  covered?: { requestsPerSec: boolean; cpuUsPerRequest: boolean };
}

export function layerMoves(a: Result, b: Result): LayerMove[] {
  const later = layerOverheads(b);
  return layerOverheads(a).flatMap((first) => {
    const second = later.find((o) => o.target === first.target && o.layer === first.layer);
    if (!second) return [];
    const covered = (figure: 'requestsPerSec' | 'cpuUsPerRequest') => {
      const [x, y] = [first.ratios?.[figure], second.ratios?.[figure]];
      return x?.logStandardError !== undefined && y?.logStandardError !== undefined
        ? withinIntervals(y.estimate / x.estimate, x.logStandardError, y.logStandardError)
        : undefined;
    };
    const [rate, cost] = [covered('requestsPerSec'), covered('cpuUsPerRequest')];
    return [
      {
        target: first.target,
        layer: first.layer,
        throughputCost: [first.throughputCost, second.throughputCost],
        cpuCost: [first.cpuCost, second.cpuCost],
        ...(rate !== undefined && cost !== undefined && { covered: { requestsPerSec: rate, cpuUsPerRequest: cost } }),
      },
    ];
  });
}
