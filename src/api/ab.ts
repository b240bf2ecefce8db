/**
 * `ab` as a function: two versions of one framework installed side by side, measured in one
 * interleaved run (on each runtime asked for), and judged figure by figure.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { variantTarget } from '../ab/install-variant.js';
import { parseVariantSpec } from '../ab/variant-spec.js';
import { compareCells, pairsWithinRun } from '../compare/cells.js';
import { DEFAULT_GATE_FIGURES, FIGURES } from '../compare/figures.js';
import { renderComparisonMarkdown, type ComparisonReport } from '../report/comparison-render.js';
import { UserError } from '../core/errors.js';
import { executeRun, type RunOutcome } from '../measure/run.js';
import { COMPARISON_FILE } from '../results/store.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Scenario, Suite } from '../suites/types.js';
import { type Target, targetDirs } from '../targets/registry.js';
import { checkV8Flags, refuseV8FlagsOffTargets } from '../runtimes/v8-flags.js';
import { runtimeVariantName, runtimeVariants } from '../targets/runtime-variants.js';
import { serviceOptions, suiteServices, withServiceEnv, withServices } from '../backends/services.js';
import { smallestSignedRankP } from '../stats/signed-rank.js';
import { targetAvailability } from '../targets/availability.js';
import { abBench } from './ab-inproc.js';
import { chosenRuntimes } from './runtime-selection.js';
import { findTarget, scenariosOfTargets, selectScenarios, selectSuite } from './selection.js';
import { resolveLoad, runSettings, type LoadOptions } from './settings.js';
import { refuseTurnsOf, refuseTurnsWithout } from './turns-check.js';
import { refuseOnServerHost } from './server-host.js';
import { loadHostsPlan, refuseOnLoadHosts, withRunHosts } from './load-hosts.js';
import { upstreamWatch } from './upstream-watch.js';

/** Enough rounds that the signed-rank test can reach a verdict at 5 % (6 pairs give p down to 0.031). */
export const AB_REPEATS = 6;

export interface AbOptions extends LoadOptions {
  /** Figures whose regression counts (rps, cpu, p99, …); default req/s and CPU µs/req. */
  gate?: string[];
  /** A gated figure worse by more than this % (and called worse by the test) is a regression; default 5. */
  thresholdPercent?: number;
}

export interface AbOutcome {
  run: RunOutcome;
  report: ComparisonReport;
}

/**
 * What a verdict round by round cannot tell apart: a start settles at a speed of its own
 * (docs/statistics.md, "The interval of a ratio: over processes and rounds"), and every round
 * of A's process carries A's, so the test counts it as the version's. Two starts of the same
 * code were called different by up to 3.2 % (docs/ab.md, "What `ab` can tell apart").
 */
function startsNote(processes: number, thresholdShare: number): string {
  const threshold = `${(thresholdShare * 100).toFixed(1)} %`;
  const ran =
    processes > 1
      ? `A and B each ran in ${processes} processes, a round's figure the median of them`
      : 'A and B each ran in one process';
  return (
    `${ran}: the per-round test counts a start's own speed as its version's, so two starts of the same code can be called different by a few percent. ` +
    `The threshold (${threshold}) keeps such a difference from failing a release; \`npm run bench:ab\` measures how often it happens on this machine.`
  );
}

