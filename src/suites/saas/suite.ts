import type { Scenario, Suite } from '../types.js';
import { SAAS_ROUTE_CHECKS, SAAS_SCENARIOS } from './scenarios.js';

/** Seed 000's traffic mix by category; each category's share is split evenly over its scenarios. */
export const SAAS_CATEGORY_WEIGHTS: Record<string, number> = {
  public: 0.2,
  'header-auth': 0.25,
  'cookie-auth': 0.35,
  errors: 0.2,
};

function weighted(scenarios: Scenario[], weights: Record<string, number>): Scenario[] {
  return scenarios.map((scenario) => {
    const inCategory = scenarios.filter((s) => s.category === scenario.category).length;
    return { ...scenario, weight: (weights[scenario.category ?? ''] ?? 0) / inCategory };
  });
}

export const saasSuite: Suite = {
  name: 'saas',
  description:
    'a project-management SaaS API: 21 routes, bearer and cookie auth, a 20-cookie jar, small and large bodies, 401 and 404 paths',
  reproduces: 'the Moost vs NestJS benchmark (the full HTTP lifecycle, weighted by traffic category)',
  scenarios: weighted(SAAS_SCENARIOS, SAAS_CATEGORY_WEIGHTS),
  extraChecks: SAAS_ROUTE_CHECKS,
  categoryWeights: SAAS_CATEGORY_WEIGHTS,
  usesStore: true,
  // --stores redis puts a real redis-server behind every handler.
  services: ({ stores }) => (stores.some((store) => store.kind === 'redis') ? ['redis'] : []),
};
