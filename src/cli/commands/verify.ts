import type { Command } from 'commander';
import { verify } from '../../api/verify.js';
import { describeRuntime } from '../../runtimes/runtime.js';
import { runtimeRecord } from '../../targets/runtime-record.js';
import { RUN_DEFAULTS } from '../../api/settings.js';
import { list, seconds, targetDirOption } from '../options.js';
import { defaultScenariosText } from '../suite-defaults.js';
import { verifyExitCode } from '../outcome-exit.js';
import { addRuntimeOptions, type RuntimeFlags } from '../runtime-options.js';

export function registerVerify(program: Command): void {
  const command = program.command('verify').summary('check answers, measure nothing');
  addRuntimeOptions(command)
    .description('check that every chosen target answers every scenario exactly right; measures nothing')
    .option('--suite <name>', 'suite to verify', RUN_DEFAULTS.suite)
    .option('--targets <a,b,c>', 'targets to verify, comma-separated (default: every target of the suite)', list)
    .option(
      '--scenarios <a,b>',
      `scenarios to verify, comma-separated (default: ${defaultScenariosText('verify')})`,
      list,
    )
    .option(
      '--ready-timeout <s>',
      'seconds a target process may take to start answering',
      seconds('--ready-timeout'),
      RUN_DEFAULTS.readyTimeoutSec,
    )
    .option('--json', 'print the verdicts as JSON', false)
    .option(
      '--server-host <user@host[:port]>',
      'check the targets on another host, over your ssh, as run --server-host measures them there',
    )
    .option('--server-gauntlet <command>', 'with --server-host: the command that runs gauntlet there')
    .addOption(targetDirOption())
    .addHelpText(
      'after',
      `
Examples:
  gauntlet verify                       every target of the hello suite
  gauntlet verify --targets fastify,koa
  gauntlet verify --runtime bun,deno    every target on Bun and on Deno

Exit code 3 when a target answers wrongly, 5 when one does not start (and none
answers wrongly).`,
    )
    .action(
      async (
        flags: RuntimeFlags & {
          suite: string;
          targets?: string[];
          scenarios?: string[];
          readyTimeout: number;
          json: boolean;
          serverHost?: string;
          serverGauntlet?: string;
        },
      ) => {
        const { suite, runtimes, verdicts, unavailable } = await verify({
          suite: flags.suite,
          targets: flags.targets,
          scenarios: flags.scenarios,
          runtimes: flags.runtime,
          installRuntimes: flags.installRuntimes,
          readyTimeoutSec: flags.readyTimeout,
          serverHost: flags.serverHost,
          serverGauntlet: flags.serverGauntlet,
          log: flags.json ? undefined : (line) => console.error(line),
        });
        const selection = { unavailable };
        if (flags.json) {
          console.log(
            JSON.stringify(
              {
                suite: suite.name,
                runtimes: runtimes.map(runtimeRecord),
                verdicts,
                unavailable: selection.unavailable,
              },
              null,
              2,
            ),
          );
        } else {
          console.log(`on ${runtimes.map(describeRuntime).join(', ')}`);
          for (const verdict of verdicts) {
            console.log(`${verdict.ok ? 'ok    ' : 'FAILED'} ${verdict.target}`);
            for (const f of verdict.failures) console.log(`         ${f.scenario}: ${f.request}: ${f.reason}`);
          }
          for (const u of selection.unavailable) console.log(`skip   ${u.target}: ${u.reason}`);
        }
        process.exitCode = verifyExitCode(verdicts);
      },
    );
}
