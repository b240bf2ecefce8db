/**
 * Runs a whole plan: for each visit, start the target, verify every scenario, measure the
 * visit's scenarios, stop it. Every verification and trial goes to the journal as it ends;
 * Ctrl-C stops the current trial, keeps everything finished, and still writes the result.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EnginePlan } from '../engines/engine-plan.js';
import { planVisits, trialCount } from '../plan/plan.js';
import { createProgress } from '../progress/progress.js';
import { resultFromJournal } from '../results/assemble.js';
import { collectEnvironment } from '../results/environment.js';
import { Journal, readJournal } from '../results/journal.js';
import type { Plan, Result, TargetInfo, Trial, Verification } from '../results/schema.js';
import { JOURNAL_FILE, writeResult } from '../results/store.js';
import type { Runtime } from '../runtimes/runtime.js';
import { runtimeOf, runtimeRecord, runtimesLine, runtimesUsed } from '../runtimes/runtime-record.js';
import type { Scenario, Suite } from '../suites/types.js';
import { packageVersions } from '../targets/availability.js';
import type { Target } from '../targets/registry.js';
import { allowedCores, pinSelf, planCores, tasksetAvailable } from './pinning.js';
import { loadAverage, machineCpuTicks, stealShare } from './proc-stat.js';
import { runVisit, type VisitContext } from './visit.js';
import { calibrationFor, readCalibration } from '../calibrate/calibration-file.js';
import { scenarioProtocol } from '../suites/protocol.js';
import { summarize } from '../stats/summarize.js';
import { unsettledCells } from '../stats/stability.js';

export interface RunSettings {
  suite: Suite;
  /** Targets to measure (all available). */
  targets: Target[];
  /** Targets that were asked for (or are in the default set) but cannot run here. */
  unavailable: Array<{ target: string; reason: string }>;
  scenarios: Scenario[];
  repeats: number;
  durationSec: number;
  warmupSec: number;
  connections: number;
  pipelining: number;
  timeoutSec: number;
  engines: EnginePlan;
  runtime: Runtime;
  seed: number;
  baseline: string;
  outDir: string;
  readyTimeoutMs: number;
  pin: boolean;
  quiet: boolean;
  /** Keep adding rounds until every cell's intervals are within ± this share of its median, or the budget is spent. */
  untilStable?: { halfWidthShare: number; budgetSec: number };
}

export interface RunOutcome {
  result: Result;
  runDir: string;
  interrupted: boolean;
}

function targetInfo(target: Target): TargetInfo {
  return {
    name: target.name,
    title: target.title,
    description: target.description,
    router: target.router,
    layer: target.layer,
    homepage: target.homepage,
    features: target.features ?? [],
    packages: packageVersions(target),
    ...(target.runtime && { runtime: runtimeRecord(target.runtime) }),
  };
}

