#!/usr/bin/env node
/** gauntlet's command line: one program, one file per command. */
import { Command, CommanderError } from 'commander';
import { UserError } from '../core/errors.js';
import { killAllGroups } from '../measure/process-group.js';
import { gauntletVersion } from '../results/environment.js';
import { registerAb } from './commands/ab.js';
import { registerCompare } from './commands/compare.js';
import { registerDoctor } from './commands/doctor.js';
import { registerList } from './commands/list.js';
import { registerReport } from './commands/report.js';
import { registerRun } from './commands/run.js';
import { registerRuntimes } from './commands/runtimes.js';
import { registerVerify } from './commands/verify.js';

const program = new Command('gauntlet')
  .description('benchmark Node.js server frameworks: verified answers, repeated interleaved trials, CPU cost per request')
  .version(gauntletVersion())
  .showSuggestionAfterError(true)
  .addHelpText('after', '\nStart with:\n  gauntlet run          the hello suite on every available target\n  gauntlet list         what can run here\n  gauntlet doctor       what optional tools are missing\n  gauntlet runtimes     node versions, bun and deno: which are installed, how to add them');

registerRun(program);
registerList(program);
registerVerify(program);
registerReport(program);
registerCompare(program);
registerAb(program);
registerDoctor(program);
registerRuntimes(program);

// A crash of gauntlet must not leave targets or generators behind.
process.on('uncaughtException', (error) => {
  killAllGroups();
  console.error(`gauntlet crashed: ${error.stack ?? error.message}`);
  process.exit(70);
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  killAllGroups();
  if (error instanceof UserError) {
    console.error(`error: ${error.message}${error.hint ? `\n  ${error.hint}` : ''}`);
    process.exitCode = 2;
  } else if (error instanceof CommanderError) {
    process.exitCode = error.exitCode;
  } else {
    console.error(`gauntlet failed: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  }
}
