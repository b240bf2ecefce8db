/**
 * Two process groups taking turns on one core: one runs while the other is stopped (SIGSTOP),
 * and they swap every `turnMs`. Both are loaded the whole time, so each turn starts with work
 * queued. On this machine the pace of a core changes within a tenth of a second and whatever
 * runs on it then shares the change; two servers in 25 ms turns see the same slowdowns, so
 * the ratio of their figures over one window cancels them (README, "Turns").
 *
 * Every group is resumed (SIGCONT) when the turns end, a group stopped for good is resumed by
 * its stop() (process-group.ts), and a guard process resumes them all if gauntlet is killed
 * outright (turns-guard.ts): nothing gauntlet stopped is left stopped.
 */

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGroup, type GroupProcess } from './process-group.js';

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

/** One span in which a side ran, in performance.now() milliseconds. */
interface Span {
  side: Side;
  fromMs: number;
  toMs: number;
}

/** The length of a turn: short enough that both sides share the machine's pace (10.1 % spread at 200 ms, 2.7-6.8 % at 25-50 ms; README, "Turns"). */
export const TURN_MS = 25;

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is gone (a crashed target); its trial says so
  }
}

export class Turns {
  private readonly spans: Span[] = [];
  private running: Side = 0;
  private sinceMs = performance.now();
  private timer?: NodeJS.Timeout;
  private swaps = 0;

  /** Starts the turns at once: side 0 runs first, side 1 is stopped. */
  constructor(
    private readonly groups: readonly [number, number],
    private readonly turnMs = TURN_MS,
  ) {
    guarded(groups);
    signalGroup(groups[1], 'SIGSTOP');
    signalGroup(groups[0], 'SIGCONT');
    this.timer = setInterval(() => this.swap(), turnMs);
  }

  private swap(): void {
    const next: Side = this.running === 0 ? 1 : 0;
    // stop first, so the two never run at once
    signalGroup(this.groups[this.running], 'SIGSTOP');
    const now = performance.now();
    this.spans.push({ side: this.running, fromMs: this.sinceMs, toMs: now });
    signalGroup(this.groups[next], 'SIGCONT');
    this.running = next;
    this.sinceMs = now;
    this.swaps++;
  }

  /** Ends the turns: both groups run again. Safe to call twice. */
  stop(): void {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.spans.push({ side: this.running, fromMs: this.sinceMs, toMs: performance.now() });
    for (const group of this.groups) signalGroup(group, 'SIGCONT');
  }

  /** Milliseconds a side ran between two instants (performance.now()): its share of a window. */
  servedMs(side: Side, fromMs: number, toMs: number): number {
    const open = this.timer ? [{ side: this.running, fromMs: this.sinceMs, toMs: performance.now() }] : [];
    return [...this.spans, ...open]
      .filter((span) => span.side === side)
      .reduce((sum, span) => sum + Math.max(0, Math.min(toMs, span.toMs) - Math.max(fromMs, span.fromMs)), 0);
  }

  /** How many times the sides swapped. */
  get swapCount(): number {
    return this.swaps;
  }

  get lengthMs(): number {
    return this.turnMs;
  }
}
