import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { variantTarget } from '../../ab/install-variant.js';
import { parseVariantSpec } from '../../ab/variant-spec.js';
import { compareCells, pairsWithinRun } from '../../compare/cells.js';
import { FIGURES } from '../../compare/figures.js';
import { renderComparisonMarkdown, type ComparisonReport } from '../../compare/render.js';
import { UserError } from '../../core/errors.js';
import { EXIT } from '../../core/exit-codes.js';
import { executeRun } from '../../measure/run.js';
import { smallestPValue } from '../../stats/compare.js';
import type { Runtime } from '../../runtimes/runtime.js';
import { runtimeVariantName, runtimeVariants } from '../../runtimes/runtime-variants.js';
import { targetAvailability } from '../../targets/availability.js';
import { addCompareOptions, checkGate, publishComparison, type CompareFlags } from '../compare-options.js';
import { addLoadOptions, loadSettings, type LoadFlags } from '../load-options.js';
import { runExitCode } from '../outcome-exit.js';
import { COMPARISON_FILE, publishRun } from '../run-output.js';
import { chosenRuntimes } from '../runtime-selection.js';
import { findTarget, selectScenarios, selectSuite } from '../selection.js';

/** Enough rounds that the test can reach a verdict at 5 % (6 vs 6 gives p down to 0.002). */
export const AB_REPEATS = 6;

export function registerAb(program: Command): void {
  const command = program
    .command('ab')
    .description('A/B two versions of one framework in one interleaved run (A B A B …) and gate on regressions')
    .argument('<target>', 'the target whose framework is swapped (fastify, koa, nest-fastify, …)')
    .argument('<before>', 'version A: name@version or name@file:path (e.g. fastify@5.11.0)')
    .argument('<after>', 'version B: name@version or name@file:path (e.g. fastify@file:../fastify)');
  addCompareOptions(addLoadOptions(command, AB_REPEATS))
    .addHelpText(
      'after',
      `
Examples:
  gauntlet ab fastify fastify@5.11.0 fastify@5.12.8
  gauntlet ab fastify fastify@5.12.8 fastify@file:../fastify --scenarios json,param --repeats 10
  gauntlet ab nest-fastify fastify@5.11.0 fastify@5.12.8 --gate rps,cpu,p99 --threshold 3 --markdown ab.md
  gauntlet ab fastify fastify@5.11.0 fastify@5.12.8 --runtime node@20,node@24   A against B on each runtime
Each version is installed into .gauntlet/ab/<version>/ (a local checkout every time, as if
published). Exit code 1 when a gated figure of B regressed beyond the threshold; 3 or 5 when
A or B answered wrongly or was never measured; 130 when interrupted.`,
    )
    .action(async (targetName: string, beforeText: string, afterText: string, flags: LoadFlags & CompareFlags) => {
      const gate = checkGate(flags.gate);
      const suite = selectSuite(flags.suite);
      const base = await findTarget(targetName);
      if (base.unavailable) throw new UserError('GAUNTLET_AB_TARGET', `${targetName} cannot run here: ${base.unavailable}`);
      const before = parseVariantSpec(beforeText);
      const after = parseVariantSpec(afterText);
      const same = before.installSpec === after.installSpec;
      const labelA = same ? `${before.text} (A)` : before.text;
      const labelB = same ? `${after.text} (B)` : after.text;
      if (!flags.quiet) console.error(`installing ${before.text} and ${after.text} …`);
      const runtimes = await chosenRuntimes(flags, flags.quiet);
      const versions = [await variantTarget(base, before, labelA), await variantTarget(base, after, labelB)];
      for (const variant of versions) {
        const availability = targetAvailability(variant, suite.name);
        if (!availability.available) throw new UserError('GAUNTLET_AB_TARGET', `${variant.name} cannot run: ${availability.reason}`);
      }
      // A and B on each runtime: with several runtimes, each pair is judged on its own runtime.
      const variants = runtimeVariants(versions, runtimes, suite.name);
      if (variants.unavailable.length > 0) throw new UserError('GAUNTLET_AB_TARGET', variants.unavailable.map((u) => `${u.target} cannot run: ${u.reason}`).join('\n'));
      const nameOn = (label: string, runtime: Runtime) => runtimeVariantName(label, runtime, runtimes);
      const scenarios = selectScenarios(suite, flags.scenarios);
      const outcome = await executeRun({
        ...loadSettings(flags, scenarios, runtimes[0]),
        suite,
        scenarios,
        targets: variants.runnable,
        unavailable: [],
        baseline: nameOn(labelA, runtimes[0]),
      });
      const thresholdShare = flags.threshold / 100;
      const pairs = runtimes.flatMap((runtime) =>
        pairsWithinRun(outcome.result.trials, nameOn(labelA, runtime), nameOn(labelB, runtime), runtimes.length > 1 ? `${targetName} on ${runtime.id}` : targetName),
      );
      const report: ComparisonReport = {
        title: `gauntlet ab ${targetName}`,
        before: labelA,
        after: labelB,
        cells: compareCells(pairs, FIGURES, gate, thresholdShare),
        thresholdShare,
        gated: gate,
        notes: [],
        warnings: [],
      };
      if (smallestPValue(flags.repeats, flags.repeats) >= 0.05) {
        report.warnings.push(`with ${flags.repeats} rounds no difference can reach significance at 5 %: use --repeats ${AB_REPEATS} or more`);
      }
      writeFileSync(join(outcome.runDir, 'compare.md'), renderComparisonMarkdown(report));
      writeFileSync(join(outcome.runDir, COMPARISON_FILE), `${JSON.stringify(report, null, 2)}\n`);
      publishRun(outcome, report);
      console.log('');
      publishComparison(report, flags);
      // Interrupted, or A or B never measured: the comparison is incomplete, whatever its verdict.
      const unfinished = runExitCode(outcome, 'every');
      if (unfinished !== EXIT.OK) process.exitCode = unfinished;
    });
}
