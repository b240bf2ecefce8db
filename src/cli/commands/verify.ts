import type { Command } from 'commander';
import { verifyTargets } from '../../measure/verify-targets.js';
import { describeRuntime } from '../../runtimes/runtime.js';
import { runtimeRecord } from '../../runtimes/runtime-record.js';
import { list, seconds } from '../options.js';
import { verifyExitCode } from '../outcome-exit.js';
import { addRuntimeOptions, chosenRuntimes, selectTargetsOnRuntimes, type RuntimeFlags } from '../runtime-selection.js';
import { selectScenarios, selectSuite } from '../selection.js';

export function registerVerify(program: Command): void {
  const command = program.command('verify');
  addRuntimeOptions(command)
    .description('check that every chosen target answers every scenario exactly right; no load')
    .option('--suite <name>', 'suite to verify', 'hello')
    .option('--targets <a,b,c>', 'targets to verify (default: every target of the suite)', list)
    .option('--scenarios <a,b>', 'scenarios to verify (default: all)', list)
    .option('--ready-timeout <s>', 'seconds a target may take to start answering', seconds('--ready-timeout'), 30)
    .option('--json', 'print the verdicts as JSON', false)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet verify                         every target of the hello suite
  gauntlet verify --targets fastify,koa
  gauntlet verify --runtime bun,deno      every target of the suite on Bun and on Deno
Exit code 3 when a target answers wrongly, 5 when one does not start (and none answers wrongly).`,
    )
    .action(async (flags: RuntimeFlags & { suite: string; targets?: string[]; scenarios?: string[]; readyTimeout: number; json: boolean }) => {
      const suite = selectSuite(flags.suite);
      const scenarios = selectScenarios(suite, flags.scenarios);
      const runtimes = await chosenRuntimes(flags, flags.json);
      const selection = await selectTargetsOnRuntimes(suite, flags.targets, runtimes);
      const verdicts = await verifyTargets(suite, scenarios, selection.runnable, runtimes[0], flags.readyTimeout * 1000);
      if (flags.json) {
        console.log(JSON.stringify({ suite: suite.name, runtimes: runtimes.map(runtimeRecord), verdicts, unavailable: selection.unavailable }, null, 2));
      } else {
        console.log(`on ${runtimes.map(describeRuntime).join(', ')}`);
        for (const verdict of verdicts) {
          console.log(`${verdict.ok ? 'ok    ' : 'FAILED'} ${verdict.target}`);
          for (const f of verdict.failures) console.log(`         ${f.scenario}: ${f.request}: ${f.reason}`);
        }
        for (const u of selection.unavailable) console.log(`skip   ${u.target}: ${u.reason}`);
      }
      process.exitCode = verifyExitCode(verdicts);
    });
}
