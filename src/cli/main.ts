#!/usr/bin/env node
/** gauntlet's command line: one program, one file per command. */
import { Command } from 'commander';
import { ignoreClosedPipes } from '../core/closed-pipes.js';
import { killAllGroups } from '../proc/process-group.js';
import { gauntletVersion } from '../results/environment.js';
import { registerAb } from './commands/ab.js';
import { registerCompare } from './commands/compare.js';
import { registerDoctor } from './commands/doctor.js';
import { registerExport } from './commands/export.js';
import { registerList } from './commands/list.js';
import { registerReport } from './commands/report.js';
import { registerRun } from './commands/run.js';
import { registerRuntimes } from './commands/runtimes.js';
import { registerVerify } from './commands/verify.js';
import { reportCrash } from '../core/error-report.js';
import { reportError } from './report-error.js';

const program = new Command('gauntlet')
  .description(
    'benchmark Node.js server frameworks: verified answers, repeated interleaved trials, CPU cost per request',
  )
  .version(gauntletVersion())
  .showSuggestionAfterError(true)
  // Usage errors are thrown (every command inherits this) and printed below with their code, not by commander.
  .exitOverride()
  .configureOutput({ outputError: () => {} })
  .addHelpText(
    'after',
    '\nStart with:\n  gauntlet run          the hello suite on every available target\n  gauntlet list         what can run here\n  gauntlet doctor       what optional tools are missing\n  gauntlet runtimes     node versions, bun and deno: which are installed, how to add them',
  );

registerRun(program);
registerList(program);
registerVerify(program);
registerReport(program);
registerCompare(program);
registerAb(program);
registerDoctor(program);
registerRuntimes(program);
registerExport(program);

ignoreClosedPipes();

// A crash of gauntlet must not leave targets or generators behind.
process.on('uncaughtException', (error) => {
  killAllGroups();
  process.exit(reportCrash(error));
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  killAllGroups();
  process.exitCode = reportError(error);
}
