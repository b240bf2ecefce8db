import type { Command } from 'commander';
import { compare } from '../../api/compare.js';
import { renderHtml } from '../../report/html/page.js';
import { scenarioDescriptions } from '../../api/selection.js';
import { writeFileSync } from 'node:fs';
import { loadResult } from '../../results/store.js';
import { compareCountRuns, comparesCounts } from '../../api/compare-counts.js';
import { countsPage } from '../../api/count-reports.js';
import { loadCounts } from '../../instructions/count-file.js';
import { countComparisonMarkdown, countComparisonTerminal } from '../../report/instructions-compare-render.js';
import { EXIT } from '../../core/exit-codes.js';
import { checkExports, type ExportFlags, exportOption, publishExports } from '../export-option.js';
import {
  addCompareOptions,
  checkGate,
  publishComparison,
  publishComparisonMarkdown,
  type CompareFlags,
} from '../compare-options.js';

type CompareCommandFlags = CompareFlags & ExportFlags & { force: boolean; html?: string };

export function registerCompare(program: Command): void {
  const command = program
    .command('compare')
    .summary('compare two saved runs')
    .description('compare two saved runs: each change, its interval, and a verdict from a significance test')
    .argument('<before>', 'result.json or run folder of the earlier run')
    .argument('<after>', 'result.json or run folder of the later run')
    .option('--force', 'compare even when the CPU, the core count, the engine or its flags differ', false)
    .option('--html <file>', "also write the later run's HTML page, opening with the verdicts against the earlier run")
    .addOption(exportOption());
  addCompareOptions(command)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet compare results/main-run results/branch-run
  gauntlet compare before/result.json after/result.json --gate rps,cpu,p99
  gauntlet compare results/a results/b --threshold 3 --markdown comment.md
  gauntlet compare results/a results/b --export bmf bench.json

Two runs of --cost instructions compare by instructions per request (threshold
0.5 % unless given); --gate does not apply to them.

Exit code 1 when a gated figure regressed beyond the threshold, 2 when the runs
cannot be compared. More: gauntlet help ab.`,
    )
    .action((beforePath: string, afterPath: string, flags: CompareCommandFlags) => {
      checkExports(flags);
      if (comparesCounts(beforePath, afterPath)) {
        publishCountComparison(beforePath, afterPath, flags);
        return publishExports(flags, loadCounts(afterPath));
      }
      const report = compare(beforePath, afterPath, {
        gate: checkGate(flags.gate),
        thresholdPercent: flags.threshold,
        force: flags.force,
      });
      publishComparison(report, flags);
      const after = loadResult(afterPath);
      if (flags.html) {
        writeFileSync(flags.html, renderHtml(after, scenarioDescriptions(after.plan.suite), report));
        console.log(`html: ${flags.html}`);
      }
      publishExports(flags, after);
    });
}

/** Two counts runs: the table, Markdown and the later run's HTML page if asked, exit code 1 on a regression. */
function publishCountComparison(beforePath: string, afterPath: string, flags: CompareCommandFlags): void {
  const report = compareCountRuns(beforePath, afterPath, { thresholdPercent: flags.threshold, force: flags.force });
  console.log(countComparisonTerminal(report).join('\n'));
  publishComparisonMarkdown(countComparisonMarkdown(report), flags);
  if (flags.html) {
    writeFileSync(flags.html, countsPage(loadCounts(afterPath), report.after, report));
    console.log(`html: ${flags.html}`);
  }
  if (report.cells.some((c) => c.verdict === 'regression')) process.exitCode = EXIT.REGRESSION;
}
