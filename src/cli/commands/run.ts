import { type Command, Option } from 'commander';
import { run } from '../../api/run.js';
import { runCounts } from '../../api/cost-runs.js';
import { publishCounts } from '../count-output.js';
import { checkExports, publishExports } from '../export-option.js';
import { addLoadOptions, countOptions, loadOptions, type LoadFlags } from '../load-options.js';
import { FALLBACK_BASELINES, PREFERRED_BASELINE } from '../../api/selection.js';
import { UPSTREAM_DEFAULTS } from '../../suites/fanout/contract.js';
import { GROUP } from '../option-groups.js';
import { list, nonNegativeNumber } from '../options.js';
import { publishRun, WIDE_HELP } from '../run-output.js';

interface RunFlags extends LoadFlags {
  targets?: string[];
  baseline?: string;
  stores: string[];
  mixed: boolean;
  workers?: string;
  upstreamLatency?: number;
  upstreamPayload?: number;
  wide: boolean;
}

export function registerRun(program: Command): void {
  const command = program
    .command('run')
    .summary('check, then measure targets on a suite')
    .description('check the chosen targets, then measure them on a suite in repeated, shuffled rounds');
  const own = [
    new Option(
      '--targets <a,b,c>',
      'targets to run, comma-separated (default: every target of the suite that can run here)',
    )
      .argParser(list)
      .helpGroup(GROUP.what),
    new Option(
      '--baseline <target>',
      `target every ratio is taken to (default: the first of ${[PREFERRED_BASELINE, ...FALLBACK_BASELINES].join(', ')} in the run)`,
    ).helpGroup(GROUP.what),
    new Option(
      '--stores <list>',
      'saas suite: the stores behind the handlers, comma-separated: memory, delay:<ms>, redis; each target runs once per store',
    )
      .argParser(list)
      .default(['memory'], 'memory')
      .helpGroup(GROUP.what),
    new Option('--mixed', 'saas suite: also measure one load that mixes every scenario by its share of traffic')
      .default(false)
      .helpGroup(GROUP.what),
    new Option(
      '--upstream-latency <ms>',
      `fanout suite: the upstream's delay before each answer, in milliseconds (default: ${UPSTREAM_DEFAULTS.latencyMs})`,
    )
      .argParser(nonNegativeNumber('--upstream-latency'))
      .helpGroup(GROUP.what),
    new Option(
      '--upstream-payload <bytes>',
      `fanout suite: filler bytes in each upstream answer (default: ${UPSTREAM_DEFAULTS.payloadBytes})`,
    )
      .argParser(nonNegativeNumber('--upstream-payload'))
      .helpGroup(GROUP.what),
    new Option(
      '--workers <n|auto>',
      'run each target under node:cluster with n workers; auto: one per server core (default: no cluster, one process)',
    ).helpGroup(GROUP.runtimes),
    new Option('--wide', WIDE_HELP).default(false).helpGroup(GROUP.output),
  ];
  addLoadOptions(command, 'run', own).addHelpText(
    'after',
    `
Examples:
  gauntlet run                                  the default run
  gauntlet run --scenarios json,param           two scenarios of the hello suite
  gauntlet run --targets fastify,express5 --repeats 6 --duration 5
  gauntlet run --suite saas --mixed
  gauntlet run --suite saas --stores memory,redis --targets fastify,nest-fastify
  gauntlet run --targets fastify,koa --until-stable 3 --budget 300
  gauntlet run --targets node-http,fastify --workers auto
  gauntlet run --targets node-http,fastify --runtime node@20,node@24,bun
  gauntlet run --out /tmp/bench --seed 42
  gauntlet run --targets node-http,fastify,express5 --cost instructions

Each run writes results/<run-id>/journal.ndjson as trials finish, then
result.json, report.md and report.html. Ctrl-C keeps the finished trials:
gauntlet report <run folder> renders them.
More: gauntlet help method, gauntlet help statistics.`,
  );
  command.action(async (flags: RunFlags) => {
    const options = {
      ...loadOptions(flags),
      targets: flags.targets,
      baseline: flags.baseline,
      stores: flags.stores,
      mixed: flags.mixed,
      workers: flags.workers,
      upstreamLatencyMs: flags.upstreamLatency,
      upstreamPayloadBytes: flags.upstreamPayload,
    };
    checkExports(flags);
    if (flags.cost === 'instructions') {
      const counted = await runCounts({ ...options, ...countOptions(flags) });
      publishCounts(counted);
      return publishExports(flags, counted.document);
    }
    const outcome = await run(options);
    publishRun(outcome, undefined, { wide: flags.wide });
    publishExports(flags, outcome.result);
  });
}
