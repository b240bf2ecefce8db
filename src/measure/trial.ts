/**
 * One trial: warm-up and measured load of one scenario against a running target, with the
 * server's CPU and memory sampled over exactly the measured window and the generator's own
 * CPU recorded beside it.
 */
import type { Engine, EngineMeasurement, LoadSpec } from '../engines/engine.js';
import type { EngineFailure } from '../engines/engine-failure.js';
import { failureCause } from './engine-retry.js';
import { engineChecks } from './wrong-answers.js';
import { describeStage, formatProfile, type LoadProfile } from '../engines/profile.js';
import type { Measurement, Trial, TrialFlag } from '../model/schema.js';
import type { Scenario } from '../suites/types.js';
import type { WindowUsage } from '../hosts/host.js';
import { usageOf, type UsageSnapshot } from '../proc/proc-stat.js';
import type { RunningTarget } from './target-process.js';
import { windowShortfall } from './window.js';

/** A generator busier than this share of one core is measuring itself. */
export const GENERATOR_BOUND_CORES = 0.9;
/** A measured window shorter than this share of the asked duration is flagged. */
export const SHORT_WINDOW_SHARE = 0.9;

export interface TrialContext {
  round: number;
  running: RunningTarget;
  scenario: Scenario;
  engine: Engine;
  /** Set when `engine` is not the scenario's engine: its flags and why it took over. */
  engineFallback?: { flags: string; reason: string };
  load: Omit<LoadSpec, 'baseUrl' | 'requests'>;
  engineCores?: string;
  signal: AbortSignal;
  /** Process groups of the other targets kept up on the server's core: the previous trial's target may still be finishing its load. */
  neighbours?: number[];
  /** Told when the measured window starts and ends, beside the samplers (the upstream's count and CPU, a trial's turns). */
  windowWatch?: WindowWatch;
  /** The engine lane (EngineRunOptions.lane): trials in turns run two loads at once. */
  lane?: number;
  /** The answers an engine that reads bodies checks every response against (load-answers.ts). */
  expectedAnswers?: LoadSpec['expectedAnswers'];
}

export interface WindowWatch {
  /** The load is about to start: its unmeasured warm-up comes before the window (the checker judges answers there too). */
  loadStart?(): void;
  begin(): void;
  end(): void;
}

