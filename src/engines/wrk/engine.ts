/**
 * wrk (C, one epoll loop per thread): the cheapest HTTP/1.1 generator per request. gauntlet
 * runs it with one thread (-t1: one core) and drives it with a generated Lua script (see
 * lua.ts) that cycles the spec's requests, pipelines them, counts statuses and prints its
 * figures as one JSON line.
 *
 * wrk has no warm-up phase: a separate wrk runs first for the warm-up. The measured window
 * is the measured wrk process: it starts when that process starts and ends when it prints
 * its result (it is parked there until gauntlet has read its CPU time, then stopped).
 * wrk counts time in whole seconds: durations, warm-up and timeout are rounded up.
 *
 * Latency is wrk's histogram with wrk's coordinated-omission correction undone (histogram.ts),
 * so it holds what was measured, as every other engine's does. With pipelining, wrk records
 * one latency per batch (from writing the batch to its last response), not one per request:
 * the measurement says so (latencyPer: 'batch'), and `--engine auto` prefers an engine that
 * times each request when the load is pipelined and one can carry it.
 */
import { writeFileSync } from 'node:fs';
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
  type BodyCheck,
} from '../engine.js';
import { correctionInterval, latencyOfBuckets, undoCorrection } from './histogram.js';
import { RESULT_MARKER, WINDOW_END_MARKER, wrkScript, type WrkResult } from './lua.js';
import { findExecutable } from '../../proc/executables.js';
import { exitDescription, onLines, toolVersion, watchRun } from './tool.js';
import { EngineFailure, stderrTail } from '../engine-failure.js';
import { makeTempFolder, removeTempFolder } from '../../proc/temp-folders.js';

const INSTALL_HINT = 'apt-get install -y wrk';

/** Processes of runs under way, stopped by close(). */
const live = new Set<GroupProcess>();

const wholeSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));

function wrkArgs(spec: LoadSpec, durationSec: number, scriptFile: string): string[] {
  return [
    '-t1',
    `-c${spec.connections}`,
    `-d${wholeSeconds(durationSec)}s`,
    '--timeout',
    `${wholeSeconds(spec.timeoutSec)}s`,
    '-s',
    scriptFile,
    `${new URL(spec.baseUrl).origin}/`,
  ];
}

/** Refuses what wrk cannot carry, with the reason. */
function checkSpec(spec: LoadSpec): void {
  const protocol = protocolOf(spec);
  if (protocol !== 'http1')
    throw new Error(`wrk speaks HTTP/1.1 only, not ${protocol}: use h2load or node-http2 for HTTP/2`);
  const scheme = new URL(spec.baseUrl).protocol;
  if (scheme !== 'http:' && scheme !== 'https:') throw new Error(`wrk: ${spec.baseUrl} is not an http(s) URL`);
  if (spec.connections < 1) throw new Error('wrk needs at least one connection');
  if (spec.requests.length === 0) throw new Error('wrk: the load has no requests');
}

export const wrkEngine: Engine = {
  name: 'wrk',
  description:
    'wrk (C, apt-get install wrk): HTTP/1.1 on one thread, pipelining and request sequences through a generated Lua script',
  capabilities: {
    http1: true,
    pipelining: true,
    h2c: false,
    tlsHttp2: false,
    pathCycles: true,
    requestSequences: true,
    timesEachPipelinedRequest: false,
    readsStatusWithoutReason: true,
    subSecondWindows: false,
    rampingLoad: false,
    arrivalRate: false,
    rampingArrivalRate: false,
    openArrivalRate: false,
  },
  unavailableReason: () => (findExecutable('wrk') ? undefined : `wrk is not installed (${INSTALL_HINT})`),
  version: () => toolVersion('wrk', ['-v'], /^wrk\s+(\S+)/m),
  describeFlags: (spec) =>
    `-t1 -c${spec.connections} -d${wholeSeconds(spec.durationSec)}s --timeout ${wholeSeconds(spec.timeoutSec)}s` +
    ` -s <generated: ${spec.pipelining} request(s) per write${spec.requests.length > 1 ? `, cycling ${spec.requests.length} requests` : ''}>` +
    (spec.warmupSec > 0 ? ` after a ${wholeSeconds(spec.warmupSec)} s warm-up wrk` : ''),
  run,
  async close() {
    await Promise.all([...live].map((proc) => proc.stop(1000)));
    live.clear();
  },
};

