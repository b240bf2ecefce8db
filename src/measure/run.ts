/**
 * Runs a whole plan: for each visit, start the target, verify every scenario, measure the
 * visit's scenarios, stop it. Every verification and trial goes to the journal as it ends;
 * Ctrl-C stops the current trial, keeps everything finished, and still writes the result.
 */
import { formatProfile, type ScenarioShape } from '../engines/profile.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EnginePlan } from '../engines/engine-plan.js';
import { type PlannedTrial, planShapes, planStarts, planTrials, processCount, scenarioRuns } from './plan.js';
import { createProgress } from './progress.js';
import { finishRun } from '../results/finish-run.js';
import { collectEnvironment } from '../results/environment.js';
import { Journal } from '../results/journal.js';
import type { Plan, Result, TargetInfo, Trial, Verification } from '../model/schema.js';
import { JOURNAL_FILE, runId } from '../results/store.js';
import type { Runtime } from '../runtimes/runtime.js';
import { runtimeOf, runtimeRecord, runtimesLine, runtimesUsed } from '../targets/runtime-record.js';
import type { Scenario, Suite } from '../suites/types.js';
import { packageVersions } from '../targets/availability.js';
import type { Target } from '../targets/registry.js';
import { allowedCores, GENERATOR_HERE, pinRunning, pinSelf, tasksetAvailable } from '../proc/pinning.js';
import type { Host } from '../hosts/host.js';
import type { LoadHosts } from '../hosts/load-hosts.js';
import { localHost } from '../hosts/local-host.js';
import { machineCpuTicks, othersBusyShare } from '../proc/proc-stat.js';
import { pollIdleCores } from '../proc/idle-polling.js';
import { failedTrial, Instances } from './instances.js';
import { type CheckedTrial, checkedTrial } from './checked-trial.js';
import { turnsTrial } from './turns-trial.js';
import { closeTurnsGuard, TURN_MS } from '../proc/turns.js';
import { warmupEnding } from './warmup.js';
import type { UpstreamWatch } from './upstream-check.js';
import type { TrialEngine } from '../engines/engine-plan.js';
import { calibrationFor, readCalibration } from '../results/calibration-file.js';
import { protocolsOf, scenarioProtocol } from '../suites/protocol.js';
import { summarize } from '../stats/summarize.js';
import { unsettledCells } from '../stats/until-stable.js';
import { wallShare } from '../model/wall-share.js';
import { mainJobBudgetSec, minimumRounds, nextRoundFits, type RoundBudget, roundsLikely } from './round-budget.js';

export interface RunSettings {
  suite: Suite;
  /** Targets to measure (all available). */
  targets: Target[];
  /** Targets that were asked for (or are in the default set) but cannot run here. */
  unavailable: Array<{ target: string; reason: string }>;
  scenarios: Scenario[];
  repeats: number;
  /** Each scenario's profile (fixed, or a ramp or rate) and window. */
  shapes: Record<string, ScenarioShape>;
  /** Longest warm-up per target start; it ends once throughput levels off (see warmup.ts). */
  warmupSec: number;
  /** Load sent right before each window, not measured: brings a target that idled while the others were measured back to speed. */
  trialWarmupSec: number;
  connections: number;
  pipelining: number;
  timeoutSec: number;
  engines: EnginePlan;
  runtime: Runtime;
  seed: number;
  baseline: string;
  /** Visits of the baseline in each scenario's pass of a round (1: once, like every target). */
  baselineVisits: number;
  /** Processes of every target, each measured once in each scenario's pass of a round (1: one). */
  processes: number;
  outDir: string;
  readyTimeoutMs: number;
  pin: boolean;
  quiet: boolean;
  /** The suite's services, already running: the core plan pins them and the result names them. */
  services?: Array<{ name: string; pid: number }>;
  /**
   * The time the planned rounds may take (round-budget.ts): `sec` from the run's start, or
   * the default run's budget for the run's starts when absent; no round starts that would end past it.
   */
  roundBudget?: { sec?: number };
  /** Keep adding rounds until every cell's intervals are within ± this share of its median, or the budget is spent. */
  untilStable?: { halfWidthShare: number; budgetSec: number };
  /** The upstream the suite's requests call (fanout): checked at every start and over every window. */
  upstream?: UpstreamWatch;
  /** V8 flags every target runs with (node and deno; default KEPT_UP_V8_FLAGS, none with --memory-reducer). */
  v8Flags: string[];
  /** Where the targets run (default: this machine; --server-host: another, over SSH). */
  host?: Host;
  /** Several load hosts running the k6 load (--load-hosts, connected): recorded, and a lost one stops the run. */
  loadHosts?: Pick<LoadHosts, 'records' | 'onLost'>;
  /** Make idle cores poll for the run where they halt at once (a KVM guest; proc/idle-polling.ts); false: leave them. */
  idlePolling: boolean;
  /** Measure every target in turns with a baseline process (turns-trial.ts); each side runs `durationSec` of its own. */
  turns?: boolean;
  /** With turns: the length of a turn (default TURN_MS). */
  turnMs?: number;
}

