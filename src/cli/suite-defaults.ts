/**
 * The "(default: …)" a flag shows when suites set their own: gauntlet's value, then each suite
 * that differs, read from the suites themselves so that the help cannot drift from them.
 */
import { suites } from '../suites/registry.js';
import type { Suite } from '../suites/types.js';

/** The command a flag belongs to: `run` alone gives the hello suite its short rounds. */
export type LoadCommand = 'run' | 'ab';

/** "1; hello: 0.25; fanout: 5": `base`, then every suite whose own value is set and differs. */
export function perSuite(base: string | number, suiteValue: (suite: Suite) => string | number | undefined): string {
  const own = suites.flatMap((suite) => {
    const value = suiteValue(suite);
    return value === undefined || String(value) === String(base) ? [] : [`${suite.name}: ${value}`];
  });
  return [String(base), ...own].join('; ');
}

/** A suite's rounds for `run` (the hello suite's many short ones); `ab` keeps gauntlet's. */
export function runRounds(suite: Suite, command: LoadCommand) {
  return command === 'run' ? suite.defaults?.rounds : undefined;
}

/** The scenarios taken when none are named: a suite's own, else all of them. */
export function defaultScenariosText(command: LoadCommand | 'verify'): string {
  const own = suites.flatMap((suite) => {
    const names = (command === 'run' && suite.defaults?.rounds?.scenarios) || suite.defaultScenarios;
    return names ? [`${suite.name}: ${names.join(',')}`] : [];
  });
  return [...own, 'others: all'].join('; ');
}
