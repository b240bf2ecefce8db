/**
 * One `k6 run` of a script gauntlet wrote: in its own process group, pinned where asked, its
 * window read from the markers the script logs (k6's own clock), its CPU time read over that
 * window, and its end-of-test summary returned as k6 wrote it. The k6 engine runs its warm-up
 * and measured window as two jobs; a load host's agent runs one job per share of a load split
 * over several hosts (`segment`), started paused and resumed by the controller (`paused`), so
 * that every host begins at once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinnedCommand } from '../../proc/pinning.js';
import { type GroupProcess, startGroup } from '../../proc/process-group.js';
import { freePort } from '../../proc/free-port.js';
import { usageOf } from '../../proc/proc-stat.js';
import type { EngineHooks, EngineRunOptions } from '../engine.js';
import { diedBadly, EngineFailure, stderrTail } from '../engine-failure.js';
import { exitDescription, onLines, watchRun } from '../wrk/tool.js';
import { findK6, K6_INSTALL_HINT } from './locate.js';
import { WINDOW_END_MARKER, WINDOW_START_MARKER } from './script.js';
import { makeTempFolder, removeTempFolder } from '../../proc/temp-folders.js';

/** Flags of every k6 run: no progress bar, no colours, raw log lines, no usage report (traffic stays on the test network). */
export const K6_RUN_FLAGS = ['--quiet', '--no-color', '--log-format=raw', '--no-usage-report'];

/** A share of a load split over several k6 instances (k6's execution segments). */
export interface ExecutionSegment {
  /** This instance's share: `1/3:2/3`. */
  segment: string;
  /** Every share's boundary, so the instances split VUs and iterations without overlap: `0,1/3,2/3,1`. */
  sequence: string;
}

/** The segments of a load split evenly over `count` instances. */
export function executionSegments(count: number): ExecutionSegment[] {
  const bound = (i: number) => (i === 0 ? '0' : i === count ? '1' : `${i}/${count}`);
  const sequence = Array.from({ length: count + 1 }, (_, i) => bound(i)).join(',');
  return Array.from({ length: count }, (_, i) => ({ segment: `${bound(i)}:${bound(i + 1)}`, sequence }));
}

export interface K6Window {
  /** k6's Date.now() at the two markers. */
  startMs?: number;
  endMs?: number;
}

export interface K6JobOptions extends EngineRunOptions {
  segment?: ExecutionSegment;
  /** Start paused; `ready` gets the function that starts the load once k6 waits (k6's REST API on loopback). */
  paused?: { ready(resume: () => Promise<void>): void };
}

export interface K6JobResult {
  /** k6's `--summary-export` file, parsed. */
  summary: unknown;
  window: K6Window;
  /** k6's CPU time between the window's markers (0 without markers). */
  generatorCpuSeconds: number;
}

const live = new Set<GroupProcess>();

/** Stops every k6 still running (the engine's close). */
export async function stopK6Jobs(): Promise<void> {
  await Promise.all([...live].map((proc) => proc.stop(1000)));
  live.clear();
}

/** Runs `script` to its end; with `hooks`, its setup-to-teardown span is the measured window. */
export async function runK6Job(
  script: string,
  hooks: EngineHooks | undefined,
  options: K6JobOptions,
): Promise<K6JobResult> {
  const binary = findK6();
  if (!binary) throw new Error(`k6 is not installed (${K6_INSTALL_HINT})`);
  const dir = makeTempFolder('k6');
  try {
    const scriptFile = join(dir, 'load.js');
    const summaryFile = join(dir, 'summary.json');
    writeFileSync(scriptFile, script);
    const api = options.paused ? await freePort() : undefined;
    const { command, args } = pinnedCommand(options.cores, binary, [
      'run',
      ...K6_RUN_FLAGS,
      ...(options.segment
        ? ['--execution-segment', options.segment.segment, '--execution-segment-sequence', options.segment.sequence]
        : []),
      ...(api ? ['--paused', '--address', `127.0.0.1:${api}`] : []),
      `--summary-export=${summaryFile}`,
      scriptFile,
    ]);
    const proc = startGroup({ command, args, tailLines: 40, env: { ...process.env, K6_NO_USAGE_REPORT: 'true' } });
    live.add(proc);
    void proc.exited.then(() => live.delete(proc));
    if (api && options.paused) void whenPaused(api, proc).then((resume) => resume && options.paused?.ready(resume));
    const { window, cpuSeconds } = await watchWindow(proc, hooks, options);
    return { summary: JSON.parse(readFileSync(summaryFile, 'utf8')), window, generatorCpuSeconds: cpuSeconds };
  } finally {
    removeTempFolder(dir);
  }
}

/** k6's execution status "paused before the run" (lib/execution: PausedBeforeRun). */
const PAUSED_BEFORE_RUN = 4;

/** Waits until k6 waits paused (its REST API says so), then gives the function that resumes it; undefined if k6 exited first. */
async function whenPaused(port: number, proc: GroupProcess): Promise<(() => Promise<void>) | undefined> {
  const url = `http://127.0.0.1:${port}/v1/status`;
  while (!proc.hasExited()) {
    try {
      const status = (await (await fetch(url)).json()) as { data?: { attributes?: { status?: number } } };
      if (status.data?.attributes?.status === PAUSED_BEFORE_RUN)
        return async () => {
          const answer = await fetch(url, {
            method: 'PATCH',
            body: JSON.stringify({ data: { type: 'status', id: 'default', attributes: { paused: false } } }),
          });
          if (!answer.ok) throw new Error(`k6 did not resume: ${answer.status} ${await answer.text()}`);
        };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/** Follows k6's log to its exit: the window's markers, and k6's CPU time between them. */
function watchWindow(
  proc: GroupProcess,
  hooks: EngineHooks | undefined,
  options: EngineRunOptions,
): Promise<{ window: K6Window; cpuSeconds: number }> {
  const stderr = stderrTail(proc);
  return new Promise((resolve, reject) => {
    const finish = watchRun<{ window: K6Window; cpuSeconds: number }>('k6', proc, options, resolve, reject);
    const window: K6Window = {};
    let cpuAtStart = 0;
    let cpuSeconds = 0;
    // console.log goes to stderr; k6 writes each log line as it happens.
    onLines(proc.child.stderr, (line) => {
      const start = line.indexOf(WINDOW_START_MARKER);
      if (start !== -1 && window.startMs === undefined) {
        window.startMs = Number(line.slice(start + WINDOW_START_MARKER.length).trim());
        cpuAtStart = usageOf([proc.pid]).cpuSeconds;
        hooks?.windowStart(proc.pid);
        return;
      }
      const end = line.indexOf(WINDOW_END_MARKER);
      if (end !== -1 && window.startMs !== undefined && window.endMs === undefined) {
        window.endMs = Number(line.slice(end + WINDOW_END_MARKER.length).trim());
        cpuSeconds = Math.max(0, usageOf([proc.pid]).cpuSeconds - cpuAtStart);
        hooks?.windowEnd(); // k6 is in teardown()'s wait: its CPU time is still readable
      }
    });
    void proc.exited.then((how) => {
      if (diedBadly(how))
        return finish(new EngineFailure(`k6 failed (${exitDescription(how, proc)})`, 'k6', how, stderr()));
      if (hooks && (window.startMs === undefined || window.endMs === undefined))
        return finish(new Error(`k6 exited without marking its window (${exitDescription(how, proc)})`));
      finish(undefined, { window, cpuSeconds });
    });
  });
}