async function run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
  checkSpec(spec);
  const dir = makeTempFolder('wrk');
  const scriptFile = join(dir, 'load.lua');
  writeFileSync(scriptFile, wrkScript(spec));
  const started = Date.now();
  try {
    if (spec.warmupSec > 0) await runWrk(spec, spec.warmupSec, scriptFile, undefined, options);
    const rest = { ...options, deadlineMs: Math.max(1000, options.deadlineMs - (Date.now() - started)) };
    return toMeasurement(await runWrk(spec, spec.durationSec, scriptFile, hooks, rest), spec);
  } finally {
    removeTempFolder(dir);
  }
}

/** One wrk process, to its result line; with hooks, it is the measured window. */
function runWrk(
  spec: LoadSpec,
  durationSec: number,
  scriptFile: string,
  hooks: EngineHooks | undefined,
  options: EngineRunOptions,
): Promise<WrkResult> {
  const { command, args } = pinnedCommand(options.cores, 'wrk', wrkArgs(spec, durationSec, scriptFile));
  const proc = startGroup({ command, args, tailLines: 40 });
  const stderr = stderrTail(proc);
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
  return new Promise<WrkResult>((resolve, reject) => {
    const finish = watchRun<WrkResult>('wrk', proc, options, resolve, reject);
    let windowOpen = false;
    proc.child.once('spawn', () => {
      if (!hooks) return;
      windowOpen = true;
      hooks.windowStart(proc.pid);
    });
    const closeWindow = () => {
      // wrk is in done() (and parks there): its CPU time is still readable in /proc.
      if (windowOpen) hooks?.windowEnd();
      windowOpen = false;
    };
    onLines(proc.child.stdout, (line) => {
      if (line.includes(WINDOW_END_MARKER)) return closeWindow();
      const at = line.indexOf(RESULT_MARKER);
      if (at === -1) return;
      let result: WrkResult;
      try {
        result = JSON.parse(line.slice(at + RESULT_MARKER.length)) as WrkResult;
      } catch (error) {
        return finish(new Error(`wrk printed a result gauntlet cannot read (${(error as Error).message}): ${line}`));
      }
      closeWindow();
      finish(undefined, result);
    });
    void proc.exited.then((how) =>
      finish(new EngineFailure(`wrk exited without a result (${exitDescription(how, proc)})`, 'wrk', how, stderr())),
    );
  });
}

function toMeasurement(result: WrkResult, spec: LoadSpec): EngineMeasurement {
  const { errors } = result;
  const measured = undoCorrection(
    result.latencyBuckets,
    correctionInterval(result.durationUs, result.requests, spec.connections),
  );
  if (!measured.consistent) {
    throw new Error(
      `wrk ${wrkEngine.version()}: its latency histogram is not what wrk 4's correction leaves; gauntlet cannot undo it (use --engine h2load or autocannon)`,
    );
  }
  const { samples, ...latencyMs } = latencyOfBuckets(measured.buckets);
  return {
    requests: result.requests,
    // Socket errors and timeouts; responses with status >= 400 (wrk's errors.status) are counted in statusCounts.
    errors: errors.connect + errors.read + errors.write + errors.timeout,
    timeouts: errors.timeout,
    statusCounts: result.statuses,
    bytes: result.bytes,
    durationSec: result.durationUs / 1e6,
    latencyMs,
    latencySamples: samples,
    ...(spec.pipelining > 1 ? { latencyPer: 'batch' as const } : {}),
    ...(result.bodyCheck && { bodyCheck: bodyCheckOf(result.bodyCheck, spec) }),
  };
}

/** wrk's body check (lua.ts) as every engine reports it: one request's answer exactly, a cycle's as a set. */
function bodyCheckOf(found: NonNullable<WrkResult['bodyCheck']>, spec: LoadSpec): BodyCheck {
  const one = spec.requests.length === 1;
  const answers = new Set((spec.expectedAnswers ?? []).map((answer) => answer?.body));
  return {
    kind: one ? 'each' : 'set',
    compared: found.compared,
    wrong: found.wrong,
    samples: found.samples.map((hex) => ({
      request: one
        ? `${spec.requests[0].method} ${spec.requests[0].path}`
        : `one of the ${spec.requests.length} requests of the load`,
      status: spec.expectedAnswers?.find((answer) => answer)?.status ?? 0,
      body: Buffer.from(hex, 'hex').toString('utf8'),
      expected: one ? (spec.expectedAnswers?.[0]?.body ?? '') : `one of the load's ${answers.size} right answers`,
    })),
  };
}
