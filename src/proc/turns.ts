/**
 * Two process groups taking turns on one core: one runs while the other is stopped (SIGSTOP);
 * after `turnMs` the running one is stopped, and the other resumes once every thread of the
 * first has stopped, so the two never run at once. Both are loaded the whole time, so each
 * turn starts with work queued. On a shared virtual machine the pace of a core changes within
 * a tenth of a second and whatever runs on it then shares the change; two servers in 25 ms
 * turns see the same slowdowns, so the ratio of their figures over one window cancels them
 * (docs/method.md, "Turns (experimental)").
 *
 * Every group is resumed (SIGCONT) when the turns end, a group stopped for good is resumed by
 * its stop() (process-group.ts), and a guard process resumes them all if gauntlet is killed
 * outright (turns-guard.ts): nothing gauntlet stopped is left stopped.
 */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';
import { startGroup, type GroupProcess } from './process-group.js';
import { groupMembers, threadsStopped } from './proc-stat.js';

export type Side = 0 | 1;

const guardFile = join(dirname(fileURLToPath(import.meta.url)), 'turns-guard.js');
let guard: GroupProcess | undefined;

/** Stops the guard, once the run's targets are stopped (measure/run.ts). */
export async function closeTurnsGuard(): Promise<void> {
  const current = guard;
  guard = undefined;
  await current?.stop(1000);
}

/** Tells the run's guard (turns-guard.ts, started on first use) of groups turns may stop. */
function guarded(groups: readonly number[]): void {
  if (!guard || guard.hasExited()) guard = startGroup({ command: process.execPath, args: [guardFile], ipc: true });
  guard.child.send({ groups: [...groups] });
}

/** One span in which a side ran, in performance.now() milliseconds, and how long its stop took at the end. */
interface Span {
  side: Side;
  fromMs: number;
  toMs: number;
  stopMs?: number;
}

/** The length of a turn: short enough that both sides share the machine's pace (10.1 % spread at 200 ms, 2.7-6.8 % at 25-50 ms; docs/method.md). */
export const TURN_MS = 25;

/** Longest wait for a side's threads to stop before the other side runs anyway (a thread held in the kernel, e.g. on I/O). */
export const STOP_WAIT_MAX_MS = 50;

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is gone (a crashed target); its trial says so
  }
}

/** Resolves once every thread of pids has stopped, or at the deadline (the wait's length tells which); polls between the event loop's turns. */
async function untilStopped(
  stopped: (pids: readonly number[]) => boolean,
  pids: readonly number[],
  deadlineMs: number,
): Promise<void> {
  while (!stopped(pids) && performance.now() < deadlineMs) await new Promise((resolve) => setImmediate(resolve));
}

/** Median and maximum of a side's stop waits, in ms. */
export interface StopWaits {
  median: number;
  max: number;
}

export class Turns {
  private readonly spans: Span[] = [];
  /** Each side's processes, read once: the stop is awaited on their threads. */
  private readonly members: [number[], number[]];
  private running: Side = 0;
  private sinceMs: number;
  private timer?: NodeJS.Timeout;
  private ended = false;
  private swaps = 0;

  /**
   * Starts the turns at once: side 0 runs first, side 1 is stopped. `stopped` tells whether
   * every thread of a side's processes has stopped (tests slow it down).
   */
  constructor(
    private readonly groups: readonly [number, number],
    private readonly turnMs = TURN_MS,
    private readonly stopped: (pids: readonly number[]) => boolean = threadsStopped,
  ) {
    guarded(groups);
    this.members = [groupMembers(groups[0]), groupMembers(groups[1])];
    signalGroup(groups[1], 'SIGSTOP');
    signalGroup(groups[0], 'SIGCONT');
    // the first turn starts here, not before the guard's spawn above (milliseconds on a busy machine)
    this.sinceMs = performance.now();
    this.timer = setTimeout(() => void this.swap(), turnMs);
  }

  /**
   * Stops the running side, waits until all its threads have stopped, then resumes the other.
   * SIGSTOP takes effect as each thread leaves the kernel: moost's V8 threads ran on for up to
   * about 20 ms (8 % of its turns' time), and with the turn's end read at the signal that time
   * was counted to the other side.
   */
  private async swap(): Promise<void> {
    const stopping = this.running;
    const next: Side = stopping === 0 ? 1 : 0;
    signalGroup(this.groups[stopping], 'SIGSTOP');
    const sentMs = performance.now();
    await untilStopped(this.stopped, this.members[stopping], sentMs + STOP_WAIT_MAX_MS);
    if (this.ended) return; // stop() closed this span and resumed both
    const now = performance.now();
    this.spans.push({ side: stopping, fromMs: this.sinceMs, toMs: now, stopMs: now - sentMs });
    signalGroup(this.groups[next], 'SIGCONT');
    this.running = next;
    this.sinceMs = now;
    this.swaps++;
    this.timer = setTimeout(() => void this.swap(), this.turnMs);
  }

  /** Ends the turns: both groups run again. Safe to call twice. */
  stop(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.spans.push({ side: this.running, fromMs: this.sinceMs, toMs: performance.now() });
    for (const group of this.groups) signalGroup(group, 'SIGCONT');
  }

  /** The spans of a side that overlap two instants (performance.now()), the running one included. */
  private spansOf(side: Side, fromMs: number, toMs: number): Span[] {
    const open = this.ended ? [] : [{ side: this.running, fromMs: this.sinceMs, toMs: performance.now() }];
    return [...this.spans, ...open].filter((span) => span.side === side && span.toMs > fromMs && span.fromMs < toMs);
  }

  /** Milliseconds a side ran between two instants (performance.now()): its share of a window. */
  servedMs(side: Side, fromMs: number, toMs: number): number {
    return this.spansOf(side, fromMs, toMs).reduce(
      (sum, span) => sum + Math.min(toMs, span.toMs) - Math.max(fromMs, span.fromMs),
      0,
    );
  }

  /** How long the side's stops took between two instants (undefined: it was never stopped then). */
  stopWaits(side: Side, fromMs: number, toMs: number): StopWaits | undefined {
    const waits = this.spansOf(side, fromMs, toMs).flatMap((span) => (span.stopMs === undefined ? [] : [span.stopMs]));
    return waits.length > 0 ? { median: median(waits), max: Math.max(...waits) } : undefined;
  }

  /** How many times the sides swapped. */
  get swapCount(): number {
    return this.swaps;
  }

  get lengthMs(): number {
    return this.turnMs;
  }
}
