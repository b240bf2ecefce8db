import type { Command } from 'commander';
import { executeRun } from '../../measure/run.js';
import { addLoadOptions, loadSettings, type LoadFlags } from '../load-options.js';
import { list } from '../options.js';
import { publishRun } from '../run-output.js';
import { chooseBaseline, selectScenarios, selectSuite, selectTargets } from '../selection.js';

export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .description('verify, then measure every chosen target on a suite, in repeated interleaved rounds')
    .option('--targets <a,b,c>', 'targets to run (default: every target of the suite)', list)
    .option('--baseline <target>', 'target the "vs baseline" column compares with (default: node-http)');
  addLoadOptions(command)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet run                                   every target of the hello suite, defaults
  gauntlet run --targets fastify,express5 --repeats 6 --duration 5
  gauntlet run --scenarios json --connections 50 --pipelining 1
  gauntlet run --targets fastify,koa --until-stable 3 --budget 300
  gauntlet run --out /tmp/bench --seed 42        reproducible order, results elsewhere

Each run writes results/<run-id>/journal.ndjson as trials finish, then result.json and
report.md. Ctrl-C keeps every finished trial; gauntlet report <run folder> renders it.`,
    )
    .action(async (flags: LoadFlags & { targets?: string[]; baseline?: string }) => {
      const suite = selectSuite(flags.suite);
      const selection = await selectTargets(suite, flags.targets);
      publishRun(
        await executeRun({
          ...loadSettings(flags),
          suite,
          scenarios: selectScenarios(suite, flags.scenarios),
          targets: selection.runnable,
          unavailable: selection.unavailable,
          baseline: chooseBaseline(selection, flags.baseline),
        }),
      );
    });
}
