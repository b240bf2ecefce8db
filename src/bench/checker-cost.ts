#!/usr/bin/env node
/**
 * What the checker costs, and what it catches (`npm run bench:checker`).
 *
 * Cost: honest targets measured with gauntlet's checker on and off, in the same processes,
 * trial after trial (on, off, off, on, … so neither side always goes first), for each engine
 * named: the median req/s and CPU µs per request of both sides, the median of the rounds'
 * on/off ratios, and how many checks the checker sent, before and in the window.
 *
 * Catch: the fixture target wrong in 1 of 100 answers under load (test/fixtures/targets,
 * built with the project) measured window after window on each engine: in how many windows
 * the engine's own body check saw a wrong answer, and in how many the checker did.
 *
 * Usage: npm run bench:checker -- --help (CHECKER_COST below)
 * Output: bench/checker-cost.md and bench/checker-cost.json (or --label: bench/checker-cost-<label>.*)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { positiveCount } from '../core/option-values.js';
import { projectRoot } from '../core/paths.js';
import type { Engine } from '../engines/engine.js';
import type { Target } from '../targets/registry.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Scenario } from '../suites/types.js';
import { engines } from '../engines/registry.js';
import { nodeHttp1Engine } from '../engines/node-http1/engine.js';
import { checkClient } from '../measure/check-client.js';
import { CHECK_SHARE, MAX_IN_FLIGHT } from '../measure/load-checker.js';
import { usageOf } from '../proc/proc-stat.js';
import { measureAnswerSize } from '../measure/answer-size.js';
import { checkedTrial } from '../measure/checked-trial.js';
import type { Instance } from '../measure/instances.js';
import { loadAnswers } from '../measure/load-answers.js';
import { startTarget } from '../measure/target-process.js';
import { allowedCores, type CoreSets, pinSelf, planCores, tasksetAvailable } from '../proc/pinning.js';
import { resolveRuntimes } from '../runtimes/resolve-runtime.js';
import { KEPT_UP_V8_FLAGS } from '../runtimes/runtime.js';
import { medianOf, spreadOf } from '../stats/describe.js';
import { helloSuite } from '../suites/hello/suite.js';
import { loadTargets } from '../targets/registry.js';
import { type BenchCommand, runBench } from './args.js';

const CHECKER_COST: BenchCommand = {
  name: 'npm run bench:checker',
  usage: `npm run bench:checker -- [--engines wrk,h2load,node-http1] [--targets node-http,fastify] [--scenario json]
                            [--rounds 12] [--duration 1] [--catch-windows 20] [--label <name>]

Measures honest targets with the checker on and off, alternating trial by trial in the same
processes, then the target wrong in 1 of 100 answers for --catch-windows windows per engine,
and writes bench/checker-cost.md and .json (bench/checker-cost-<label>.* with --label).
`,
  options: ['engines', 'targets', 'scenario', 'rounds', 'duration', 'catch-windows', 'label'],
  example: 'npm run bench:checker -- --engines wrk --rounds 8',
};

/** Windows measured before the compared ones: JIT and connections settle. */
const WARMUP_ROUNDS = 2;
const LOAD = { connections: 100, pipelining: 10, warmupSec: 0.5, timeoutSec: 10 };
/** The fixture target wrong in 1 of 100 answers while more than 20 connections are open. */
const ONE_IN_100 = 'wrong-one-in-100';
const FIXTURE_TARGETS = join(projectRoot, 'dist', 'test', 'fixtures', 'targets');

interface Side {
  requestsPerSec: number[];
  cpuUsPerRequest: number[];
  /** Server CPU per engine response, the checks' share not taken out. */
  rawCpuUsPerRequest: number[];
  /** Checks answered in the window, and during the unmeasured load before it. */
  checks: number[];
  checksBefore: number[];
  shareOfLoad: number[];
}

interface CostCell {
  engine: string;
  target: string;
  scenario: string;
  engineChecks: string;
  on: Side;
  off: Side;
  /** Per round, on over off. */
  ratios: { requestsPerSec: number[]; cpuUsPerRequest: number[] };
}

