import type { Command } from 'commander';
import { compareCells, pairsAcrossRuns } from '../../compare/cells.js';
import { checkEnvironments } from '../../compare/environment-match.js';
import { FIGURES } from '../../compare/figures.js';
import type { ComparisonReport } from '../../compare/render.js';
import { renderHtml } from '../../report/html/page.js';
import { scenarioDescriptions } from '../selection.js';
import { writeFileSync } from 'node:fs';
import { UserError } from '../../core/errors.js';
import { loadResult } from '../../results/store.js';
import { addCompareOptions, checkGate, publishComparison, type CompareFlags } from '../compare-options.js';

export function registerCompare(program: Command): void {
  const command = program
    .command('compare')
    .description('compare two saved runs cell by cell: change, interval, and a verdict from a significance test')
    .argument('<before>', 'result.json or run folder of the earlier run')
    .argument('<after>', 'result.json or run folder of the later run')
    .option('--force', 'compare even when CPU, core count, engine or its flags differ', false)
    .option('--html <file>', 'also write the later run\'s HTML page, opening with the verdicts against the earlier one');
  addCompareOptions(command)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet compare results/main-run results/branch-run
  gauntlet compare before/result.json after/result.json --gate rps,cpu,p99 --threshold 3 --markdown comment.md
Exit code 1 when a gated figure regressed beyond the threshold, 2 when the runs cannot be compared.`,
    )
    .action((beforePath: string, afterPath: string, flags: CompareFlags & { force: boolean; html?: string }) => {
      const gate = checkGate(flags.gate);
      const before = loadResult(beforePath);
      const after = loadResult(afterPath);
      const environments = checkEnvironments(before, after);
      if (environments.blocking.length > 0 && !flags.force) {
        throw new UserError(
          'GAUNTLET_INCOMPARABLE',
          `these runs cannot be compared:\n${environments.blocking.map((d) => `  ${d}`).join('\n')}`,
          'numbers from different machines or loads do not compare; pass --force to compare anyway',
        );
      }
      const cells = compareCells(pairsAcrossRuns(before.trials, after.trials), FIGURES, gate, flags.threshold / 100);
      if (cells.length === 0) throw new UserError('GAUNTLET_NOTHING_TO_COMPARE', 'the two runs share no measured target and scenario');
      const report: ComparisonReport = {
        title: 'gauntlet compare',
        before: before.id,
        after: after.id,
        cells,
        thresholdShare: flags.threshold / 100,
        gated: gate,
        notes: environments.notes.map((n) => `differs: ${n}`),
        warnings: environments.blocking.map((d) => `compared despite a different ${d} (--force)`),
      };
      publishComparison(report, flags);
      if (flags.html) {
        writeFileSync(flags.html, renderHtml(after, scenarioDescriptions(after.plan.suite), report));
        console.log(`html: ${flags.html}`);
      }
    });
}
