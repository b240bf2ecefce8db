/**
 * The mixed scenario: one load that carries every weighted scenario of a suite in proportion
 * to its traffic share, interleaved request by request (smooth weighted round-robin), so one
 * measured window sees the whole traffic mix at once.
 */
import type { RequestSpec, Scenario } from './types.js';

export const MIXED = 'mixed';
/** Requests in one cycle of the mix: enough to express every share to 0.1 %. */
const CYCLE = 1000;

export function mixedScenario(scenarios: Scenario[]): Scenario | undefined {
  const weighted = scenarios.filter((s) => (s.weight ?? 0) > 0);
  if (weighted.length === 0) return undefined;
  const total = weighted.reduce((sum, s) => sum + s.weight!, 0);
  const credit = weighted.map(() => 0);
  const used = weighted.map(() => 0);
  const load: RequestSpec[] = [];
  for (let i = 0; i < CYCLE; i++) {
    weighted.forEach((s, k) => {
      credit[k] += s.weight! / total;
    });
    const pick = credit.indexOf(Math.max(...credit));
    credit[pick] -= 1;
    const scenario = weighted[pick];
    load.push(scenario.load[used[pick]++ % scenario.load.length]);
  }
  const statuses = new Set(weighted.flatMap((s) => s.checks.map((c) => c.expect.status)));
  return {
    name: MIXED,
    description: `one load carrying all ${weighted.length} weighted scenarios in proportion to their traffic shares`,
    load,
    checks: [],
    expectedStatuses: [...statuses].sort(),
  };
}