/** Server CPU µs per request: of a pipelined load, and of a check. */
interface PerRequest {
  load: number[];
  check: number[];
}

interface CatchCell {
  engine: string;
  engineChecks: string;
  windows: number;
  /** Windows in which the engine's body check saw a wrong answer, and in which the checker did. */
  byEngine: number;
  byChecker: number;
  /** Windows where neither did. */
  missed: number;
  /** Median checks judged per window (before it and in it). */
  checks: number;
}

const emptySide = (): Side => ({
  requestsPerSec: [],
  cpuUsPerRequest: [],
  rawCpuUsPerRequest: [],
  checks: [],
  checksBefore: [],
  shareOfLoad: [],
});

interface Setup {
  /** Cores the bench could use, before it pinned itself to the generator's. */
  coreCount: number;
  scenario: Scenario;
  runtime: Runtime;
  cores: CoreSets;
  targets: Target[];
}

async function setup(scenarioName: string): Promise<Setup> {
  const scenario = helloSuite.scenarios.find((s) => s.name === scenarioName);
  if (!scenario)
    throw new UserError('GAUNTLET_UNKNOWN_VALUE', `--scenario: the hello suite has no scenario ${scenarioName}`);
  const [runtime] = await resolveRuntimes(['node@24'], false);
  const usable = allowedCores();
  const cores = planCores(usable, tasksetAvailable());
  pinSelf(cores.engine);
  return { coreCount: usable.length, scenario, runtime, cores, targets: await loadTargets() };
}

/** A target started, verified answers sized, and ready for trials, as a run's instance is. */
async function startInstance(name: string, { scenario, runtime, cores, targets }: Setup): Promise<Instance> {
  const target = targets.find((t) => t.name === name);
  if (!target) throw new UserError('GAUNTLET_UNKNOWN_VALUE', `--targets: no target ${name}`);
  const running = await startTarget({
    target,
    suite: helloSuite.name,
    runtime,
    cores: cores.server,
    readyTimeoutMs: 30_000,
    v8Flags: KEPT_UP_V8_FLAGS,
  });
  return {
    running,
    quirks: { statusWithoutReason: false },
    answerSizes: new Map([[scenario.name, await measureAnswerSize(running.baseUrl, scenario, 'http1')]]),
    loadAnswers: new Map([[scenario.name, await loadAnswers(running.baseUrl, scenario, 'http1')]]),
    measuredRates: new Map(),
  };
}

/** One checked trial of the bench's load; `on`: with the checker. */
function trialOf(instance: Instance, engine: Engine, at: Setup, round: number, durationSec: number, on: boolean) {
  return checkedTrial({
    round,
    instance,
    scenario: at.scenario,
    engine: { engine, flags: engine.describeFlags({ ...LOAD, baseUrl: '', requests: at.scenario.load, durationSec }) },
    load: { ...LOAD, durationSec },
    askedSec: durationSec,
    engineCores: at.cores.engine,
    signal: new AbortController().signal,
    ...(on ? {} : { checkerShare: 0 }),
  });
}

/** Seconds of each side of the per-request comparison, and how many times each is measured (in turn). */
const PER_REQUEST_SEC = 2;
const PER_REQUEST_REPEATS = 5;

/**
 * Server CPU per request of a pipelined load (node-http1, LOAD) and of checks sent as the
 * checker sends them (one at a time on each of MAX_IN_FLIGHT kept-alive sockets), one after
 * the other on an otherwise idle target, `repeats` times.
 */
