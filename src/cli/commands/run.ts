import type { Command } from 'commander';
import { run } from '../../api/run.js';
import { addLoadOptions, loadOptions, type LoadFlags } from '../load-options.js';
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
    .description('verify, then measure every chosen target on a suite, in repeated interleaved rounds')
    .option('--targets <a,b,c>', 'targets to run (default: every target of the suite)', list)
    .option('--baseline <target>', 'target the "vs baseline" column compares with (default: node-http)')
    .option(
      '--stores <list>',
      'saas: the store behind every handler, one run per target and store (memory, delay:<ms>, redis)',
      list,
      ['memory'],
    )
    .option('--mixed', 'saas: also measure one load that mixes every scenario by its traffic share', false)
    .option(
      '--workers <n|auto>',
      'cluster mode: run each target under node:cluster with n workers (auto: one per server core)',
    )
    .option(
      '--upstream-latency <ms>',
      "fanout: the upstream's delay before each answer, ms (default 2)",
      nonNegativeNumber('--upstream-latency'),
    )
    .option(
      '--upstream-payload <bytes>',
      'fanout: filler bytes in each upstream answer (default 256)',
      nonNegativeNumber('--upstream-payload'),
    )
    .option('--wide', WIDE_HELP, false);
  addLoadOptions(command)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet run                                   the main job: every target of the hello suite, json, up to 16 rounds within 295 s
  gauntlet run --scenarios json,param --repeats 8   json and a route parameter in the same five minutes
  gauntlet run --targets fastify,express5 --repeats 6 --duration 5
  gauntlet run --scenarios json --connections 50 --pipelining 1
  gauntlet run --suite saas --mixed              seed 000: 20 scenarios, weighted, plus the mixed load
  gauntlet run --suite saas --stores memory,delay:1,redis --targets fastify,nest-fastify
  gauntlet run --targets fastify,koa --until-stable 3 --budget 300
  gauntlet run --targets node-http,fastify --workers auto   cluster mode, one worker per server core
  gauntlet run --targets node-http,fastify --runtime node@20,node@24,bun   one run, each target on each runtime
  gauntlet run --suite fanout --runtime node@20,node@22,node@24   seed 001: 5 upstream calls per request
  gauntlet run --targets node-http,fastify --v8-flags=--max-semi-space-size=64   a tuning; compare it with a run without
  gauntlet run --out /tmp/bench --seed 42        reproducible order, results elsewhere

Each run writes results/<run-id>/journal.ndjson as trials finish, then result.json, report.md
and report.html. Ctrl-C keeps every finished trial; gauntlet report <run folder> renders it.`,
    )
    .action(async (flags: RunFlags) => {
      publishRun(
        await run({
          ...loadOptions(flags),
          targets: flags.targets,
          baseline: flags.baseline,
          stores: flags.stores,
          mixed: flags.mixed,
          workers: flags.workers,
          upstreamLatencyMs: flags.upstreamLatency,
          upstreamPayloadBytes: flags.upstreamPayload,
        }),
        undefined,
        { wide: flags.wide },
      );
    });
}
