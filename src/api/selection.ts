/** Turns the names a user typed into suites, targets and scenarios, refusing unknown ones with the valid list. */
import { UserError, unknownValue } from '../core/errors.js';
import { scenarioRuns } from '../measure/plan.js';
import { findSuite, suites } from '../suites/registry.js';
import { mixedScenario } from '../suites/mixed.js';
import type { Scenario, Suite } from '../suites/types.js';
import { targetAvailability } from '../targets/availability.js';
import { loadTargets, type Target } from '../targets/registry.js';

export const DEFAULT_SUITE = 'hello';
export const PREFERRED_BASELINE = 'node-http';
/** The baselines of suites node-http has no app for: h2's node:http2, fanout's NestJS on Express with @nestjs/axios, its published report's baseline. */
export const FALLBACK_BASELINES = ['node-http2', 'nest-express-axios'];

export function selectSuite(name = DEFAULT_SUITE): Suite {
  const suite = findSuite(name);
  if (!suite)
    throw unknownValue(
      'suite',
      name,
      suites.map((s) => s.name),
      '--suite',
    );
  return suite;
}

/** Named scenarios (or the suite's default ones, else all), plus the mixed one when asked and the suite weights its scenarios. */
export function selectScenarios(suite: Suite, names?: string[], mixed = false): Scenario[] {
  const chosen =
    !names || names.length === 0
      ? pickScenarios(suite, suite.defaultScenarios ?? suite.scenarios.map((s) => s.name))
      : pickScenarios(suite, names);
  if (!mixed) return chosen;
  const mix = mixedScenario(suite.scenarios);
  if (!mix)
    throw new UserError(
      'GAUNTLET_OPTION_NOT_FOR_SUITE',
      `the ${suite.name} suite has no traffic weights, so --mixed has nothing to mix`,
      'use --mixed with the saas suite',
    );
  return [...chosen, mix];
}

/**
 * The scenarios at least one of the targets runs: a scenario that names its targets (fanout's
 * ramp runs on the three configurations of the NestJS HTTP Module Performance Comparison,
 * https://www.npmjs.com/package/nestjs-undici) is left out of a run without them.
 */
export function scenariosOfTargets(scenarios: Scenario[], targets: string[]): Scenario[] {
  const runsOn = scenarioRuns(scenarios);
  const kept = scenarios.filter((scenario) => targets.some((target) => runsOn(target, scenario.name)));
  if (kept.length > 0) return kept;
  throw new UserError(
    'GAUNTLET_NOTHING_TO_RUN',
    `none of the targets (${targets.join(', ')}) runs the chosen scenarios: ${scenarios
      .map((s) => `${s.name} runs on ${s.targets?.join(', ')}`)
      .join('; ')}`,
    'add one of those targets to --targets, or choose another scenario with --scenarios',
  );
}

function pickScenarios(suite: Suite, names: string[]): Scenario[] {
  return names.map((name) => {
    const scenario = suite.scenarios.find((s) => s.name === name);
    if (!scenario)
      throw unknownValue(
        `scenario of the ${suite.name} suite`,
        name,
        suite.scenarios.map((s) => s.name),
        '--scenarios',
      );
    return scenario;
  });
}

/** One target by name, whatever its availability (an A/B run brings its own packages). */
export async function findTarget(name: string): Promise<Target> {
  const all = await loadTargets();
  const target = all.find((t) => t.name === name);
  if (!target)
    throw unknownValue(
      'target',
      name,
      all.map((t) => t.name),
      '<target>',
    );
  return target;
}

export interface TargetSelection {
  runnable: Target[];
  unavailable: Array<{ target: string; reason: string }>;
}

/** Named targets, or by default every target that belongs to the suite (unavailable ones are listed, not run). */
export async function selectTargets(suite: Suite, names?: string[]): Promise<TargetSelection> {
  const all = await loadTargets();
  let chosen: Target[];
  if (names && names.length > 0) {
    chosen = names.map((name) => {
      const target = all.find((t) => t.name === name);
      if (!target)
        throw unknownValue(
          'target',
          name,
          all.map((t) => t.name),
          '--targets',
        );
      return target;
    });
  } else {
    chosen = all.filter((t) => t.apps[suite.name] !== undefined || t.unavailableFor?.[suite.name] !== undefined);
  }
  const selection: TargetSelection = { runnable: [], unavailable: [] };
  for (const target of chosen) {
    const availability = targetAvailability(target, suite.name);
    if (availability.available) selection.runnable.push(target);
    else selection.unavailable.push({ target: target.name, reason: availability.reason ?? 'unavailable' });
  }
  if (selection.runnable.length === 0) {
    throw new UserError(
      'GAUNTLET_NOTHING_TO_RUN',
      `none of the chosen targets can run the ${suite.name} suite here:\n${selection.unavailable.map((u) => `  ${u.target}: ${u.reason}`).join('\n')}`,
      'gauntlet list shows which targets are available',
    );
  }
  return selection;
}

export function chooseBaseline(selection: TargetSelection, wanted?: string): string {
  const names = selection.runnable.map((t) => t.name);
  if (wanted !== undefined) {
    if (!names.includes(wanted))
      throw unknownValue('baseline (one of the targets being run)', wanted, names, '--baseline');
    return wanted;
  }
  return [PREFERRED_BASELINE, ...FALLBACK_BASELINES].find((name) => names.includes(name)) ?? names[0];
}

export function scenarioDescriptions(suiteName: string): Record<string, string> {
  const suite = findSuite(suiteName);
  return Object.fromEntries((suite?.scenarios ?? []).map((s) => [s.name, s.description]));
}
