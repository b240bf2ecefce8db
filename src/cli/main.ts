#!/usr/bin/env node
/** gauntlet's command line: builds the program (program.ts) and runs it on the arguments. */
import { ignoreClosedPipes } from '../core/closed-pipes.js';
import { reportCrash } from '../core/error-report.js';
import { killAllGroups } from '../proc/process-group.js';
import { buildProgram } from './program.js';
import { reportError } from './report-error.js';

ignoreClosedPipes();

// A crash of gauntlet must not leave targets or generators behind.
process.on('uncaughtException', (error) => {
  killAllGroups();
  process.exit(reportCrash(error));
});

try {
  await buildProgram().parseAsync(process.argv);
} catch (error) {
  killAllGroups();
  process.exitCode = reportError(error);
}
