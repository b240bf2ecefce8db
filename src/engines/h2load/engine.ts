/**
 * h2load (nghttp2, C): HTTP/2 over cleartext with prior knowledge (h2c), HTTP/2 over TLS
 * (https URL, h2 negotiated by ALPN) and HTTP/1.1 with pipelining (--h1, -m requests in
 * flight). One thread (-t 1: one core), timing-based (-D) with h2load's own warm-up
 * (--warm-up-time), so one process serves warm-up and window.
 *
 * The window is read from h2load's progress output, which it flushes line by line: it opens
 * at "Main benchmark duration is started" and closes at "Main benchmark duration is over"
 * (h2load is still running then, so its CPU time is readable). Latency percentiles, status
 * counts and request count come from its per-request log (--log-file: start time, status,
 * microseconds to the end of the response; one row per request that ended in the main
 * duration), so they are exact; bytes and timeouts come from its summary ("traffic: ... (N) total",
 * "requests: ... N timeout"), which counts the main duration only too, and so does the share
 * of header bytes HPACK saved ("headers (space savings N%)", HTTP/2 only). For HTTP/2 the
 * protocol h2load reports ("Application protocol: h2") must be the one asked: over TLS h2load
 * would otherwise fall back to whatever ALPN chose.
 *
 * h2load sends GET to every URI it is given, cycling through them per connection, with the
 * same headers (-H) on every request: a spec of other methods, bodies or per-request headers
 * is refused (requestSequences: false), a cycle of GET paths is carried.
 */
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinnedCommand } from '../../proc/pinning.js';
import { startGroup, type GroupProcess } from '../../proc/process-group.js';
import {
  protocolOf,
  requestsInFlight,
  type Engine,
  type EngineHooks,
  type EngineMeasurement,
  type EngineRunOptions,
  type LoadProtocol,
  type LoadSpec,
} from '../engine.js';
import { headersKey } from '../needs.js';
import { LatencySamples } from '../latency-samples.js';
import { findExecutable } from '../../proc/executables.js';
import { exitDescription, onLines, toolVersion, watchRun } from '../wrk/tool.js';
import { diedBadly, EngineFailure, stderrTail } from '../engine-failure.js';
import { makeTempFolder, removeTempFolder } from '../../proc/temp-folders.js';

const INSTALL_HINT = 'apt-get install -y nghttp2-client';
const WINDOW_START = /Main benchmark duration is started/;
const WINDOW_END = /Main benchmark duration is over/;

const live = new Set<GroupProcess>();

/** h2load's duration syntax: seconds with up to millisecond precision. */
const durationArg = (seconds: number) => `${Math.max(1, Math.round(seconds * 1000))}ms`;

/** Refuses a spec h2load cannot carry, with what to use instead; returns the common headers. */
export function checkH2loadSpec(spec: LoadSpec): Record<string, string> {
  const protocol = protocolOf(spec);
  const scheme = new URL(spec.baseUrl).protocol;
  if (protocol === 'h2c' && scheme !== 'http:')
    throw new Error(`h2load: h2c needs an http:// URL, got ${spec.baseUrl}`);
  if (protocol === 'h2' && scheme !== 'https:')
    throw new Error(`h2load: HTTP/2 over TLS needs an https:// URL, got ${spec.baseUrl}`);
  if (scheme !== 'http:' && scheme !== 'https:') throw new Error(`h2load: ${spec.baseUrl} is not an http(s) URL`);
  if (spec.requests.length === 0) throw new Error('h2load: the load has no requests');
  if (spec.connections < 1) throw new Error('h2load needs at least one connection');
  const instead = protocol === 'http1' ? 'use wrk or autocannon' : 'use node-http2';
  const common = headersKey(spec.requests[0].headers);
  for (const [index, request] of spec.requests.entries()) {
    const which = `request ${index + 1} of ${spec.requests.length} (${request.method} ${request.path})`;
    if (request.method !== 'GET') throw new Error(`h2load sends GET only, ${which} is ${request.method}: ${instead}`);
    if (request.body !== undefined && request.body !== '')
      throw new Error(`h2load sends no per-request body, ${which} has one: ${instead}`);
    if (headersKey(request.headers) !== common) {
      throw new Error(
        `h2load sends the same headers with every request, ${which} has other headers than the first: ${instead}`,
      );
    }
  }
  return spec.requests[0].headers ?? {};
}

