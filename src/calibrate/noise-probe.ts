/**
 * gauntlet doctor --noise: how noisy this machine is this hour, in the default run's own windows.
 *
 * One node-http process, started and warmed up as the default run starts its targets, loaded
 * back to back with the default run's own trials (its engine, window, unmeasured load before
 * each window, the wait for an idle server), for a few dozen windows. Every window does the
 * same work, so their spread is the machine's (stats/window-noise.ts). It takes under a minute;
 * `npm run bench:stability` measures, in about ten, what the noise does to the default run's
 * ranking.
 */
import { UserError } from '../core/errors.js';
import { chooseEngine } from '../engines/registry.js';
import { loadNeeds } from '../engines/needs.js';
import type { LoadSpec } from '../engines/engine.js';
import { allowedCores, pinSelf, planCores, tasksetAvailable } from '../proc/pinning.js';
import { machineCpuTicks, stealShare } from '../proc/proc-stat.js';
import { startTarget } from '../measure/target-process.js';
import { runTrial } from '../measure/trial.js';
import { warmUp } from '../measure/warmup.js';
import { resolveRuntimes } from '../runtimes/resolve-runtime.js';
import { KEPT_UP_V8_FLAGS } from '../runtimes/runtime.js';
import { helloSuite } from '../suites/hello/suite.js';
import { loadTargets } from '../targets/registry.js';
import { windowNoise, type WindowNoise } from '../stats/window-noise.js';
import { type IdlePollingRecord, pollIdleCores } from '../proc/idle-polling.js';

/** The probe's server and scenario: the default run's baseline and its cheapest answer to get right. */
const PROBE_TARGET = 'node-http';
const PROBE_SCENARIO = 'json';
/** Fewer windows say too little about a spread: the probe goes on until it has these many. */
export const MIN_PROBE_WINDOWS = 8;

export interface NoiseProbeOptions {
  /** Seconds of windows to measure (the start and warm-up come before). */
  seconds: number;
  /** The default run's load: connections, pipelining, window and the unmeasured load before it. */
  load: Omit<LoadSpec, 'baseUrl' | 'requests'>;
  /** Longest warm-up after the start, seconds. */
  warmupMaxSec: number;
  runtimeId: string;
  /** Make idle cores that halt at once poll while the probe runs, as a run does (default true). */
  idlePolling?: boolean;
  signal?: AbortSignal;
  report?: (line: string) => void;
}

export interface NoiseWindow {
  startedAt: string;
  requestsPerSec: number;
  cpuUsPerRequest: number;
}

export interface NoiseProbe {
  measuredAt: string;
  target: string;
  scenario: string;
  runtime: string;
  engine: { name: string; version: string; flags: string };
  cores: { server?: string; engine?: string };
  warmup: { seconds: number; steady: boolean };
  windows: NoiseWindow[];
  /** Windows that were not clean (errors, too short): left out, with why. */
  dropped: Array<{ startedAt: string; reason: string }>;
  /** Share of the machine's CPU time the hypervisor stole while the windows ran. */
  steal?: number;
  /** What idle cores did meanwhile, on a KVM guest with the haltpoll governor (proc/idle-polling.ts). */
  idlePolling?: IdlePollingRecord;
  noise: WindowNoise;
}

export async function probeNoise(options: NoiseProbeOptions): Promise<NoiseProbe> {
  const report = options.report ?? (() => undefined);
  const signal = options.signal ?? new AbortController().signal;
  const scenario = helloSuite.scenarios.find((s) => s.name === PROBE_SCENARIO)!;
  const engine = chooseEngine({ ...loadNeeds([scenario], options.load.pipelining), subSecondWindows: true });
  const [runtime] = await resolveRuntimes([options.runtimeId], false);
  const target = (await loadTargets()).find((t) => t.name === PROBE_TARGET)!;
  const cores = planCores(allowedCores(), tasksetAvailable());
  pinSelf(cores.engine);
  const polling = pollIdleCores(options.idlePolling ?? true);

  report(`starting ${PROBE_TARGET} on ${runtime.id}, warming up`);
  const running = await startTarget({
    target,
    suite: helloSuite.name,
    runtime,
    cores: cores.server,
    readyTimeoutMs: 30_000,
    v8Flags: KEPT_UP_V8_FLAGS,
  }).catch((error: Error) => {
    polling.restore();
    throw new UserError('GAUNTLET_NOISE_PROBE_FAILED', `${PROBE_TARGET} did not start: ${error.message}`);
  });
  try {
    const warmup = await warmUp(running, [scenario], engine, options.load, {
      cores: cores.engine,
      signal,
      maxSec: options.warmupMaxSec,
    });
    report(
      `${engine.name} windows of ${options.load.durationSec} s against ${PROBE_SCENARIO} for about ${options.seconds} s`,
    );
    const windows: NoiseWindow[] = [];
    const dropped: NoiseProbe['dropped'] = [];
    const ticksBefore = machineCpuTicks();
    const started = performance.now();
    for (let round = 1; ; round++) {
      const elapsedSec = (performance.now() - started) / 1000;
      // Past the time asked for, enough clean windows end it, and so do four times as many tries.
      const enough = windows.length >= MIN_PROBE_WINDOWS || windows.length + dropped.length >= 4 * MIN_PROBE_WINDOWS;
      if (signal.aborted || (elapsedSec >= options.seconds && enough)) break;
      const trial = await runTrial({
        round,
        running,
        scenario,
        engine,
        load: options.load,
        engineCores: cores.engine,
        signal,
      });
      if (trial.status === 'ok' && trial.measurement)
        windows.push({
          startedAt: trial.startedAt,
          requestsPerSec: trial.measurement.requestsPerSec,
          cpuUsPerRequest: trial.measurement.server.cpuUsPerRequest,
        });
      else dropped.push({ startedAt: trial.startedAt, reason: trial.reason ?? trial.status });
      if (trial.status === 'failed' && running.process.hasExited()) break;
    }
    const steal = stealShare(ticksBefore, machineCpuTicks());
    if (windows.length < 2)
      throw new UserError(
        'GAUNTLET_NOISE_PROBE_FAILED',
        `only ${windows.length} clean window(s) of ${windows.length + dropped.length}: ${dropped[0]?.reason ?? 'stopped'}`,
      );
    return {
      measuredAt: new Date().toISOString(),
      target: PROBE_TARGET,
      scenario: PROBE_SCENARIO,
      runtime: runtime.id,
      engine: {
        name: engine.name,
        version: engine.version(),
        flags: engine.describeFlags({ ...options.load, baseUrl: running.baseUrl, requests: scenario.load }),
      },
      cores: { server: cores.server, engine: cores.engine },
      warmup: { seconds: warmup.seconds, steady: warmup.steady },
      windows,
      dropped,
      ...(steal !== undefined && { steal }),
      ...(polling.record && { idlePolling: polling.record }),
      noise: windowNoise(windows),
    };
  } finally {
    await running.process.stop();
    await engine.close();
    polling.restore();
  }
}
