/** Which cells (target × scenario) a plan has: a scenario that names its targets (fanout's ramp) has none for the others. */
import type { Plan } from './schema.js';

export function planRuns(plan: Pick<Plan, 'scenarioShapes'>, target: string, scenario: string): boolean {
  return plan.scenarioShapes?.[scenario]?.targets?.includes(target) ?? true;
}