function h2loadArgs(
  spec: LoadSpec,
  headers: Record<string, string>,
  logFile: string,
  uriFile: string | undefined,
): string[] {
  const args = [
    '-t',
    '1',
    '-c',
    String(spec.connections),
    '-m',
    String(Math.max(1, spec.pipelining)),
    '-D',
    durationArg(spec.durationSec),
  ];
  if (spec.warmupSec > 0) args.push(`--warm-up-time=${durationArg(spec.warmupSec)}`);
  args.push('-N', `${Math.max(1, Math.ceil(spec.timeoutSec))}s`);
  if (protocolOf(spec) === 'http1') args.push('--h1');
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(`--log-file=${logFile}`);
  if (uriFile) args.push('-i', uriFile);
  else args.push(new URL(spec.requests[0].path, spec.baseUrl).href);
  return args;
}

export const h2loadEngine: Engine = {
  name: 'h2load',
  description:
    'h2load (nghttp2, C; apt-get install nghttp2-client): h2c, HTTP/2 over TLS and pipelined HTTP/1.1 on one thread; GET paths only',
  capabilities: {
    http1: true,
    pipelining: true,
    h2c: true,
    tlsHttp2: true,
    pathCycles: true,
    requestSequences: false,
    timesEachPipelinedRequest: true,
    readsStatusWithoutReason: false,
    subSecondWindows: true,
    rampingLoad: false,
    arrivalRate: false,
    rampingArrivalRate: false,
    openArrivalRate: false,
  },
  unavailableReason: () => (findExecutable('h2load') ? undefined : `h2load is not installed (${INSTALL_HINT})`),
  version: () => toolVersion('h2load', ['--version'], /nghttp2\/(\S+)/),
  describeFlags: (spec) =>
    `-t 1 -c ${spec.connections} -m ${spec.pipelining} -D ${durationArg(spec.durationSec)}` +
    (spec.warmupSec > 0 ? ` --warm-up-time=${durationArg(spec.warmupSec)}` : '') +
    ` -N ${Math.max(1, Math.ceil(spec.timeoutSec))}s` +
    (protocolOf(spec) === 'http1' ? ' --h1' : '') +
    (spec.requests.length > 1 ? ` -i <${spec.requests.length} URIs>` : ''),
  run,
  async close() {
    await Promise.all([...live].map((proc) => proc.stop(1000)));
    live.clear();
  },
};

interface Summary {
  windowMs: number;
  stdout: string[];
  /** Bytes h2load read from its sockets over the window (from /proc), used when it printed no summary. */
  socketBytes?: number;
}

const STOPPED = /Stopped all clients/;
/** h2load waits for every peer to close its session; some TLS peers never do (issue 5). */
const STALL_GRACE_MS = 2000;

