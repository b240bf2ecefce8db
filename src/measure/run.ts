/**
 * Runs a whole plan: for each visit, start the target, verify every scenario, measure the
 * visit's scenarios, stop it. Every verification and trial goes to the journal as it ends;
 * Ctrl-C stops the current trial, keeps everything finished, and still writes the result.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../engines/engine.js';
import { planVisits, trialCount } from '../plan/plan.js';
import { createProgress } from '../progress/progress.js';
import { resultFromJournal } from '../results/assemble.js';
import { collectEnvironment } from '../results/environment.js';
import { Journal, readJournal } from '../results/journal.js';
import type { Result, TargetInfo, Trial } from '../results/schema.js';
import { JOURNAL_FILE, writeResult } from '../results/store.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Scenario, Suite } from '../suites/types.js';
import { packageVersions } from '../targets/availability.js';
import type { Target } from '../targets/registry.js';
import { allowedCores, pinSelf, planCores, tasksetAvailable } from './pinning.js';
import { loadAverage } from './proc-stat.js';
import { startTarget, TargetStartError, type RunningTarget } from './target-process.js';
import { runTrial } from './trial.js';
import { warmUp } from './warmup.js';
import { verifyScenarios } from './verify.js';

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
  engine: Engine;
  runtime: Runtime;
  seed: number;
  baseline: string;
  outDir: string;
  readyTimeoutMs: number;
  pin: boolean;
  quiet: boolean;
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
  };
}

function runId(suite: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '')}-${suite}`;
}

export async function executeRun(settings: RunSettings): Promise<RunOutcome> {
  const usableCores = allowedCores();
  const cores = planCores(usableCores, tasksetAvailable(), settings.pin);
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
  packages[settings.engine.name] = settings.engine.version();
  const environment = collectEnvironment({
    engine: { name: settings.engine.name, version: settings.engine.version(), flags: settings.engine.describeFlags({ ...loadSettings, baseUrl: '', requests: [] }) },
    pinning: cores,
    allowedCores: usableCores,
    packages,
  });
  const targetNames = settings.targets.map((t) => t.name);
  const journal = Journal.create(join(runDir, JOURNAL_FILE), {
    id,
    startedAt: new Date().toISOString(),
    environment,
    plan: {
      suite: settings.suite.name,
      targets: [...targetNames, ...settings.unavailable.map((u) => u.target)],
      scenarios: settings.scenarios.map((s) => s.name),
      runtime: `${settings.runtime.name} ${settings.runtime.version}`,
      repeats: settings.repeats,
      durationSec: settings.durationSec,
      warmupSec: settings.warmupSec,
      connections: settings.connections,
      pipelining: settings.pipelining,
      engine: settings.engine.name,
      baseline: settings.baseline,
      seed: settings.seed,
    },
    targets: settings.targets.map(targetInfo),
    unavailable: settings.unavailable,
  });

  const visits = planVisits(targetNames, settings.scenarios.map((s) => s.name), settings.repeats, settings.seed);
  const progress = createProgress(trialCount(visits), settings.quiet);
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) return;
    progress.note(`\n${signal}: stopping the current trial; finished trials are kept in ${runDir}`);
    abort.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const broken = new Map<string, string>(); // target -> why it is not visited again
  let trialIndex = 0;
  const record = (trial: Omit<Trial, 'index'>) => {
    const indexed = { ...trial, index: trialIndex++ };
    journal.trial(indexed);
    progress.trialFinished(indexed);
  };

  try {
    for (const visit of visits) {
      if (abort.signal.aborted) break;
      const target = settings.targets.find((t) => t.name === visit.target)!;
      const scenariosOfVisit = visit.scenarios.map((name) => settings.scenarios.find((s) => s.name === name)!);
      let running: RunningTarget | undefined;
      for (const scenario of scenariosOfVisit) {
        if (abort.signal.aborted || broken.has(target.name)) break;
        progress.trialStarted(visit.round, target.name, scenario.name);
        const base = { round: visit.round, target: target.name, scenario: scenario.name, startedAt: new Date().toISOString(), flags: [] };
        if (!running || running.process.hasExited()) {
          try {
            running = await startTarget({ target, suite: settings.suite.name, runtime: settings.runtime, cores: cores.server, readyTimeoutMs: settings.readyTimeoutMs });
          } catch (error) {
            const reason = (error as Error).message;
            const exit = error instanceof TargetStartError ? { code: error.exitCode ?? null, signal: null, lastOutput: error.lastOutput } : undefined;
            broken.set(target.name, reason);
            record({ ...base, status: 'failed', reason, exit });
            break;
          }
          const failures = await verifyScenarios(running.baseUrl, settings.scenarios);
          journal.verification({ target: target.name, round: visit.round, ok: failures.length === 0, failures });
          if (failures.length > 0) {
            broken.set(target.name, 'failed verification');
            progress.note(`${target.name} answered wrongly, it is not measured:\n${failures.map((f) => `  ${f.scenario}: ${f.request}: ${f.reason}`).join('\n')}`);
            break;
          }
          if (settings.warmupSec > 0) {
            await warmUp(running, scenariosOfVisit, settings.engine, { ...trialLoad, durationSec: settings.warmupSec }, { cores: cores.engine, signal: abort.signal }).catch(
              () => undefined, // a target that died warming up is caught by the trial that follows
            );
          }
        }
        record(
          await runTrial({ round: visit.round, running, scenario, engine: settings.engine, load: trialLoad, engineCores: cores.engine, signal: abort.signal }),
        );
      }
      await running?.process.stop();
    }
  } finally {
    await settings.engine.close();
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
  });
  const result = resultFromJournal(readJournal(journal.file));
  writeResult(runDir, result);
  return { result, runDir, interrupted };
}

