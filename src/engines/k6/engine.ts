/**
 * k6 (Go, built with `go install go.k6.io/k6@v1.8.1`): the engine of the ramp and rate
 * profiles, and a closed HTTP/1.1 load like the others with the fixed one (one connection
 * per virtual user; no pipelining). gauntlet writes the scenario's k6 script (script.ts), runs
 * `k6 run` in its own process group, pinned to the generator's cores, and reads the figures
 * from k6's end-of-test summary (`--summary-export`, summary.ts).
 *
 * The trial warm-up is a separate short k6 run (a constant load at the profile's level). The
 * measured window is k6's own: setup() logs a marker with k6's clock just before the
 * scenario starts and teardown() one after its last iteration (in-flight requests included);
 * the server's CPU is sampled between the two lines, and the window's length is the
 * difference of k6's two timestamps. teardown() then waits a moment so k6's CPU time can
 * still be read in /proc.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinnedCommand } from '../../proc/pinning.js';
import { startGroup, type GroupProcess } from '../../proc/process-group.js';
import {
  protocolOf,
  type Engine,
  type EngineHooks,
  type EngineMeasurement,
  type EngineRunOptions,
  type LoadSpec,
} from '../engine.js';
import { FIXED_PROFILE, formatDuration, formatProfile, peakLevel, type LoadProfile } from '../profile.js';
import { exitDescription, onLines, watchRun } from '../wrk/tool.js';
import { diedBadly, EngineFailure, stderrTail } from '../engine-failure.js';
import { findK6, K6_INSTALL_HINT, k6Version } from './locate.js';
import { atLeastOneSecond, k6Script, WINDOW_END_MARKER, WINDOW_START_MARKER } from './script.js';
import { k6Figures } from './summary.js';

const live = new Set<GroupProcess>();

/** Flags of every k6 run: no progress bar, no colours, raw log lines, no usage report (traffic stays on 127.0.0.1). */
export const K6_RUN_FLAGS = ['--quiet', '--no-color', '--log-format=raw', '--no-usage-report'];

function checkSpec(spec: LoadSpec): void {
  const protocol = protocolOf(spec);
  if (protocol !== 'http1')
    throw new Error(`k6 is used for HTTP/1.1 loads only, not ${protocol}: use h2load or node-http2 for HTTP/2`);
  const scheme = new URL(spec.baseUrl).protocol;
  if (scheme !== 'http:' && scheme !== 'https:') throw new Error(`k6: ${spec.baseUrl} is not an http(s) URL`);
  if (spec.pipelining > 1)
    throw new Error('k6 does not pipeline: each virtual user has one request in flight (--pipelining 1)');
  if (spec.connections < 1) throw new Error('k6 needs at least one virtual user');
  if (spec.requests.length === 0) throw new Error('k6: the load has no requests');
}

const profileOf = (spec: LoadSpec): LoadProfile => spec.profile ?? FIXED_PROFILE;

/** The warm-up's load: the profile's level held constant (the fixed profile's own connections). */
function warmupProfile(spec: LoadSpec): { profile: LoadProfile; connections: number } {
  const profile = profileOf(spec);
  if (profile.kind === 'ramp') return { profile: FIXED_PROFILE, connections: Math.max(1, peakLevel(profile)) };
  if (profile.kind === 'rate') {
    const rate = Math.max(1, profile.stages[0].from, profile.stages[0].to);
    return {
      profile: { kind: 'rate', stages: [{ from: rate, to: rate, durationSec: spec.warmupSec }] },
      connections: spec.connections,
    };
  }
  return { profile, connections: spec.connections };
}

function script(
  spec: LoadSpec,
  profile: LoadProfile,
  connections: number,
  durationSec: number,
  markers: boolean,
): string {
  return k6Script({
    baseUrl: spec.baseUrl,
    requests: spec.requests,
    profile,
    connections,
    durationSec,
    timeoutSec: spec.timeoutSec,
    expectedStatuses: spec.expectedStatuses ?? [200],
    markers,
    title: `gauntlet k6 engine: ${markers ? 'measured window' : 'warm-up'}`,
  });
}

export const k6Engine: Engine = {
  name: 'k6',
  description: `k6 (Go; ${K6_INSTALL_HINT.split(' (')[0]}): HTTP/1.1 with request sequences, one connection per virtual user; the engine of --profile ramp and rate`,
  capabilities: {
    http1: true,
    pipelining: false,
    h2c: false,
    tlsHttp2: false,
    pathCycles: true,
    requestSequences: true,
    timesEachPipelinedRequest: true,
    readsStatusWithoutReason: true,
    subSecondWindows: true,
    rampingLoad: true,
    arrivalRate: true,
    rampingArrivalRate: true,
    openArrivalRate: true,
  },
  unavailableReason: () => (findK6() ? undefined : `k6 is not installed (${K6_INSTALL_HINT})`),
  version: k6Version,
  describeFlags: (spec) => {
    const profile = profileOf(spec);
    const load =
      profile.kind === 'fixed'
        ? `constant-vus ${spec.connections} VUs for ${formatDuration(spec.durationSec)}`
        : `${formatProfile(profile)}${profile.kind === 'rate' ? ` (max ${spec.connections} VUs in flight)` : ''}`;
    return (
      `run ${K6_RUN_FLAGS.join(' ')} <generated script: ${load}, timeout ${formatDuration(spec.timeoutSec)}${spec.requests.length > 1 ? `, cycling ${spec.requests.length} requests` : ''}>` +
      (spec.warmupSec > 0 ? ` after a ${atLeastOneSecond(spec.warmupSec)} s warm-up k6` : '')
    );
  },
  run,
  async close() {
    await Promise.all([...live].map((proc) => proc.stop(1000)));
    live.clear();
  },
};

