import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { selectEngine } from '../../engines/registry.js';
import { executeRun } from '../../measure/run.js';
import { renderMarkdown } from '../../report/markdown.js';
import { renderTerminal } from '../../report/terminal.js';
import { nodeRuntime } from '../../runtimes/runtime.js';
import { list, positiveInt, seconds } from '../options.js';
import { chooseBaseline, scenarioDescriptions, selectScenarios, selectSuite, selectTargets } from '../selection.js';

/** Defaults sized so the whole hello suite (every target, 3 rounds) finishes in about 5 minutes on 2 cores. */
export const RUN_DEFAULTS = {
  suite: 'hello',
  repeats: 3,
  durationSec: 1,
  warmupSec: 1,
  connections: 100,
  pipelining: 10,
  timeoutSec: 10,
  readyTimeoutSec: 30,
  out: 'results',
} as const;

interface RunFlags {
  suite: string;
  targets?: string[];
  scenarios?: string[];
  repeats: number;
  duration: number;
  warmup: number;
  connections: number;
  pipelining: number;
  timeout: number;
  engine: string;
  baseline?: string;
  seed?: number;
  out: string;
  readyTimeout: number;
  pin: boolean;
  quiet: boolean;
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('verify, then measure every chosen target on a suite, in repeated interleaved rounds')
    .option('--suite <name>', 'suite to run', RUN_DEFAULTS.suite)
    .option('--targets <a,b,c>', 'targets to run (default: every target of the suite)', list)
    .option('--scenarios <a,b>', 'scenarios of the suite to run (default: all)', list)
    .option('--repeats <n>', 'rounds; each round runs every target once, in a shuffled order', positiveInt('--repeats'), RUN_DEFAULTS.repeats)
    .option('--duration <s>', 'measured seconds per trial (autocannon counts whole seconds)', seconds('--duration'), RUN_DEFAULTS.durationSec)
    .option('--warmup <s>', 'warm-up seconds after each target start, cycling all scenarios (0 for none)', seconds('--warmup', true), RUN_DEFAULTS.warmupSec)
    .option('--connections <n>', 'concurrent connections', positiveInt('--connections'), RUN_DEFAULTS.connections)
    .option('--pipelining <n>', 'requests in flight per connection', positiveInt('--pipelining'), RUN_DEFAULTS.pipelining)
    .option('--timeout <s>', 'seconds after which a request counts as timed out', seconds('--timeout'), RUN_DEFAULTS.timeoutSec)
    .option('--engine <name>', 'load generator (auto picks the best available)', 'auto')
    .option('--baseline <target>', 'target the "vs baseline" column compares with (default: node-http)')
    .option('--seed <n>', 'seed of the shuffled order (default: random, recorded in the result)', positiveInt('--seed'))
    .option('--out <dir>', 'folder for run folders (journal, result.json, report.md)', RUN_DEFAULTS.out)
    .option('--ready-timeout <s>', 'seconds a target may take to start answering', seconds('--ready-timeout'), RUN_DEFAULTS.readyTimeoutSec)
    .option('--no-pin', 'do not pin server and generator to separate cores')
    .option('--quiet', 'no progress output', false)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet run                                   every target of the hello suite, defaults
  gauntlet run --targets fastify,express5 --repeats 5 --duration 5
  gauntlet run --scenarios json --connections 50 --pipelining 1
  gauntlet run --out /tmp/bench --seed 42        reproducible order, results elsewhere

Each run writes results/<run-id>/journal.ndjson as trials finish, then result.json and
report.md. Ctrl-C keeps every finished trial; gauntlet report <run folder> renders it.`,
    )
    .action(async (flags: RunFlags) => {
      const suite = selectSuite(flags.suite);
      const scenarios = selectScenarios(suite, flags.scenarios);
      const selection = await selectTargets(suite, flags.targets);
      const engine = selectEngine(flags.engine);
      const outcome = await executeRun({
        suite,
        targets: selection.runnable,
        unavailable: selection.unavailable,
        scenarios,
        repeats: flags.repeats,
        durationSec: flags.duration,
        warmupSec: flags.warmup,
        connections: flags.connections,
        pipelining: flags.pipelining,
        timeoutSec: flags.timeout,
        engine,
        runtime: nodeRuntime,
        seed: flags.seed ?? Math.floor(Math.random() * 2 ** 31),
        baseline: chooseBaseline(selection, flags.baseline),
        outDir: resolve(flags.out),
        readyTimeoutMs: flags.readyTimeout * 1000,
        pin: flags.pin,
        quiet: flags.quiet,
      });
      const descriptions = scenarioDescriptions(suite.name);
      const markdownFile = join(outcome.runDir, 'report.md');
      writeFileSync(markdownFile, renderMarkdown(outcome.result, descriptions));
      console.log(renderTerminal(outcome.result, descriptions));
      console.log(`\nresult:   ${join(outcome.runDir, 'result.json')}\nmarkdown: ${markdownFile}`);
      if (outcome.interrupted) process.exitCode = 130;
    });
}
