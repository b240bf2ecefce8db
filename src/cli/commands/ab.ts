import type { Command } from 'commander';
import { ab } from '../../api/ab.js';
import { EXIT } from '../../core/exit-codes.js';
import { addCompareOptions, checkGate, publishComparison, type CompareFlags } from '../compare-options.js';
import { abCounts } from '../../api/cost-runs.js';
import { publishCountAb } from '../count-output.js';
import { checkExports, publishExports } from '../export-option.js';
import { addLoadOptions, countOptions, loadOptions, type LoadFlags } from '../load-options.js';
import { GROUP } from '../option-groups.js';
import { runExitCode } from '../outcome-exit.js';
import { publishRun } from '../run-output.js';

export function registerAb(program: Command): void {
  const command = program
    .command('ab')
    .summary('A/B two versions of a framework')
    .description('measure two versions of one framework in one run, and fail when the second regressed')
    .argument('<target>', 'the target whose framework is swapped (fastify, koa, nest-fastify, …)')
    .argument('<before>', 'version A: name@version or name@file:path (e.g. fastify@5.11.0)')
    .argument('<after>', 'version B: name@version or name@file:path (e.g. fastify@file:../fastify)');
  addCompareOptions(addLoadOptions(command, 'ab'), GROUP.verdict)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet ab fastify fastify@5.11.0 fastify@5.12.8
  gauntlet ab fastify fastify@5.12.8 fastify@file:../fastify --repeats 10
  gauntlet ab nest-fastify fastify@5.11.0 fastify@5.12.8 --gate rps,cpu,p99
  gauntlet ab fastify fastify@5.11.0 fastify@5.12.8 --runtime node@20,node@24
  gauntlet ab fastify fastify@5.12.8 fastify@file:../fastify --cost instructions
  gauntlet ab fastify fastify@5.11.0 fastify@5.12.8 --export bmf bench.json

Each version is installed into .gauntlet/ab/ (a local path anew each time, as if
published). Exit code 1 when a gated figure of B regressed beyond the threshold,
3 or 5 when A or B answered wrongly or never started, 130 when interrupted.
More: gauntlet help ab.`,
    )
    .action(async (targetName: string, beforeText: string, afterText: string, flags: LoadFlags & CompareFlags) => {
      checkExports(flags);
      if (flags.cost === 'instructions') {
        const counted = await abCounts(targetName, beforeText, afterText, {
          ...loadOptions(flags),
          ...countOptions(flags),
          thresholdPercent: flags.threshold,
        });
        publishCountAb(counted, flags);
        return publishExports(flags, counted.document);
      }
      const { run, report } = await ab(targetName, beforeText, afterText, {
        ...loadOptions(flags),
        gate: checkGate(flags.gate),
        thresholdPercent: flags.threshold,
      });
      publishRun(run, report);
      console.log('');
      publishComparison(report, flags);
      publishExports(flags, run.result);
      // Interrupted, or A or B never measured: the comparison is incomplete, whatever its verdict.
      const unfinished = runExitCode(run, 'every');
      if (unfinished !== EXIT.OK) process.exitCode = unfinished;
    });
}
