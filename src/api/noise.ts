/**
 * The machine-noise probe with the default run's design (gauntlet doctor --noise): the hello
 * suite's windows and gauntlet's load defaults, so its windows are those `npm start` measures.
 */
import { probeNoise, type NoiseProbe } from '../calibrate/noise-probe.js';
import { DEFAULT_RUNTIME_ID } from '../runtimes/known-runtimes.js';
import { helloSuite } from '../suites/hello/suite.js';
import { RUN_DEFAULTS } from './settings.js';

export interface NoiseOptions {
  /** Seconds of windows (default 30). */
  seconds?: number;
  /** The runtime node-http runs on (default node@24, the targets' default). */
  runtime?: string;
  /** Make idle cores that halt at once poll while the probe runs, as a run does (default true). */
  idlePolling?: boolean;
  signal?: AbortSignal;
  report?: (line: string) => void;
}

export const NOISE_PROBE_SECONDS = 30;

export function probeMachineNoise(options: NoiseOptions = {}): Promise<NoiseProbe> {
  const rounds = helloSuite.defaults?.rounds;
  return probeNoise({
    seconds: options.seconds ?? NOISE_PROBE_SECONDS,
    load: {
      connections: RUN_DEFAULTS.connections,
      pipelining: RUN_DEFAULTS.pipelining,
      timeoutSec: RUN_DEFAULTS.timeoutSec,
      warmupSec: rounds?.trialWarmupSec ?? RUN_DEFAULTS.trialWarmupSec,
      durationSec: rounds?.durationSec ?? RUN_DEFAULTS.durationSec,
    },
    warmupMaxSec: RUN_DEFAULTS.warmupSec,
    runtimeId: options.runtime ?? DEFAULT_RUNTIME_ID,
    idlePolling: options.idlePolling ?? true,
    ...(options.signal && { signal: options.signal }),
    ...(options.report && { report: options.report }),
  });
}
