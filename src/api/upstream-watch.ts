/** The upstream check of a run or verify: the suite's contract with the upstream the services started. */
import type { UpstreamWatch } from '../measure/upstream-check.js';
import type { Services } from '../backends/services.js';
import type { Suite } from '../suites/types.js';

export function upstreamWatch(suite: Suite, services: Services): UpstreamWatch | undefined {
  const upstream = services.upstream();
  return suite.upstream && upstream ? { upstream, contract: suite.upstream } : undefined;
}
