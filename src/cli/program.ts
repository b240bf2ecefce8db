/** gauntlet's command line as one commander program, one file per command; main.ts runs it. */
import { Command } from 'commander';
import { gauntletVersion } from '../results/environment.js';
import { registerAb } from './commands/ab.js';
import { registerAgent } from './commands/agent.js';
import { registerCompare } from './commands/compare.js';
import { registerDoctor } from './commands/doctor.js';
import { registerExport } from './commands/export.js';
import { registerHelp } from './commands/help.js';
import { registerHistory } from './commands/history.js';
import { registerList } from './commands/list.js';
import { registerReport } from './commands/report.js';
import { registerRun } from './commands/run.js';
import { registerRuntimes } from './commands/runtimes.js';
import { registerVerify } from './commands/verify.js';
import { optionHelp } from './help-style.js';
import { addTargetDirs } from '../targets/registry.js';

export function buildProgram(): Command {
  const program = new Command('gauntlet')
    .description(
      'Benchmark Node.js server frameworks: check that each answers correctly, then measure its requests per second, CPU time per request and memory in repeated, interleaved rounds.',
    )
    .version(gauntletVersion())
    .showSuggestionAfterError(true)
    // Usage errors are thrown (every command inherits this) and printed by main.ts with their code, not by commander.
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    // `gauntlet help` prints manual pages as well as command help (commands/help.ts).
    .helpCommand(false)
    // Every command inherits this: defaults as commander shows them, without its "(preset: …)".
    .configureHelp({ optionDescription: optionHelp })
    .addHelpText(
      'after',
      `
Start with:
  gauntlet run                the default run: the hello suite's json scenario
  gauntlet list               what can run here, and why not
  gauntlet doctor             which tools are missing, how to install them
  gauntlet help               the manual: method, statistics, engines, …
  gauntlet <command> --help   a command's options and examples`,
    );

  // --target-dir (run, ab, verify, list): targets kept outside gauntlet, added before any command loads them
  program.hook('preAction', (_program, command) => {
    const dirs = command.opts().targetDir as string[] | undefined;
    if (dirs) addTargetDirs(dirs);
  });
  registerRun(program);
  registerList(program);
  registerVerify(program);
  registerReport(program);
  registerCompare(program);
  registerAb(program);
  registerDoctor(program);
  registerRuntimes(program);
  registerExport(program);
  registerHistory(program);
  registerAgent(program);
  registerHelp(program);
  return program;
}