async function measurePerRequest(at: Setup, repeats: number): Promise<PerRequest> {
  const instance = await startInstance('node-http', at);
  const { running } = instance;
  const cpu = () => usageOf([running.process.pid], true).cpuSeconds;
  const check = at.scenario.checks[0];
  const out: PerRequest = { load: [], check: [] };
  try {
    for (let i = 0; i < repeats; i++) {
      let from = 0;
      let to = 0;
      const m = await nodeHttp1Engine.run(
        { ...LOAD, baseUrl: running.baseUrl, requests: at.scenario.load, durationSec: PER_REQUEST_SEC },
        { windowStart: () => (from = cpu()), windowEnd: () => (to = cpu()) },
        { cores: at.cores.engine, deadlineMs: 30_000 },
      );
      out.load.push(((to - from) * 1e6) / m.requests);
      const client = checkClient(running.baseUrl, 'http1', MAX_IN_FLIGHT);
      let answered = 0;
      let sending = true;
      const lane = async () => {
        while (sending) {
          await client.send(check.request, 5000);
          answered++;
        }
      };
      const startedAt = cpu();
      const lanes = Array.from({ length: MAX_IN_FLIGHT }, lane);
      await new Promise((resolve) => setTimeout(resolve, PER_REQUEST_SEC * 1000));
      sending = false;
      await Promise.all(lanes);
      out.check.push(((cpu() - startedAt) * 1e6) / answered);
      client.close();
    }
    return out;
  } finally {
    await running.process.stop();
    await nodeHttp1Engine.close();
  }
}

async function measureCost(engine: Engine, at: Setup, names: string[], rounds: number, durationSec: number) {
  const instances: Instance[] = [];
  try {
    for (const name of names) instances.push(await startInstance(name, at));
    const cells: CostCell[] = instances.map((instance) => ({
      engine: engine.name,
      target: instance.running.target.name,
      scenario: at.scenario.name,
      engineChecks: '',
      on: emptySide(),
      off: emptySide(),
      ratios: { requestsPerSec: [], cpuUsPerRequest: [] },
    }));
    for (let round = 1 - WARMUP_ROUNDS; round <= rounds; round++) {
      // on, off in odd rounds, off, on in even ones: neither side always goes first
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const [index, instance] of instances.entries()) {
        const pair: Partial<Record<'on' | 'off', { rps: number; cpu: number }>> = {};
        for (const on of order) {
          const { trial } = await trialOf(instance, engine, at, round, durationSec, on);
          const m = trial.measurement;
          if (round < 1 || trial.status !== 'ok' || !m) continue;
          const side = on ? cells[index].on : cells[index].off;
          const checker = trial.answerChecks?.checker;
          side.requestsPerSec.push(m.requestsPerSec);
          side.cpuUsPerRequest.push(m.server.cpuUsPerRequest);
          side.rawCpuUsPerRequest.push((m.server.cpuSeconds * 1e6) / m.requests);
          side.checks.push(checker?.inWindow ?? 0);
          side.checksBefore.push(checker?.beforeWindow ?? 0);
          side.shareOfLoad.push((checker?.inWindow ?? 0) / m.requests);
          cells[index].engineChecks = trial.answerChecks?.engine.checks ?? '';
          pair[on ? 'on' : 'off'] = { rps: m.requestsPerSec, cpu: m.server.cpuUsPerRequest };
        }
        if (pair.on && pair.off) {
          cells[index].ratios.requestsPerSec.push(pair.on.rps / pair.off.rps);
          cells[index].ratios.cpuUsPerRequest.push(pair.on.cpu / pair.off.cpu);
        }
      }
      if (round >= 1) console.error(`${engine.name}: cost, round ${round} of ${rounds}`);
    }
    return cells;
  } finally {
    await Promise.all(instances.map((instance) => instance.running.process.stop()));
    await engine.close();
  }
}

async function measureCatch(engine: Engine, at: Setup, windows: number, durationSec: number): Promise<CatchCell> {
  const instance = await startInstance(ONE_IN_100, at);
  const cell: CatchCell = {
    engine: engine.name,
    engineChecks: '',
    windows: 0,
    byEngine: 0,
    byChecker: 0,
    missed: 0,
    checks: 0,
  };
  const checks: number[] = [];
  try {
    for (let round = 1; round <= windows; round++) {
      const { trial } = await trialOf(instance, engine, at, round, durationSec, true);
      if (!trial.measurement) continue;
      const seen = new Set((trial.wrongAnswers ?? []).map((answer) => answer.by));
      cell.windows++;
      cell.engineChecks = trial.answerChecks?.engine.checks ?? '';
      if (seen.has('engine')) cell.byEngine++;
      if (seen.has('checker')) cell.byChecker++;
      if (seen.size === 0) cell.missed++;
      const checker = trial.answerChecks?.checker;
      checks.push((checker?.answered ?? 0) + (checker?.unanswered ?? 0));
    }
    cell.checks = medianOf(checks) ?? 0;
    console.error(`${engine.name}: ${cell.windows} windows of ${ONE_IN_100}`);
    return cell;
  } finally {
    await instance.running.process.stop();
    await engine.close();
  }
}

