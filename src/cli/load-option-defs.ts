/**
 * The measurement flags `run` and `ab` share, as commander options under their help headings.
 * Each says what it does, its unit and its default in at most 200 characters (a unit test
 * holds it to that); `gauntlet help <topic>` has the longer story. Defaults that differ by
 * suite are read from the suites (suite-defaults.ts).
 */
import { exportOption } from './export-option.js';
import { Option } from 'commander';
import { AB_REPEATS } from '../api/ab.js';
import { COSTS, COUNT_DEFAULTS } from '../api/cost.js';
import { RUN_DEFAULTS } from '../api/settings.js';
import { engines } from '../engines/registry.js';
import { MAIN_JOB_BUDGET_SEC } from '../measure/round-budget.js';
import { TURN_MS } from '../proc/turns.js';
import { suites } from '../suites/registry.js';
import { GROUP, type GroupHeading } from './option-groups.js';
import { list, positiveInt, seconds, targetDirOption, v8FlagList } from './options.js';
import { runtimeOptions } from './runtime-options.js';
import { defaultScenariosText, type LoadCommand, perSuite, runRounds } from './suite-defaults.js';

export interface OptionGroup {
  heading: GroupHeading;
  options: Option[];
}

export function loadOptionGroups(use: LoadCommand): OptionGroup[] {
  return [
    { heading: GROUP.what, options: whatOptions(use) },
    { heading: GROUP.runtimes, options: [...runtimeOptions(), ...targetProcessOptions()] },
    { heading: GROUP.rounds, options: roundOptions(use) },
    { heading: GROUP.load, options: loadShapeOptions() },
    { heading: GROUP.cost, options: costOptions() },
    { heading: GROUP.machine, options: machineOptions() },
    { heading: GROUP.output, options: outputOptions() },
  ];
}

function whatOptions(use: LoadCommand): Option[] {
  return [
    new Option('--suite <name>', `suite to run: ${suites.map((s) => s.name).join(', ')}`).default(RUN_DEFAULTS.suite),
    new Option(
      '--scenarios <a,b>',
      `scenarios of the suite to run, comma-separated; gauntlet list names them (default: ${defaultScenariosText(use)})`,
    ).argParser(list),
    targetDirOption(),
  ];
}

function roundOptions(use: LoadCommand): Option[] {
  const repeats = use === 'ab' ? AB_REPEATS : RUN_DEFAULTS.repeats;
  return [
    new Option('--repeats <n>', 'rounds; each round measures every target once per scenario, in a shuffled order')
      .argParser(positiveInt('--repeats'))
      .default(
        repeats,
        perSuite(repeats, (s) => runRounds(s, use)?.repeats ?? s.bench?.defaults?.repeats),
      ),
    new Option('--duration <s>', 'seconds of load measured in each trial (wrk times whole seconds only)')
      .argParser(seconds('--duration'))
      .default(
        RUN_DEFAULTS.durationSec,
        perSuite(
          RUN_DEFAULTS.durationSec,
          (s) => runRounds(s, use)?.durationSec ?? s.defaults?.durationSec ?? s.bench?.defaults?.durationSec,
        ),
      ),
    new Option(
      '--warmup <s>',
      'longest warm-up of each target process after it starts, in seconds; it ends sooner once req/s and CPU per request level off; 0: none',
    )
      .argParser(seconds('--warmup', true))
      .default(
        RUN_DEFAULTS.warmupSec,
        perSuite(RUN_DEFAULTS.warmupSec, (s) => s.bench?.defaults?.warmupSec),
      ),
    new Option(
      '--trial-warmup <s>',
      'seconds of unmeasured load just before each measured window, to bring a target that sat idle back to speed',
    )
      .argParser(seconds('--trial-warmup', true))
      .default(
        RUN_DEFAULTS.trialWarmupSec,
        perSuite(RUN_DEFAULTS.trialWarmupSec, (s) => runRounds(s, use)?.trialWarmupSec),
      ),
    new Option(
      '--processes <n>',
      "processes of each target, each warmed up on its own and measured once per scenario and round; a target's figure is their median, as every process settles at a speed of its own",
    )
      .argParser(positiveInt('--processes'))
      .default(RUN_DEFAULTS.processes),
    // ab measures A and B alike, once each per round: it has no baseline to visit more often.
    ...(use === 'run'
      ? [
          new Option(
            '--baseline-visits <n>',
            'times the baseline is measured in each scenario of a round, each time on a process of its own; its figure is their median',
          )
            .argParser(positiveInt('--baseline-visits'))
            .default(RUN_DEFAULTS.baselineVisits),
        ]
      : []),
    new Option(
      '--until-stable <percent>',
      'after the planned rounds, add rounds until every req/s and CPU interval is within ± this % of its median, or --budget runs out',
    ).argParser(seconds('--until-stable')),
    new Option(
      '--budget <s>',
      `seconds the rounds may take: none starts that would end later, but half of them always run; with --until-stable, when to stop adding rounds (default: ${budgetDefault(use)})`,
    ).argParser(seconds('--budget')),
    new Option(
      '--turns',
      `experimental: load ${use === 'ab' ? 'A and B' : 'each target and a baseline process'} at once, the two taking turns on the server core, so each ratio comes from one window; trials take twice as long`,
    ).default(false),
    new Option('--turn-ms <ms>', `with --turns: length of each turn, in milliseconds (default: ${TURN_MS})`).argParser(
      positiveInt('--turn-ms'),
    ),
    new Option(
      '--seed <n>',
      'fixes the shuffled order of the rounds, to replay the order of an earlier run (default: random, recorded in the result)',
    ).argParser(positiveInt('--seed')),
  ];
}