async function run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
  checkSpec(spec);
  const binary = findK6();
  if (!binary) throw new Error(`k6 is not installed (${K6_INSTALL_HINT})`);
  const dir = mkdtempSync(join(tmpdir(), 'gauntlet-k6-'));
  const started = Date.now();
  try {
    if (spec.warmupSec > 0) {
      const warm = warmupProfile(spec);
      const warmFile = join(dir, 'warmup.js');
      writeFileSync(warmFile, script(spec, warm.profile, warm.connections, spec.warmupSec, false));
      await runK6(binary, warmFile, join(dir, 'warmup-summary.json'), undefined, options);
    }
    const file = join(dir, 'load.js');
    const summaryFile = join(dir, 'summary.json');
    writeFileSync(file, script(spec, profileOf(spec), spec.connections, spec.durationSec, true));
    const rest = { ...options, deadlineMs: Math.max(1000, options.deadlineMs - (Date.now() - started)) };
    const window = await runK6(binary, file, summaryFile, hooks, rest);
    return toMeasurement(JSON.parse(readFileSync(summaryFile, 'utf8')), profileOf(spec), window);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Window {
  /** k6's Date.now() at the two markers. */
  startMs?: number;
  endMs?: number;
}

/** One `k6 run`, to its exit; with hooks, its scenario is the measured window. */
function runK6(
  binary: string,
  scriptFile: string,
  summaryFile: string,
  hooks: EngineHooks | undefined,
  options: EngineRunOptions,
): Promise<Window> {
  const { command, args } = pinnedCommand(options.cores, binary, [
    'run',
    ...K6_RUN_FLAGS,
    `--summary-export=${summaryFile}`,
    scriptFile,
  ]);
  const proc = startGroup({ command, args, tailLines: 40, env: { ...process.env, K6_NO_USAGE_REPORT: 'true' } });
  const stderr = stderrTail(proc);
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
  return new Promise<Window>((resolve, reject) => {
    const finish = watchRun<Window>('k6', proc, options, resolve, reject);
    const window: Window = {};
    // console.log goes to stderr; k6 writes each log line as it happens.
    onLines(proc.child.stderr, (line) => {
      const start = line.indexOf(WINDOW_START_MARKER);
      if (start !== -1 && window.startMs === undefined) {
        window.startMs = Number(line.slice(start + WINDOW_START_MARKER.length).trim());
        hooks?.windowStart(proc.pid);
        return;
      }
      const end = line.indexOf(WINDOW_END_MARKER);
      if (end !== -1 && window.startMs !== undefined && window.endMs === undefined) {
        window.endMs = Number(line.slice(end + WINDOW_END_MARKER.length).trim());
        hooks?.windowEnd(); // k6 is in teardown()'s wait: its CPU time is still readable
      }
    });
    void proc.exited.then((how) => {
      if (diedBadly(how))
        return finish(new EngineFailure(`k6 failed (${exitDescription(how, proc)})`, 'k6', how, stderr()));
      if (hooks && (window.startMs === undefined || window.endMs === undefined)) {
        return finish(new Error(`k6 exited without marking its window (${exitDescription(how, proc)})`));
      }
      finish(undefined, window);
    });
  });
}

function toMeasurement(summary: unknown, profile: LoadProfile, window: Window): EngineMeasurement {
  const figures = k6Figures(summary, profile);
  const durationSec =
    window.startMs !== undefined && window.endMs !== undefined
      ? (window.endMs - window.startMs) / 1000
      : (figures.durationSec ?? 0);
  if (figures.requests + figures.errors === 0)
    throw new Error('k6 sent no request in the measured window (can it connect?)');
  return {
    requests: figures.requests,
    errors: figures.errors,
    timeouts: figures.timeouts,
    statusCounts: figures.statusCounts,
    bytes: figures.bytes,
    durationSec,
    latencyMs: figures.latencyMs,
    latencySamples: figures.latencySamples,
    ...(figures.latencyFrom === 'schedule' && { latencyFrom: 'schedule' as const }),
    ...(profile.kind === 'rate' && { dropped: figures.dropped, scheduled: figures.scheduled }),
    ...(figures.stages && { stages: figures.stages }),
  };
}