function runId(suite: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '')}-${suite}`;
}

export async function executeRun(settings: RunSettings): Promise<RunOutcome> {
  const usableCores = allowedCores();
  const planned = planCores(usableCores, tasksetAvailable(), settings.pin);
  const workers = settings.runtime.workers;
  const cores = workers
    ? { ...planned, note: `${planned.note}; ${workers} cluster worker(s) per target on ${planned.server ? `core ${planned.server}` : 'any core'}` }
    : planned;
  pinSelf(cores.engine);
  const id = runId(settings.suite.name);
  const runDir = join(settings.outDir, id);
  mkdirSync(runDir, { recursive: true });

  const loadSettings = {
    connections: settings.connections,
    pipelining: settings.pipelining,
    warmupSec: settings.warmupSec,
    durationSec: settings.durationSec,
    timeoutSec: settings.timeoutSec,
  };
  // The warm-up runs once per target start (see warmup.ts), so trials themselves have none.
  const trialLoad = { ...loadSettings, warmupSec: 0 };
  const packages: Record<string, string> = {};
  for (const target of settings.targets) Object.assign(packages, packageVersions(target));
  for (const engine of settings.engines.engines()) packages[engine.name] = engine.version();
  const calibration = readCalibration();
  const scenarioEngines = Object.fromEntries(
    settings.scenarios.map((scenario) => {
      const { engine, flags } = settings.engines.forScenario(scenario.name);
      // Calibrated over HTTP/1.1 only: an HTTP/2 load's cost per request is another figure.
      const ceiling = scenarioProtocol(scenario) === 'http1' ? calibrationFor(calibration, engine.name, settings.pipelining) : undefined;
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
  });
  const targetNames = settings.targets.map((t) => t.name);
  const journalPlan: Plan = {
    suite: settings.suite.name,
    targets: [...targetNames, ...settings.unavailable.map((u) => u.target)],
    scenarios: settings.scenarios.map((s) => s.name),
    runtime: runtimesLine(settings.targets, settings.runtime),
    workers: settings.runtime.workers,
    repeats: settings.repeats,
    durationSec: settings.durationSec,
    warmupSec: settings.warmupSec,
    connections: settings.connections,
    pipelining: settings.pipelining,
    engine: [...new Set(Object.values(scenarioEngines).map((e) => e.name))].join(', '),
    baseline: settings.baseline,
    seed: settings.seed,
    scenarioWeights: Object.fromEntries(settings.scenarios.map((s) => [s.name, { category: s.category, weight: s.weight }])),
    categoryWeights: settings.suite.categoryWeights,
    untilStable: settings.untilStable,
  };
  const journal = Journal.create(join(runDir, JOURNAL_FILE), {
    id,
    startedAt: new Date().toISOString(),
    environment,
    plan: journalPlan,
    targets: settings.targets.map(targetInfo),
    unavailable: settings.unavailable,
  });

  const ticksBefore = machineCpuTicks();
  const startedMs = Date.now();
  const scenarioNames = settings.scenarios.map((s) => s.name);
  const queue = planVisits(targetNames, scenarioNames, settings.repeats, settings.seed);
  const progress = createProgress(trialCount(queue), settings.quiet);
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) return;
    progress.note(`\n${signal}: stopping the current trial; finished trials are kept in ${runDir}`);
    abort.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const trials: Trial[] = [];
  const verification: Verification[] = [];
  const broken = new Map<string, string>();
  const context: VisitContext = {
    suite: settings.suite.name,
    scenarios: settings.scenarios,
    extraChecks: settings.suite.extraChecks ?? [],
    engines: settings.engines,
    runtime: settings.runtime,
    cores,
    load: trialLoad,
    warmupSec: settings.warmupSec,
    readyTimeoutMs: settings.readyTimeoutMs,
    signal: abort.signal,
    broken,
    onTrialStart: (round, target, scenario) => progress.trialStarted(round, target, scenario),
    onTrial(trial) {
      const indexed = { ...trial, runtime: runtimeRecord(runtimeOf(settings.targets.find((t) => t.name === trial.target), settings.runtime)), index: trials.length };
      trials.push(indexed);
      journal.trial(indexed);
      progress.trialFinished(indexed);
    },
    onVerification(check) {
      verification.push(check);
      journal.verification(check);
    },
    note: (message) => progress.note(message),
  };

  let rounds = settings.repeats;
  /** --until-stable: one more round of the targets whose cells are not settled, while the budget lasts. */
  const nextRound = () => {
    if (!settings.untilStable || (Date.now() - startedMs) / 1000 > settings.untilStable.budgetSec) return [];
    const summaries = summarize({ plan: journalPlan, trials, verification, unavailable: settings.unavailable });
    const targets = [...new Set(unsettledCells(summaries, settings.untilStable.halfWidthShare).map((s) => s.target))].filter((t) => !broken.has(t));
    if (targets.length === 0) return [];
    rounds++;
    const visits = planVisits(targets, scenarioNames, 1, settings.seed + rounds).map((visit) => ({ ...visit, round: rounds }));
    progress.extend(trialCount(visits));
    return visits;
  };

  try {
    for (;;) {
      if (abort.signal.aborted) break;
      if (queue.length === 0) queue.push(...nextRound());
      const visit = queue.shift();
      if (!visit) break;
      if (broken.has(visit.target)) continue;
      await runVisit(settings.targets.find((t) => t.name === visit.target)!, visit, context);
    }
  } finally {
    await settings.engines.close();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    progress.stop();
  }

  const interrupted = abort.signal.aborted;
  journal.end({
    finishedAt: new Date().toISOString(),
    complete: !interrupted,
    interruption: interrupted ? String((abort.signal.reason as Error).message) : undefined,
    loadAverageAfter: loadAverage(),
    cpuStealShare: stealShare(ticksBefore, machineCpuTicks()),
  });
  const result = resultFromJournal(readJournal(journal.file));
  writeResult(runDir, result);
  return { result, runDir, interrupted };
}

