/**
 * Waits, before a measured window opens, until the target has finished with the previous
 * load. A generator that stops leaves work behind: requests still queued, thousands of HTTP/2
 * streams to tear down (koa spent 0.2–0.4 s of a full core after h2load's 100 × 100 ended),
 * garbage to collect. Without the wait that work lands in the next window's CPU and req/s.
 */
import { groupMembers, usageOf } from './proc-stat.js';

/** Below this share of one core over a slice, the target counts as idle. */
export const IDLE_CORES = 0.1;
/**
 * Length of one measuring slice. The group's CPU time is read from its threads' schedstat, in
 * nanoseconds, so "idle" is under 2 ms of CPU in 20 ms; where the kernel keeps only clock
 * ticks (10 ms), a slice this short is idle when no tick was charged in it, and a busy target
 * is charged about two. Leftover work worth waiting for (koa's 0.2-0.4 s of HTTP/2 teardown)
 * shows in any slice this long. The wait comes before every window: 50 ms slices (five ticks,
 * when it read ticks) took 19 s of a calm run's 309 s on 304 windows, 100 ms ones 17 s more.
 */
export const SETTLE_SLICE_MS = 20;
/** Give up waiting after this long: a target may keep a timer busy; the trial then says so. */
export const MAX_SETTLE_MS = 5000;

export interface Settled {
  /** How long gauntlet waited before the window (at least one slice). */
  waitedMs: number;
  /** False: still busier than IDLE_CORES when MAX_SETTLE_MS ran out. */
  idle: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the process groups together use less than IDLE_CORES: the target measured next and every other target kept up on the same core. */
export async function waitUntilIdle(
  pgid: number | number[],
  signal?: AbortSignal,
  maxMs = MAX_SETTLE_MS,
): Promise<Settled> {
  const started = performance.now();
  let before = usageOf(groupMembers(pgid), true);
  for (;;) {
    await sleep(SETTLE_SLICE_MS);
    const now = usageOf(groupMembers(pgid), true);
    const cores = (now.cpuSeconds - before.cpuSeconds) / ((now.atMs - before.atMs) / 1000);
    const waitedMs = Math.round(performance.now() - started);
    if (cores < IDLE_CORES) return { waitedMs, idle: true };
    if (waitedMs >= maxMs || signal?.aborted) return { waitedMs, idle: false };
    before = now;
  }
}