/** Bytes a process has read through read(2) and friends so far (/proc/PID/io rchar). */
function bytesRead(pid: number): number | undefined {
  try {
    const match = /^rchar: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
  const headers = checkH2loadSpec(spec);
  const dir = makeTempFolder('h2load');
  try {
    const logFile = join(dir, 'requests.log');
    let uriFile: string | undefined;
    if (spec.requests.length > 1) {
      uriFile = join(dir, 'uris.txt');
      writeFileSync(
        uriFile,
        `${spec.requests.map((request) => new URL(request.path, spec.baseUrl).href).join('\n')}\n`,
      );
    }
    const args = h2loadArgs(spec, headers, logFile, uriFile);
    const summary = await runH2load(args, hooks, options);
    return await measurement(logFile, summary, protocolOf(spec), requestsInFlight(spec), spec.warmupSec > 0);
  } finally {
    removeTempFolder(dir);
  }
}

function runH2load(h2loadArgs: string[], hooks: EngineHooks, options: EngineRunOptions): Promise<Summary> {
  const { command, args } = pinnedCommand(options.cores, 'h2load', h2loadArgs);
  const proc = startGroup({ command, args, tailLines: 40 });
  const stderr = stderrTail(proc);
  live.add(proc);
  void proc.exited.then(() => live.delete(proc));
  return new Promise<Summary>((resolve, reject) => {
    const finish = watchRun<Summary>('h2load', proc, options, resolve, reject);
    const stdout: string[] = [];
    let startedAt: number | undefined;
    let endedAt: number | undefined;
    let readAtStart: number | undefined;
    let readAtEnd: number | undefined;
    let stalled = false;
    let clientsStopped = false;
    onLines(proc.child.stdout, (line) => {
      stdout.push(line);
      if (startedAt === undefined && WINDOW_START.test(line)) {
        startedAt = performance.now();
        readAtStart = bytesRead(proc.pid);
        hooks.windowStart(proc.pid);
      } else if (startedAt !== undefined && endedAt === undefined && WINDOW_END.test(line)) {
        endedAt = performance.now();
        readAtEnd = bytesRead(proc.pid);
        hooks.windowEnd();
      } else if (endedAt !== undefined && STOPPED.test(line)) {
        clientsStopped = true;
        // Every request of the window is in the log by now; if h2load then waits forever for a
        // peer to close its sessions, stop it and take the figures from the log.
        setTimeout(() => {
          if (proc.hasExited()) return;
          stalled = true;
          void proc.stop(500);
        }, STALL_GRACE_MS).unref();
      }
    });
    void proc.exited.then(async (how) => {
      await drained(proc.child.stdout); // 'exit' can come before the last lines
      // Stopped while it waited on a peer's sessions, or aborted as it tore them down (h2load 1.52's
      // libev asserts on a closed socket now and then over TLS): the window was over and logged.
      const tornDown = stalled || (clientsStopped && diedBadly(how));
      if (tornDown && startedAt !== undefined && endedAt !== undefined) {
        const socketBytes = readAtStart !== undefined && readAtEnd !== undefined ? readAtEnd - readAtStart : undefined;
        return finish(undefined, { windowMs: endedAt - startedAt, stdout, socketBytes });
      }
      // A crash (h2load 1.52 aborts now and then as it starts) is h2load's failure, not the target's.
      if (diedBadly(how))
        return finish(new EngineFailure(`h2load failed (${exitDescription(how, proc)})`, 'h2load', how, stderr()));
      if (startedAt === undefined) return finish(new Error(`h2load failed (${exitDescription(how, proc)})`));
      if (endedAt === undefined) {
        endedAt = performance.now();
        hooks.windowEnd();
      }
      finish(undefined, { windowMs: endedAt - startedAt, stdout });
    });
  });
}

/** Resolves once the stream ended (or after a second, for a pipe a grandchild still holds). */
function drained(stream: (NodeJS.ReadableStream & { readableEnded?: boolean }) | null): Promise<void> {
  if (!stream || stream.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    stream.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The share (0–1) of header bytes HPACK saved, from h2load's summary; undefined when absent. */
export function headerSavings(stdout: string): number | undefined {
  const match = /headers \(space savings (-?[\d.]+)%\)/.exec(stdout);
  return match ? Number(match[1]) / 100 : undefined;
}

/** Why h2load did not speak the protocol asked (from its "Application protocol:" line), or undefined. */
export function negotiatedMismatch(stdout: string, protocol: LoadProtocol): string | undefined {
  if (protocol === 'http1') return undefined;
  const negotiated = /Application protocol: (\S+)/.exec(stdout)?.[1];
  return negotiated === undefined || negotiated === protocol
    ? undefined
    : `h2load spoke ${negotiated}, not ${protocol} (ALPN did not choose h2)`;
}

/**
 * The measured window in seconds: the longer of two readings. h2load times its main duration
 * itself, and its log holds that window on its own clock (the first counted request's start to
 * the last one's end); the lines that mark it can reach gauntlet late on a busy machine, where a
 * window read from them looked shorter than 90 % of the planned one. When h2load is stopped
 * waiting on a peer's sessions, its log can lose its last lines, and the marks are the better
 * reading; they are also all there is when the log has no counted request.
 */
export function windowSec(markedMs: number, firstStartUs: number, lastEndUs: number): number {
  const marked = markedMs / 1000;
  if (!Number.isFinite(firstStartUs) || lastEndUs <= firstStartUs) return marked;
  return Math.max(marked, (lastEndUs - firstStartUs) / 1e6);
}

async function measurement(
  logFile: string,
  summary: Summary,
  protocol: LoadProtocol,
  inFlight: number,
  warmedUp: boolean,
): Promise<EngineMeasurement> {
  const latency = new LatencySamples();
  const statusCounts: Record<string, number> = {};
  let failed = 0;
  let statusUnread = 0;
  let partial = '';
  // The window on h2load's own clock: from the first counted request's start to the last one's end.
  let firstStartUs = Number.POSITIVE_INFINITY;
  let lastEndUs = 0;
  const readRow = (row: string) => {
    if (row === '') return;
    const first = row.indexOf('\t');
    const second = row.indexOf('\t', first + 1);
    if (first === -1 || second === -1) return;
    const status = row.slice(first + 1, second);
    if (status === '-1') {
      failed++;
      return;
    }
    // Status 0: a response whose headers came in the warm-up and whose end came in the window
    // (h2load records the status only in its main duration). At most one per stream in flight
    // at the switch: left out, neither counted nor an error. More than that: h2load could not
    // read the status lines (see readsStatusWithoutReason).
    if (status === '0') {
      statusUnread++;
      return;
    }
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    const startUs = Number(row.slice(0, first));
    const tookUs = Number(row.slice(second + 1));
    latency.add(tookUs / 1000);
    if (startUs < firstStartUs) firstStartUs = startUs;
    if (startUs + tookUs > lastEndUs) lastEndUs = startUs + tookUs;
  };
  try {
    for await (const chunk of createReadStream(logFile, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
      const rows = (partial + (chunk as string)).split('\n');
      partial = rows.pop() ?? '';
      for (const row of rows) readRow(row);
    }
    readRow(partial);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const text = summary.stdout.join('\n');
  const mismatch = negotiatedMismatch(text, protocol);
  if (mismatch) throw new Error(mismatch);
  const requestsLine =
    /requests: (\d+) total, (\d+) started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(
      text,
    );
  const traffic = /traffic: .*?\((\d+)\) total, .*?\((\d+)\) headers.*?, .*?\((\d+)\) data/.exec(text);
  const requests = latency.count;
  // The summary's traffic covers every response it counted as succeeded, which includes those
  // a slow server still sent after the window (koa and hapi drain thousands of HTTP/2 streams);
  // the log holds the window's only. Scaled to the window's responses, bytes per response stay exact.
  const succeeded = Number(requestsLine?.[4] ?? 0);
  const toWindow = traffic && succeeded > 0 ? requests / succeeded : 1;
  const bytes = traffic ? Math.round(Number(traffic[1]) * toWindow) : Number(summary.socketBytes ?? 0);
  const timeouts = Number(requestsLine?.[7] ?? 0);
  const headerCompression = protocol === 'http1' ? undefined : headerSavings(text);
  if (statusUnread > inFlight) {
    throw new Error(
      `h2load could not read the status of ${statusUnread} responses: HTTP/1.1 status lines without a reason phrase ("HTTP/1.1 200 ") are not read by h2load; use --engine auto, wrk or autocannon`,
    );
  }
  // Connected, but no stream finished inside the window: the window was too short for the load
  // (10,000 streams on a slow server, or 100 TLS handshakes on a busy core), which the trial says
  // and extends. Only a window with no traffic and no TLS session means h2load could not talk
  // to the target.
  const connected = (traffic && Number(traffic[1]) > 0) || /^Application protocol: /m.test(text);
  if (requests === 0 && !connected) {
    throw new Error(
      `h2load got no response in the measured window (can it connect?): ${summary.stdout
        .filter((l) => !l.startsWith('progress'))
        .slice(-12)
        .join('\n')}`,
    );
  }
  return {
    requests,
    errors: Math.max(failed, Number(requestsLine?.[6] ?? 0), timeouts),
    timeouts,
    statusCounts,
    bytes,
    // Bodies (DATA frames, or HTTP/1.1 bodies), when h2load printed its summary (not when it was stopped).
    // Over HTTP/2 after a --warm-up-time, h2load's data total held 30-42 % more than the window's
    // bodies (node-http2 and fastify, 13- and 17-byte answers, h2c and TLS): it counts the
    // warm-up's traffic. Left out rather than misread as a wrong answer (the checks sent after the
    // window still run); over HTTP/1.1 its totals agree with the window.
    ...(traffic && !(protocol !== 'http1' && warmedUp) && { bodyBytes: Math.round(Number(traffic[3]) * toWindow) }),
    durationSec: windowSec(summary.windowMs, firstStartUs, lastEndUs),
    latencyMs: latency.summary(),
    ...(headerCompression !== undefined && { headerCompression }),
  };
}