const median = (values: number[]) => medianOf(values) ?? Number.NaN;

/** What a check costs the server against a request of the load, and what the checker's shares come to. */
function perRequestLines(perRequest: PerRequest): string[] {
  const load = median(perRequest.load);
  const check = median(perRequest.check);
  const ratio = check / load;
  return [
    `A check goes out on its own kept-alive socket, one request at a time, where the load pipelines ${LOAD.pipelining}: on node-http, ` +
      `measured one after the other (${perRequest.load.length} times, medians), a request of the load cost the server ${load.toFixed(1)} µs ` +
      `of CPU and a check ${check.toFixed(1)} µs, ${ratio.toFixed(1)} times as much. So the checker, ${(CHECK_SHARE * 100).toFixed(1)} % ` +
      `of a window's requests, takes about ${(CHECK_SHARE * ratio * 100).toFixed(1)} % of the server's CPU. The CPU per request ` +
      'gauntlet reports counts the checks the server answered in the window as requests, which takes most of that out of the figure.',
  ];
}
const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;
/** The median of per-round ratios as a change, with the interval of the median (stats/median-interval.ts). */
function change(ratios: number[]): string {
  if (ratios.length === 0) return '–';
  const spread = spreadOf(ratios);
  return `${pct(spread.median)} [${pct(spread.interval.low)} to ${pct(spread.interval.high)}]`;
}