/** --budget's defaults: the default run's own, and --until-stable's. */
function budgetDefault(use: LoadCommand): string {
  const untilStable = `--until-stable: ${RUN_DEFAULTS.stableBudgetSec}`;
  return use === 'run' ? `${MAIN_JOB_BUDGET_SEC} for the default run; ${untilStable}` : untilStable;
}

function loadShapeOptions(): Option[] {
  return [
    new Option('--connections <n>', 'concurrent connections of the load generator')
      .argParser(positiveInt('--connections'))
      .default(
        RUN_DEFAULTS.connections,
        perSuite(RUN_DEFAULTS.connections, (s) => s.defaults?.connections),
      ),
    new Option(
      '--pipelining <n>',
      'requests in flight on each connection; over HTTP/2, concurrent streams per connection',
    )
      .argParser(positiveInt('--pipelining'))
      .default(
        RUN_DEFAULTS.pipelining,
        `${perSuite(RUN_DEFAULTS.pipelining, (s) => s.defaults?.pipelining)}; k6, ramp and rate: 1`,
      ),
    new Option(
      '--profile <profile>',
      'load shape of each trial: fixed (--connections for --duration), ramp:0-100/70s (virtual users) or rate:500/20s (requests per second); ramp and rate run on k6',
    ).default('fixed', "fixed, or the scenario's own"),
    new Option(
      '--engine <name>',
      `load generator: auto, ${engines.map((e) => e.name).join(', ')}; auto takes, for each scenario, the cheapest installed one that can carry its load (gauntlet help engines)`,
    ).default(RUN_DEFAULTS.engine),
    new Option('--timeout <s>', 'seconds after which a request counts as timed out')
      .argParser(seconds('--timeout'))
      .default(RUN_DEFAULTS.timeoutSec),
    new Option('--ready-timeout <s>', 'seconds a target process may take to start answering')
      .argParser(seconds('--ready-timeout'))
      .default(RUN_DEFAULTS.readyTimeoutSec),
  ];
}

/** `--cost instructions`: each target under Valgrind, counted over a fixed number of requests. */
function costOptions(): Option[] {
  return [
    new Option(
      '--cost <kind>',
      'time: measure req/s and CPU in timed windows; instructions: count instructions per request under Valgrind, steadier than time on a shared machine',
    )
      .choices(COSTS)
      .default('time'),
    new Option('--count-processes <n>', 'with --cost instructions: processes counted per target, one per round')
      .argParser(positiveInt('--count-processes'))
      .default(COUNT_DEFAULTS.processes),
    new Option('--count-warmup <n>', 'with --cost instructions: requests each process gets before counting starts')
      .argParser(positiveInt('--count-warmup'))
      .default(COUNT_DEFAULTS.warmup),
    new Option(
      '--count-requests <n>',
      `with --cost instructions: requests counted per process, in blocks of 1,000, or two halves below 2,000 (default ${COUNT_DEFAULTS.requests.toLocaleString('en-US')}, up to ${COUNT_DEFAULTS.maxRequests.toLocaleString('en-US')} where blocks are uneven; when given, exactly n)`,
    ).argParser(positiveInt('--count-requests')),
  ];
}

function machineOptions(): Option[] {
  return [
    new Option(
      '--no-pin',
      'let the servers and the load generator share cores (by default each is pinned to cores of its own)',
    ),
    new Option(
      '--server-host <user@host[:port]>',
      'run the targets on another host, over your ssh (an ssh_config alias works); the load is sent from here (default: GAUNTLET_SERVER_HOST, else this machine)',
    ),
    new Option(
      '--server-gauntlet <command>',
      "with --server-host or --load-hosts: the command that runs gauntlet there (default: this node and this gauntlet's main.js, at the same paths)",
    ),
    new Option(
      '--load-hosts <hosts>',
      'split the k6 load over these hosts (comma-separated, as ssh takes them; local: this machine), started together, their figures merged (default: GAUNTLET_LOAD_HOSTS)',
    ).argParser(list),
    new Option(
      '--no-idle-polling',
      'on a virtual machine whose idle cores halt at once, leave them so (by default a run as root lets them poll while it runs, and restores the setting after)',
    ),
  ];
}

/** How the target processes start. */
function targetProcessOptions(): Option[] {
  return [
    new Option(
      '--memory-reducer',
      "leave V8's memory reducer on in node and deno targets; it is off because it collects garbage in an idle target during another target's window",
    ).default(false),
    new Option(
      '--v8-flags <flags>',
      'V8 or Node flags for every node and deno target, comma-separated (--v8-flags=--max-semi-space-size=64); each runtime is first checked to start with them',
    ).argParser(v8FlagList),
  ];
}

function outputOptions(): Option[] {
  return [
    new Option(
      '--out <dir>',
      'folder that gets one folder per run (journal, result.json, report.md, report.html)',
    ).default(RUN_DEFAULTS.out),
    new Option('--quiet', 'no progress output').default(false),
    exportOption(),
  ];
}