/** A against B: `target` is the gauntlet target whose framework is swapped; versions as `name@version` or `name@file:path`. */
export async function ab(
  targetName: string,
  beforeText: string,
  afterText: string,
  options: AbOptions = {},
): Promise<AbOutcome> {
  const log = options.log ?? (() => undefined);
  const repeats = options.repeats ?? AB_REPEATS;
  const suite = selectSuite(options.suite);
  refuseTurnsOf(suite, options);
  refuseV8FlagsOffTargets(suite, options.v8Flags);
  if (suite.kind === 'bench') return abBench(suite, targetName, beforeText, afterText, { ...options, repeats });
  const runtimes = await chosenRuntimes(options.runtimes, options.installRuntimes, log);
  await checkV8Flags(runtimes, options.v8Flags);
  const { labelA, labelB, variants, scenarios } = await installVersions(
    { suite, scenarios: selectScenarios(suite, options.scenarios), runtimes, log },
    targetName,
    beforeText,
    afterText,
  );
  const nameOn = (label: string, runtime: Runtime) => runtimeVariantName(label, runtime, runtimes);
  refuseOnLoadHosts(options, {
    suite: suite.name,
    scenarios,
    engine: options.engine,
    turns: options.turns,
    connections: resolveLoad(options, suite, scenarios).connections,
  });
  const { loadHosts, loadOptions } = loadHostsPlan({ ...options, repeats, baselineVisits: 1 });
  const settings = runSettings(loadOptions, suite, scenarios, runtimes[0], loadHosts?.engine);
  if (settings.turns) {
    if (runtimes.length > 1)
      throw new UserError(
        'GAUNTLET_TURNS_UNSUITED',
        '--turns cannot measure this run: with several runtimes, B on each runtime would take turns with A on the first',
        'drop --turns, or compare on one runtime at a time',
      );
    refuseTurnsWithout(
      variants.map((t) => t.name),
      nameOn(labelA, runtimes[0]),
    );
  }
  const serviceNames = suiteServices(suite);
  refuseOnServerHost(options, { suite: suite.name, services: serviceNames, turns: settings.turns });
  const outcome = await withServices(
    serviceNames,
    (services) =>
      withRunHosts(options, loadHosts, async (host) => {
        // a server host installs A and B as they were installed here
        for (const [text, label] of [
          [beforeText, labelA],
          [afterText, labelB],
        ])
          await host.install?.({
            target: targetName,
            spec: parseVariantSpec(text).installSpec,
            label,
            targetDirs: targetDirs(),
          });
        return executeRun({
          // A and B are compared round by round (signed-rank): each visited once per round.
          ...settings,
          suite,
          scenarios,
          targets: withServiceEnv(variants, services),
          unavailable: [],
          baseline: nameOn(labelA, runtimes[0]),
          services: services.running(),
          upstream: upstreamWatch(suite, services),
          host,
          loadHosts,
        });
      }),
    serviceOptions(options),
  );
  const gate = options.gate ?? DEFAULT_GATE_FIGURES;
  const thresholdShare = (options.thresholdPercent ?? 5) / 100;
  const pairs = runtimes.flatMap((runtime) =>
    pairsWithinRun(
      outcome.result.trials,
      nameOn(labelA, runtime),
      nameOn(labelB, runtime),
      runtimes.length > 1 ? `${targetName} on ${runtime.id}` : targetName,
    ),
  );
  const report: ComparisonReport = {
    title: `gauntlet ab ${targetName}`,
    before: labelA,
    after: labelB,
    cells: compareCells(pairs, FIGURES, gate, thresholdShare),
    thresholdShare,
    gated: gate,
    notes: [
      startsNote(outcome.result.plan.processes ?? 1, thresholdShare),
      ...(outcome.result.plan.turns
        ? [
            `--turns: in each round A and B were loaded in one window, taking ${outcome.result.plan.turns.turnMs} ms turns on the server core, not seconds apart; experimental (docs/method.md, "Turns (experimental)").`,
          ]
        : []),
    ],
    warnings: [],
  };
  if (smallestSignedRankP(repeats) >= 0.05) {
    report.warnings.push(
      `with ${repeats} rounds no difference can reach significance at 5 %: use --repeats ${AB_REPEATS} or more`,
    );
  }
  writeFileSync(join(outcome.runDir, 'compare.md'), renderComparisonMarkdown(report));
  writeFileSync(join(outcome.runDir, COMPARISON_FILE), `${JSON.stringify(report, null, 2)}\n`);
  return { run: outcome, report };
}

export interface InstalledVersions {
  labelA: string;
  labelB: string;
  /** A and B on each runtime. */
  variants: Target[];
  /** The chosen scenarios the target runs (a scenario kept to some targets runs when it is one of them). */
  scenarios: Scenario[];
}

/** Installs A and B of `targetName`'s framework side by side, refusing a pair that cannot run. */
export async function installVersions(
  chosen: { suite: Suite; scenarios: Scenario[]; runtimes: Runtime[]; log: (line: string) => void },
  targetName: string,
  beforeText: string,
  afterText: string,
): Promise<InstalledVersions> {
  const { suite, runtimes, log } = chosen;
  const base = await findTarget(targetName);
  if (base.unavailable) throw new UserError('GAUNTLET_AB_TARGET', `${targetName} cannot run here: ${base.unavailable}`);
  const before = parseVariantSpec(beforeText);
  const after = parseVariantSpec(afterText);
  const same = before.installSpec === after.installSpec;
  const labelA = same ? `${before.text} (A)` : before.text;
  const labelB = same ? `${after.text} (B)` : after.text;
  log(`installing ${before.text} and ${after.text} …`);
  const versions = [await variantTarget(base, before, labelA), await variantTarget(base, after, labelB)];
  for (const variant of versions) {
    const availability = targetAvailability(variant, suite.name);
    if (!availability.available)
      throw new UserError('GAUNTLET_AB_TARGET', `${variant.name} cannot run: ${availability.reason}`);
  }
  // A and B on each runtime: with several runtimes, each pair is judged on its own runtime.
  const onRuntimes = runtimeVariants(versions, runtimes, suite.name);
  if (onRuntimes.unavailable.length > 0)
    throw new UserError(
      'GAUNTLET_AB_TARGET',
      onRuntimes.unavailable.map((u) => `${u.target} cannot run: ${u.reason}`).join('\n'),
    );
  const scenarios = scenariosOfTargets(chosen.scenarios, [base.name]).map(({ targets, ...scenario }) => scenario);
  return { labelA, labelB, variants: onRuntimes.runnable, scenarios };
}