export async function runTrial(context: TrialContext): Promise<Omit<Trial, 'index'>> {
  const { running, scenario, engine } = context;
  const startedAt = new Date().toISOString();
  // The previous load's leftovers (warm-up or trial) must not fall into this window.
  const settle = await running.host.waitUntilIdle([running.process.pid, ...(context.neighbours ?? [])], context.signal);
  const base = {
    round: context.round,
    target: running.target.name,
    scenario: scenario.name,
    startedAt,
    engine: engine.name,
    ...(context.engineFallback && { engineFallback: { version: engine.version(), ...context.engineFallback } }),
    settle,
  };
  // The load speaks what the target was started to serve (HTTP/1.1 specs stay as they were: no protocol field).
  const spec: LoadSpec = {
    ...context.load,
    baseUrl: running.baseUrl,
    requests: scenario.load,
    expectedStatuses: expectedStatuses(scenario),
    ...protocolField(running),
    ...(context.expectedAnswers && { expectedAnswers: context.expectedAnswers }),
  };

  const meter = running.host.meter(running.process.pid, { series: true });
  let serverUsage: Promise<WindowUsage> | undefined;
  let generatorPid = 0;
  let windowBegun = false;
  let generatorStart: UsageSnapshot | undefined;
  let generatorEnd: UsageSnapshot | undefined;

  // A crash of the target ends the trial at once instead of letting the engine hammer a closed port.
  const crashed = new AbortController();
  const onAbort = () => crashed.abort(context.signal.reason);
  context.signal.addEventListener('abort', onAbort);
  void running.process.exited.then(() => crashed.abort(new Error('target exited')));

  let measurement: EngineMeasurement;
  context.windowWatch?.loadStart?.();
  try {
    measurement = await engine.run(
      spec,
      {
        windowStart(pid) {
          windowBegun = true;
          // pid 0: the generator runs elsewhere and reports its own CPU (measurement.generator)
          generatorPid = pid;
          if (pid > 0) generatorStart = usageOf([pid]);
          meter.begin();
          context.windowWatch?.begin();
        },
        windowEnd() {
          context.windowWatch?.end();
          serverUsage = meter.end();
          if (generatorPid > 0) generatorEnd = usageOf([generatorPid]);
        },
      },
      {
        cores: context.engineCores,
        lane: context.lane,
        deadlineMs: (context.load.warmupSec + context.load.durationSec) * 1000 * 3 + 15000,
        signal: crashed.signal,
      },
    );
  } catch (error) {
    if (windowBegun && !serverUsage) void meter.end().catch(() => undefined);
    await serverUsage?.catch(() => undefined);
    const cause = failureCause(error, await exitedSoon(running));
    if (cause === 'target-died') return { ...base, ...(await targetDied(running)) };
    if (cause === 'engine-failed') return { ...base, ...engineFailed(error as EngineFailure) };
    return { ...base, status: 'failed', flags: [], reason: (error as Error).message };
  } finally {
    context.signal.removeEventListener('abort', onAbort);
  }

  const expected = new Set(expectedStatuses(scenario).map(String));
  const unexpectedStatus = Object.entries(measurement.statusCounts)
    .filter(([code]) => !expected.has(code))
    .reduce((sum, [, count]) => sum + count, 0);
  let server: WindowUsage;
  try {
    server = await serverUsage!;
  } catch (error) {
    return {
      ...base,
      status: 'failed',
      flags: [],
      reason: `the server's CPU could not be read: ${(error as Error).message}`,
    };
  }
  const generatorCpu = measurement.generator
    ? measurement.generator.cpuSeconds
    : generatorStart && generatorEnd
      ? Math.max(0, generatorEnd.cpuSeconds - generatorStart.cpuSeconds)
      : 0;
  const requests = measurement.requests;
  const perRequestUs = (cpuSeconds: number) => (requests > 0 ? (cpuSeconds * 1e6) / requests : 0);
  const result: Measurement = {
    durationSec: measurement.durationSec,
    requests,
    requestsPerSec: measurement.durationSec > 0 ? requests / measurement.durationSec : 0,
    errors: measurement.errors,
    timeouts: measurement.timeouts,
    statusCounts: measurement.statusCounts,
    unexpectedStatus,
    bytes: measurement.bytes,
    bytesPerSec: measurement.durationSec > 0 ? measurement.bytes / measurement.durationSec : 0,
    latencyMs: measurement.latencyMs,
    ...(measurement.latencyPer && { latencyPer: measurement.latencyPer }),
    ...(measurement.headerCompression !== undefined && { headerCompression: measurement.headerCompression }),
    ...(measurement.bodyBytes !== undefined && { bodyBytes: measurement.bodyBytes }),
    ...profileFigures(context.load.profile, engine, measurement),
    server: {
      cpuSeconds: server.cpuSeconds,
      cpuUsPerRequest: perRequestUs(server.cpuSeconds),
      cpuCores: server.cpuCores,
      maxCpuPercent: server.maxCpuPercent,
      peakRssBytes: server.peakRssBytes,
      rssSeries: server.rssSeries,
    },
    generator: {
      // several load hosts: the busiest one is the one that may have capped the load
      cpuCores: measurement.generator?.busiestCores ?? (server.wallSeconds > 0 ? generatorCpu / server.wallSeconds : 0),
      cpuUsPerRequest: perRequestUs(generatorCpu),
    },
    ...(measurement.loadHosts && { loadHosts: measurement.loadHosts }),
  };

  const flags: TrialFlag[] = [];
  if (result.generator.cpuCores >= GENERATOR_BOUND_CORES) flags.push('generator-bound');
  if (result.errors > result.timeouts) flags.push('errors');
  if (result.timeouts > 0) flags.push('timeouts');
  if (unexpectedStatus > 0) flags.push('unexpected-status');
  if (result.durationSec < context.load.durationSec * SHORT_WINDOW_SHARE) flags.push('short-window');
  const fixed = !context.load.profile || context.load.profile.kind === 'fixed';
  // A profile's window is its stages: too few responses there is what the profile asked for.
  if (fixed && windowShortfall(result)) flags.push('window-too-short');
  if ((result.dropped ?? 0) > 0) flags.push('dropped-requests');
  const invalid = flags.some((flag) => flag !== 'generator-bound');
  const shortfall = flags.includes('window-too-short') ? windowShortfall(result) : undefined;
  const checked = engineChecks(engine.name, measurement);
  return {
    ...base,
    answerChecks: { engine: checked.checks },
    ...(checked.wrong.length > 0 && { wrongAnswers: checked.wrong }),
    status: invalid ? 'invalid' : 'ok',
    reason: invalid
      ? `not trusted: ${flags.filter((f) => f !== 'generator-bound').join(', ')}${shortfall ? ` (${shortfall.reason})` : ''}`
      : undefined,
    flags,
    measurement: result,
  };
}

