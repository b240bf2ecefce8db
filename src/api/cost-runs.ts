/**
 * `run --cost instructions` and `ab --cost instructions` as functions: choose as a timed run
 * does, then count (cost.ts).
 */
import { UserError } from '../core/errors.js';
import { checkV8Flags } from '../runtimes/v8-flags.js';
import { installVersions } from './ab.js';
import {
  type CountAbOutcome,
  type CountOptions,
  checkCountable,
  countAndReport,
  countRunSettings,
  countAbAndReport,
} from './cost.js';
import type { CountRunOutcome } from '../instructions/count-run.js';
import type { RunOptions } from './run.js';
import { chosenRuntimes, selectTargetsOnRuntimes } from './runtime-selection.js';
import { scenariosOfTargets, selectScenarios, selectSuite } from './selection.js';
import type { AbOptions } from './ab.js';
import { refuseOnServerHost } from './server-host.js';
import { refuseOnLoadHosts } from './load-hosts.js';
import type { Scenario, Suite } from '../suites/types.js';

/** The scenarios asked for, else the first the suite measures by default (hello: json): a count takes about a minute per process. */
function countedScenarios(suite: Suite, names: string[] | undefined): Scenario[] {
  if (suite.kind === 'bench') return [];
  return names && names.length > 0 ? selectScenarios(suite, names) : selectScenarios(suite).slice(0, 1);
}

/** What both counts choose first: the suite, its scenarios and the one node runtime, refused when a count cannot measure them. */
async function countChoices(options: RunOptions & CountOptions) {
  const log = options.log ?? (() => undefined);
  const suite = selectSuite(options.suite);
  refuseOnServerHost(options, { suite: suite.name, services: [], cost: 'instructions' });
  refuseOnLoadHosts(options, { suite: suite.name, scenarios: [], cost: 'instructions' });
  const scenarios = countedScenarios(suite, options.scenarios);
  const runtimes = await chosenRuntimes(options.runtimes, options.installRuntimes, log);
  checkCountable(suite, scenarios, runtimes);
  await checkV8Flags(runtimes, options.v8Flags);
  return { log, suite, scenarios, runtimes };
}

export async function runCounts(options: RunOptions & CountOptions = {}): Promise<CountRunOutcome> {
  const { suite, scenarios: chosen, runtimes } = await countChoices(options);
  const selection = await selectTargetsOnRuntimes(suite, options.targets, runtimes, options.baseline);
  const scenarios = scenariosOfTargets(
    chosen,
    selection.runnable.map((t) => t.name),
  );
  return countAndReport(
    countRunSettings(options, suite, scenarios, selection.runnable, selection.baseline, runtimes[0]),
  );
}

export async function abCounts(
  targetName: string,
  beforeText: string,
  afterText: string,
  options: AbOptions & CountOptions = {},
): Promise<CountAbOutcome> {
  const choices = await countChoices(options);
  const { labelA, labelB, variants, scenarios } = await installVersions(choices, targetName, beforeText, afterText);
  if (scenarios.length === 0)
    throw new UserError(
      'GAUNTLET_NOTHING_TO_RUN',
      `${targetName} runs none of the chosen scenarios`,
      'gauntlet list names the scenarios of each suite',
    );
  return countAbAndReport(
    countRunSettings(options, choices.suite, scenarios, variants, labelA, choices.runtimes[0]),
    { a: labelA, b: labelB },
    options.thresholdPercent,
  );
}