function markdown(
  perRequest: PerRequest,
  cost: CostCell[],
  caught: CatchCell[],
  meta: { rounds: number; durationSec: number; at: string; cores: number },
): string {
  const lines = [
    '# What the checker costs, and what it catches',
    '',
    `Written by \`npm run bench:checker\` (src/bench/checker-cost.ts) on ${meta.at.slice(0, 10)}, on ${meta.cores} cores. ` +
      `The load: the hello suite's \`${cost[0]?.scenario ?? 'json'}\`, ${LOAD.connections} connections × ${LOAD.pipelining} pipelined, ` +
      `${meta.durationSec} s windows each after ${LOAD.warmupSec} s of unmeasured load.`,
    '',
    '## Cost',
    '',
    ...perRequestLines(perRequest),
    '',
    `${meta.rounds} rounds; in each, every honest target is measured once with gauntlet's checker and once without, in the same ` +
      'process, alternating which goes first. "on/off" is the median over the rounds of the two trials\' ratio, with the ' +
      "interval of that median; where the interval is wider than the checker's share, the machine's noise hides its cost " +
      'and the accounting above is the better measure. CPU µs/req ' +
      'counts the checks the server answered in the window with the engine\'s responses ("raw" leaves them out). "Checks" are ' +
      'those answered in the window, and during the unmeasured load before it, where they cost the figures nothing.',
    '',
    '| Engine | Engine checks | Target | Req/s off | Req/s on | on/off | CPU µs/req off | on | on/off | raw on/off | Checks in window | before it | Share of the load |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const c of cost) {
    const rawRatio = median(c.on.rawCpuUsPerRequest) / median(c.off.cpuUsPerRequest);
    lines.push(
      `| ${c.engine} | ${c.engineChecks} | ${c.target} | ${median(c.off.requestsPerSec).toFixed(0)} | ${median(c.on.requestsPerSec).toFixed(0)} | ` +
        `${change(c.ratios.requestsPerSec)} | ${median(c.off.cpuUsPerRequest).toFixed(2)} | ${median(c.on.cpuUsPerRequest).toFixed(2)} | ` +
        `${change(c.ratios.cpuUsPerRequest)} | ${pct(rawRatio)} | ${median(c.on.checks).toFixed(0)} | ${median(c.on.checksBefore).toFixed(0)} | ` +
        `${(median(c.on.shareOfLoad) * 100).toFixed(2)} % |`,
    );
  }
  lines.push(
    '',
    '## A target wrong in 1 of 100 answers',
    '',
    `The fixture target \`${ONE_IN_100}\` (every 100th answer \`w0rld\` for \`world\` while more than 20 connections are open), ` +
      "measured window after window on each engine: in how many windows the engine's own body check saw a wrong answer, " +
      'in how many the checker did, and in how many neither. A window of n judged answers misses it with chance 0.99^n: ' +
      'an engine that compares every body judges thousands a window (0.99^1000 is 4 in 100,000); where the engine reads ' +
      "no bodies (h2load, autocannon, k6) only the checker's answers are judged. wrk compares each body of a cycle of " +
      "requests with the set of the cycle's right answers: it sees a wrong body that is no right answer at all, and not one " +
      "that is another request's right answer (an exact answer for a one-request load such as `json`).",
    '',
    '| Engine | Engine checks | Windows | Seen by the engine | Seen by the checker | Missed | Checks per window | Checker alone: miss chance per window | in 16 windows |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  for (const c of caught) {
    const miss = 0.99 ** c.checks;
    lines.push(
      `| ${c.engine} | ${c.engineChecks} | ${c.windows} | ${c.byEngine} | ${c.byChecker} | ${c.missed} | ${c.checks.toFixed(0)} | ` +
        `${(miss * 100).toFixed(1)} % | ${(miss ** 16 * 100).toFixed(3)} % |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

runBench(CHECKER_COST, (args) => {
  const rounds = positiveCount(args.values.rounds ?? '12', '--rounds');
  const catchWindows = positiveCount(args.values['catch-windows'] ?? '20', '--catch-windows');
  const durationSec = Number(args.values.duration ?? '1');
  if (!(durationSec > 0)) throw new UserError('GAUNTLET_BAD_OPTION_VALUE', '--duration must be a number of seconds');
  const chosen = (args.values.engines ?? 'wrk,h2load,node-http1').split(',').map((name) => {
    const engine = engines.find((e) => e.name === name);
    if (!engine) throw new UserError('GAUNTLET_UNKNOWN_VALUE', `--engines: no engine ${name}`);
    const why = engine.unavailableReason();
    if (why) throw new UserError('GAUNTLET_ENGINE_UNAVAILABLE', `${name}: ${why}`);
    return engine;
  });
  const names = (args.values.targets ?? 'node-http,fastify').split(',');
  const stem = `checker-cost${args.values.label ? `-${args.values.label}` : ''}`;
  // the 1-in-100 target is a test fixture, built with the project
  process.env.GAUNTLET_TARGET_DIRS = [process.env.GAUNTLET_TARGET_DIRS, FIXTURE_TARGETS].filter(Boolean).join(':');
  void (async () => {
    const at = await setup(args.values.scenario ?? 'json');
    const perRequest = await measurePerRequest(at, PER_REQUEST_REPEATS);
    const cost: CostCell[] = [];
    const caught: CatchCell[] = [];
    for (const engine of chosen) {
      cost.push(...(await measureCost(engine, at, names, rounds, durationSec)));
      caught.push(await measureCatch(engine, at, catchWindows, durationSec));
    }
    const when = new Date().toISOString();
    writeFileSync(
      join(projectRoot, 'bench', `${stem}.json`),
      `${JSON.stringify({ at: when, rounds, durationSec, load: LOAD, shares: CHECK_SHARE, perRequest, cost, caught }, null, 2)}\n`,
    );
    writeFileSync(
      join(projectRoot, 'bench', `${stem}.md`),
      markdown(perRequest, cost, caught, { rounds, durationSec, at: when, cores: at.coreCount }),
    );
    console.error(`wrote bench/${stem}.md and .json`);
  })().catch((error: Error) => {
    console.error(error.stack ?? error.message);
    process.exitCode = 1;
  });
});