/** What a trial records when its engine failed while the target lived: the engine's failure, with what it wrote to stderr. */
export function engineFailed(error: EngineFailure): Pick<Trial, 'status' | 'flags' | 'reason' | 'engineFailures'> {
  return {
    status: 'failed',
    flags: ['engine-failed'],
    reason: `the engine ${error.engine} failed, not the target: ${error.message}`,
    engineFailures: [
      {
        engine: error.engine,
        reason: error.message,
        ...(error.exit && { code: error.exit.code, signal: error.exit.signal }),
        stderr: error.stderr,
      },
    ],
  };
}

/** The statuses a scenario's load may get: its own list, else those of its checks. */
export function expectedStatuses(scenario: Scenario): number[] {
  return [...new Set(scenario.expectedStatuses ?? scenario.checks.map((check) => check.expect.status))];
}

/** The load shape, per-stage figures and dropped requests of a ramp or rate trial (nothing for fixed). */
function profileFigures(
  profile: LoadProfile | undefined,
  engine: Engine,
  measurement: EngineMeasurement,
): Pick<Measurement, 'load' | 'stages' | 'scheduled' | 'dropped'> {
  if (!profile || profile.kind === 'fixed') return {};
  const model = profile.kind === 'ramp' ? 'closed' : engine.capabilities.openArrivalRate ? 'open' : 'capped';
  const stages = measurement.stages?.map((stage) => ({
    ...stage,
    label: describeStage(profile.kind, profile.stages[stage.index]),
  }));
  return {
    load: { profile: formatProfile(profile), model, latencyFrom: measurement.latencyFrom ?? 'send' },
    ...(stages && { stages }),
    ...(measurement.scheduled !== undefined && { scheduled: measurement.scheduled }),
    ...(measurement.dropped !== undefined && { dropped: measurement.dropped }),
  };
}

/** `{ protocol }` for an HTTP/2 target, nothing for HTTP/1.1. */
export function protocolField(running: Pick<RunningTarget, 'protocol'>): Pick<LoadSpec, 'protocol'> {
  return running.protocol === 'http1' ? {} : { protocol: running.protocol };
}

/** A trial failed by its target's death: how it ended and its last output (awaits the exit). */
export async function targetDied(running: RunningTarget): Promise<Pick<Trial, 'status' | 'flags' | 'reason' | 'exit'>> {
  const how = await running.process.exited;
  return {
    status: 'failed',
    flags: [],
    reason: `the target died during the trial (${how.signal ?? `exit code ${how.code}`})`,
    exit: { code: how.code, signal: how.signal, lastOutput: running.process.output.text() },
  };
}

/** After a failure (the engine's, or a check's), give a dying target a moment to be seen as dead. */
export async function exitedSoon(running: RunningTarget): Promise<boolean> {
  if (running.process.hasExited()) return true;
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 300));
  return Promise.race([running.process.exited.then(() => true as const), timeout]);
}