export interface RunOutcome {
  result: Result;
  runDir: string;
  interrupted: boolean;
}

/** What a run records of a target; its packages as loaded on the runtime it runs on. */
function targetInfo(target: Target, runtime: Runtime): TargetInfo {
  return {
    name: target.name,
    title: target.title,
    description: target.description,
    router: target.router,
    layer: target.layer,
    homepage: target.homepage,
    features: target.features ?? [],
    packages: packageVersions(target, target.runtime ?? runtime),
    ...(target.runtime && { runtime: runtimeRecord(target.runtime) }),
  };
}

export async function executeRun(settings: RunSettings): Promise<RunOutcome> {
  const usableCores = allowedCores();
  const services = settings.services ?? [];
  const host: Host = settings.host ?? localHost;
  const planned = host.planCores(
    usableCores,
    tasksetAvailable(),
    settings.pin,
    services.map((s) => s.name),
  );
  for (const service of services) pinRunning(service.pid, planned.services);
  const workers = settings.runtime.workers;
  const loadHosts = settings.loadHosts?.records().map((record) => record.name);
  const notes = [
    loadHosts ? planned.note.replace(GENERATOR_HERE, 'gauntlet') : planned.note,
    ...(workers
      ? [`${workers} cluster worker(s) per target on ${planned.server ? `core ${planned.server}` : 'any core'}`]
      : []),
    ...(loadHosts ? [`k6 on load hosts ${loadHosts.join(', ')}`] : []),
  ];
  const cores = { ...planned, note: notes.join('; ') };
  pinSelf(cores.engine);
  const polling = pollIdleCores(settings.idlePolling);
  const id = runId(settings.suite.name);
  const runDir = join(settings.outDir, id);
  mkdirSync(runDir, { recursive: true });

  // The warm-up runs once per target start (see warmup.ts); each trial has only its short own.
  // In turns each side runs half the time, so its load lasts twice as long for the same served seconds.
  const share = wallShare(settings.turns === true);
  const trialLoad = {
    connections: settings.connections,
    pipelining: settings.pipelining,
    warmupSec: settings.trialWarmupSec * share,
    timeoutSec: settings.timeoutSec,
  };
  const targetNames = settings.targets.map((t) => t.name);
  // the baseline is visited more than once only where there are others to divide by it, and at least once per process
  const baselineVisits =
    targetNames.length > 1 && targetNames.includes(settings.baseline)
      ? Math.max(settings.baselineVisits, settings.processes)
      : 1;
  const runsOn = scenarioRuns(settings.scenarios);
  const { shape: planShape, apart: shapesApart } = planShapes(settings.scenarios, settings.shapes, targetNames);
  const packages: Record<string, string> = {};
  for (const target of settings.targets)
    Object.assign(packages, packageVersions(target, target.runtime ?? settings.runtime));
  for (const engine of settings.engines.engines()) packages[engine.name] = engine.version();
  const calibration = readCalibration();
  const scenarioEngines = Object.fromEntries(
    settings.scenarios.map((scenario) => {
      const { engine, flags } = settings.engines.forScenario(scenario.name);
      // Calibrated over HTTP/1.1 only: an HTTP/2 load's cost per request is another figure.
      const ceiling =
        scenarioProtocol(scenario) === 'http1'
          ? calibrationFor(calibration, engine.name, settings.pipelining, scenario.load.length)
          : undefined;
      return [scenario.name, { name: engine.name, version: engine.version(), flags, calibration: ceiling }];
    }),
  );
  const environment = collectEnvironment({
    engine: scenarioEngines[settings.scenarios[0].name],
    scenarioEngines,
    pinning: cores,
    allowedCores: usableCores,
    packages,
    runtimes: runtimesUsed(settings.targets, settings.runtime),
    idlePolling: polling.record,
    cpuBusyBefore: await othersBusyShare(),
    serverHost: await host.describe?.(),
    loadHosts: settings.loadHosts?.records(),
  });
  const anchor = { target: settings.baseline, visits: baselineVisits };
  const starts = planStarts(targetNames, settings.seed, anchor, settings.processes);
  const budget: RoundBudget | undefined = settings.roundBudget && {
    sec: settings.roundBudget.sec ?? mainJobBudgetSec(starts.length * protocolsOf(settings.scenarios).length),
    minRounds: minimumRounds(settings.repeats),
  };
  const journalPlan: Plan = {
    suite: settings.suite.name,
    targets: [...targetNames, ...settings.unavailable.map((u) => u.target)],
    scenarios: settings.scenarios.map((s) => s.name),
    runtime: runtimesLine(settings.targets, settings.runtime),
    workers: settings.runtime.workers,
    repeats: settings.repeats,
    durationSec: planShape.durationSec,
    warmupSec: settings.warmupSec,
    trialWarmupSec: settings.trialWarmupSec,
    connections: settings.connections,
    pipelining: settings.pipelining,
    ...(planShape.profile.kind !== 'fixed' && { profile: formatProfile(planShape.profile) }),
    ...(planShape.reason && { profileReason: planShape.reason }),
    ...(shapesApart && { scenarioShapes: shapesApart }),
    engine: [...new Set(Object.values(scenarioEngines).map((e) => e.name))].join(', '),
    baseline: settings.baseline,
    ...(baselineVisits > 1 && { baselineVisits }),
    ...(settings.processes > 1 && { processes: settings.processes }),
    seed: settings.seed,
    scenarioWeights: Object.fromEntries(
      settings.scenarios.map((s) => [s.name, { category: s.category, weight: s.weight }]),
    ),
    categoryWeights: settings.suite.categoryWeights,
    untilStable: settings.untilStable,
    ...(budget && { roundBudget: budget }),
    ...(settings.turns && { turns: { turnMs: settings.turnMs ?? TURN_MS } }),
    // recorded even when empty (--memory-reducer): absent means a result from before flags were recorded
    v8Flags: settings.v8Flags,
    ...(settings.upstream && {
      upstream: {
        latencyMs: settings.upstream.upstream.latencyMs,
        payloadBytes: settings.upstream.upstream.key.payloadBytes,
        callsPerRequest: settings.upstream.contract.callsPerRequest,
        cores: planned.services,
        node: settings.upstream.upstream.node,
      },
    }),
  };
  const journal = Journal.create(join(runDir, JOURNAL_FILE), {
    id,
    startedAt: new Date().toISOString(),
    environment,
    plan: journalPlan,
    targets: settings.targets.map((target) => targetInfo(target, settings.runtime)),
    unavailable: settings.unavailable,
  });

  const ticksBefore = machineCpuTicks();
  const startedMs = Date.now();
  const scenarioNames = settings.scenarios.map((s) => s.name);
  // In turns the baseline is measured beside every other target, never on its own.
  const ownTrials = (planned: PlannedTrial[]) =>
    settings.turns ? planned.filter((trial) => trial.target !== settings.baseline) : planned;
  const queue = ownTrials(
    planTrials(targetNames, scenarioNames, settings.repeats, settings.seed, 1, runsOn, anchor, settings.processes),
  );
  const progress = createProgress(queue.length, settings.quiet);
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) return;
    progress.note(`\n${signal}: stopping the current trial; finished trials are kept in ${runDir}`);
    abort.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const onLost = (error: Error) => {
    if (abort.signal.aborted) return;
    progress.note(`\n${error.message}\nstopping; finished trials are kept in ${runDir}`);
    abort.abort(error);
  };
  host.onLost(onLost);
  settings.loadHosts?.onLost(onLost);

  const trials: Trial[] = [];
  const verification: Verification[] = [];
  const broken = new Map<string, string>();
  const record = {
    /** `partnerSide`: the baseline's side of a trial in turns, which the progress does not count. */
    trial(trial: Omit<Trial, 'index'>, partnerSide = false) {
      const indexed = {
        ...trial,
        runtime: runtimeRecord(
          runtimeOf(
            settings.targets.find((t) => t.name === trial.target),
            settings.runtime,
          ),
        ),
        index: trials.length,
      };
      trials.push(indexed);
      journal.trial(indexed);
      if (!partnerSide) progress.trialFinished(indexed);
    },
    verification(check: Verification) {
      verification.push(check);
      journal.verification(check);
    },
  };
  const instances = new Instances({
    suite: settings.suite.name,
    scenarios: settings.scenarios,
    extraChecks: settings.suite.extraChecks ?? [],
    engines: settings.engines,
    runtime: settings.runtime,
    host,
    cores,
    load: { connections: settings.connections, pipelining: settings.pipelining, timeoutSec: settings.timeoutSec },
    warmupMaxSec: settings.warmupSec,
    readyTimeoutMs: settings.readyTimeoutMs,
    v8Flags: settings.v8Flags,
    signal: abort.signal,
    broken,
    onStart(start) {
      journal.start(start);
      const { warmup } = start;
      progress.task(
        `  ${start.target} ready in ${start.readyMs} ms; warmed up ${warmup.seconds} s (${warmupEnding(warmup)})`,
      );
    },
    onVerification: record.verification,
    onTrial: record.trial,
    note: (message) => progress.note(message),
    upstream: settings.upstream,
  });
  const targetByName = new Map(settings.targets.map((t) => [t.name, t]));
  const scenarioByName = new Map(settings.scenarios.map((s) => [s.name, s]));
  /** Window per cell once a trial of it needed a longer one: later rounds start there. */
  const windows = new Map<string, number>();
  /** Trials in turns so far: which baseline process takes the next one. */
  let turnsTrials = 0;

  let rounds = settings.repeats;
  /** --until-stable: one more round of the targets whose cells are not settled, while the budget lasts. */
  const nextRound = () => {
    if (!settings.untilStable || (Date.now() - startedMs) / 1000 > settings.untilStable.budgetSec) return [];
    const summaries = summarize({ plan: journalPlan, trials, verification, unavailable: settings.unavailable });
    const targets = [
      ...new Set(unsettledCells(summaries, settings.untilStable.halfWidthShare).map((s) => s.target)),
    ].filter((t) => !broken.has(t));
    if (targets.length === 0) return [];
    rounds++;
    const more = ownTrials(
      planTrials(targets, scenarioNames, 1, settings.seed + rounds, rounds, runsOn, anchor, settings.processes),
    );
    progress.extend(more.length);
    return more;
  };

  try {
    // Every target starts (and warms up) before the first window, in the order planStarts gives, and stays up.
    for (const { target: name, process: index } of starts) {
      const count = processCount(name, anchor, settings.processes);
      for (const protocol of protocolsOf(settings.scenarios)) {
        if (abort.signal.aborted) break;
        const first = settings.scenarios.find((s) => scenarioProtocol(s) === protocol)!;
        progress.task(
          `starting ${name}${count > 1 ? ` (process ${index} of ${count})` : ''}${protocol === 'http1' ? '' : ` over ${protocol}`}, warming up`,
        );
        await instances.get(targetByName.get(name)!, protocol, 1, first.name, count > 1 ? index : undefined);
      }
    }
    /** The round under way, and when it began: a budget decides at each round's end whether another fits. */
    let round = { number: 0, startedMs: 0 };
    /** Trials queued in rounds the budget will likely not reach, left out of the progress's total (its ETA). */
    let beyondBudget = 0;
    for (;;) {
      if (abort.signal.aborted) break;
      if (queue.length === 0) queue.push(...nextRound());
      if (budget && queue.length > 0 && queue[0].round !== round.number) {
        const now = Date.now();
        const progressSoFar = {
          roundsDone: round.number,
          elapsedSec: (now - startedMs) / 1000,
          lastRoundSec: (now - round.startedMs) / 1000,
        };
        if (round.number > 0) {
          if (!nextRoundFits(budget, progressSoFar)) {
            progress.note(
              `${round.number} of ${settings.repeats} rounds in ${Math.round(progressSoFar.elapsedSec)} s: one more, as long as the last (${progressSoFar.lastRoundSec.toFixed(1)} s), would end past the run's budget of ${budget.sec} s`,
            );
            progress.extend(-(queue.length - beyondBudget));
            queue.length = 0;
            break;
          }
          const likely = roundsLikely(budget, progressSoFar, settings.repeats);
          const beyond = queue.filter((t) => t.round > likely).length;
          progress.extend(beyondBudget - beyond);
          beyondBudget = beyond;
        }
        round = { number: queue[0].round, startedMs: now };
      }
      const planned = queue.shift();
      if (!planned) break;
      const target = targetByName.get(planned.target)!;
      const scenario = scenarioByName.get(planned.scenario)!;
      const protocol = scenarioProtocol(scenario);
      if (instances.isBroken(target.name, protocol)) continue;
      progress.trialStarted(planned.round, target.name, scenario.name);
      const instance = await instances.get(target, protocol, planned.round, scenario.name, planned.process);
      if (!instance) continue;
      let engine: TrialEngine;
      try {
        engine = settings.engines.forTrial(scenario, instance.quirks);
      } catch (error) {
        // A named engine (--engine) that cannot read this target's answers.
        record.trial(failedTrial(planned.round, target.name, scenario.name, (error as Error).message));
        continue;
      }
      const cell = `${target.name}\u0000${scenario.name}`;
      const shape = settings.shapes[scenario.name];
      const context = {
        round: planned.round,
        scenario,
        load: {
          ...trialLoad,
          durationSec: windows.get(cell) ?? shape.durationSec * share,
          ...(shape.profile.kind !== 'fixed' && { profile: shape.profile }),
        },
        askedSec: shape.durationSec * share,
        engineCores: cores.engine,
        signal: abort.signal,
        upstream: settings.upstream,
      };
      const measured: Array<{ checked: CheckedTrial; process?: number; partnerSide?: boolean }> = [];
      if (settings.turns) {
        // the baseline's processes take turns in order, so each serves as many trials
        const count = processCount(settings.baseline, anchor, settings.processes);
        const partnerProcess = count > 1 ? (turnsTrials++ % count) + 1 : undefined;
        const baseline = targetByName.get(settings.baseline)!;
        const partner = await instances.get(baseline, protocol, planned.round, scenario.name, partnerProcess);
        let partnerEngine: TrialEngine | undefined;
        try {
          partnerEngine = partner && settings.engines.forTrial(scenario, partner.quirks);
        } catch {
          // said below: the baseline cannot be measured with this engine
        }
        if (!partner || !partnerEngine) {
          const why = broken.get(settings.baseline) ?? 'it could not be started or measured';
          record.trial(
            failedTrial(planned.round, target.name, scenario.name, `no baseline to take turns with: ${why}`),
          );
          continue;
        }
        const pair = await turnsTrial({
          ...context,
          target: { instance, engine, process: planned.process },
          baseline: { instance: partner, engine: partnerEngine, process: partnerProcess },
          groups: instances.groups(),
          turnMs: settings.turnMs,
        });
        measured.push({ checked: pair.baseline, process: partnerProcess, partnerSide: true });
        measured.push({ checked: pair.target, process: planned.process });
      } else {
        const checked = await checkedTrial({
          ...context,
          instance,
          engine,
          neighbours: instances.groups().filter((pgid) => pgid !== instance.running.process.pid),
        });
        measured.push({ checked, process: planned.process });
      }
      for (const { checked, process: processIndex, partnerSide } of measured) {
        const { trial, wrongAnswer } = checked;
        const key = `${trial.target}\u0000${trial.scenario}`;
        if (trial.windowExtended) windows.set(key, trial.windowExtended.toSec);
        if (wrongAnswer) {
          record.verification(wrongAnswer);
          broken.set(trial.target, trial.reason ?? 'answered wrongly under load');
          progress.note(`${trial.target} ${trial.reason}: it is not measured further`);
        }
        record.trial(processIndex === undefined ? trial : { ...trial, process: processIndex }, partnerSide);
      }
    }
  } finally {
    await instances.stopAll();
    await closeTurnsGuard();
    await settings.engines.close();
    polling.restore();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    progress.stop();
  }

  const { result, interrupted } = finishRun(journal, runDir, abort.signal, ticksBefore);
  return { result, runDir, interrupted };
}
