import { fanoutSuite } from './fanout/suite.js';
import { h2Suite } from './h2/suite.js';
import { helloSuite } from './hello/suite.js';
import { saasSuite } from './saas/suite.js';
import { servicesSuite } from './services/suite.js';
import type { Suite } from './types.js';

/** Every suite gauntlet knows. A new suite is one folder and one line here. */
export const suites: Suite[] = [helloSuite, saasSuite, h2Suite, fanoutSuite, servicesSuite];

export function findSuite(name: string): Suite | undefined {
  return suites.find((suite) => suite.name === name);
}
