/**
 * Warm-up to steady state, once per target start: one-second loads, one after another, each
 * cycling through the requests of every scenario about to be measured, until the target's
 * throughput and its CPU cost per request stop improving, or a maximum is reached.
 *
 * Throughput is read from the server's side, not the engine's: the bytes the target's process
 * group writes (/proc wchar) per second of a fixed mix of requests grow in proportion to its
 * responses, whatever engine sends them, and bytes per CPU second track its CPU cost per
 * request. Measured here: fastify started cold served 12k, 19k, 27k, 29k, 35k, 44k req/s in its
 * first six one-second slices; a fixed one-second warm-up measured whichever scenario came
 * first partly cold, and warmed a slow framework less than a fast one.
 */
import { type Engine, type EngineMeasurement, type LoadSpec, requestsInFlight } from '../engines/engine.js';
import type { RequestSpec, Scenario } from '../suites/types.js';
import type { WindowUsage } from '../hosts/host.js';
import { SETTLE_SLICE_MS } from '../proc/settle.js';
import type { RunningTarget } from './target-process.js';
import { protocolField } from './trial.js';

/** One block of the warm-up: what the target wrote per second, and per CPU second. */
export interface WarmupBlock {
  bytesPerSec: number;
  bytesPerCpuSec: number;
}

export interface WarmupRecord {
  /** Seconds of load the warm-up took. */
  seconds: number;
  /** True when it ended because throughput and CPU cost had levelled off; false when the maximum ran out (or it failed). */
  steady: boolean;
  blocks: WarmupBlock[];
  /** Set when the warm-up load itself failed (the trials that follow say more). */
  error?: string;
  /** Set when the run was interrupted (Ctrl-C) during the warm-up: it neither levelled off nor ran out. */
  interrupted?: true;
  /** Milliseconds spent between blocks waiting for the target to finish what a block left (not in `seconds`). */
  waitedMs?: number;
}

/** How a warm-up ended, in the words the progress line uses. */
export function warmupEnding(warmup: Pick<WarmupRecord, 'steady' | 'error' | 'interrupted'>): string {
  if (warmup.steady) return 'levelled off';
  if (warmup.interrupted) return 'stopped by the interrupt';
  return warmup.error ? `its load failed: ${warmup.error}` : 'still rising at the maximum';
}

/** Length of one block. One second keeps a block's noise (a few % here) below the gains a JIT still makes. */
export const WARMUP_BLOCK_MS = 1000;
/** Longest wait between two blocks: koa drained 100 × 100 HTTP/2 streams in 0.2-0.4 s here; a target busy for longer (a timer) is the trials' to report. */
export const WARMUP_SETTLE_MAX_MS = 2000;
/** At least this many blocks: the first holds the connections' set-up, and "levelled off" needs a past to compare with. */
export const MIN_WARMUP_BLOCKS = 3;
/** A block that beats every earlier one by more than this share still counts as rising. */
export const STEADY_GAIN = 0.03;
/**
 * Below this many cores busy, a block's CPU time is a handful of 10 ms clock ticks, too coarse
 * to compare, and the target is not CPU-bound anyway: only its throughput is judged.
 */
export const MIN_CORES_FOR_EFFICIENCY = 0.5;

/**
 * Whether a block left the target more than one settle slice of work: the requests it kept in
 * flight (connections × pipelined requests or HTTP/2 streams), at the rate the target just
 * answered. A trial waits for an idle target before its window (proc/settle.ts); blocks loaded
 * back to back did not, and on the h2 suite's 100 × 100 streams koa's blocks fell (0.35, 0.27,
 * 0.16 MB/s, "levelled off" while it drained the blocks before) and hapi's second block got no
 * answer at all, which ended its warm-up after 2 s. A block the engine saw no answer in left work.
 */
export function leftWorkBehind(
  inFlight: number,
  answered: Pick<EngineMeasurement, 'requests' | 'durationSec'> | undefined,
): boolean {
  if (!answered || answered.requests <= 0 || answered.durationSec <= 0) return true;
  return inFlight / (answered.requests / answered.durationSec) > SETTLE_SLICE_MS / 1000;
}

/**
 * Levelled off: neither of the last two blocks beats the best earlier block by more than
 * STEADY_GAIN, in bytes per second or in bytes per CPU second. Two blocks, so one lucky
 * block does not end a warm-up that is still climbing; "the best earlier", so a dip (a GC
 * pause) does not make the next block look like a gain.
 */
export function levelledOff(blocks: WarmupBlock[]): boolean {
  if (blocks.length < MIN_WARMUP_BLOCKS) return false;
  const earlier = blocks.slice(0, -2);
  const busy = (b: WarmupBlock) => b.bytesPerCpuSec > 0 && b.bytesPerSec / b.bytesPerCpuSec >= MIN_CORES_FOR_EFFICIENCY;
  const bestRate = Math.max(...earlier.map((b) => b.bytesPerSec));
  const bestEfficiency = Math.max(0, ...earlier.filter(busy).map((b) => b.bytesPerCpuSec));
  return blocks
    .slice(-2)
    .every(
      (b) =>
        b.bytesPerSec <= bestRate * (1 + STEADY_GAIN) &&
        (!busy(b) || bestEfficiency === 0 || b.bytesPerCpuSec <= bestEfficiency * (1 + STEADY_GAIN)),
    );
}

/** Round-robin over the scenarios' request lists: a, b, c, a, b, c, … */
export function interleaveRequests(scenarios: Scenario[]): RequestSpec[] {
  const longest = Math.max(...scenarios.map((s) => s.load.length));
  const mixed: RequestSpec[] = [];
  for (let i = 0; i < longest; i++) for (const s of scenarios) mixed.push(s.load[i % s.load.length]);
  return mixed;
}

/** A block's figures from what its window metered: bytes written per second of wall clock and of CPU. */
function blockOf(usage: WindowUsage): WarmupBlock | undefined {
  if (usage.wallSeconds <= 0) return undefined;
  return {
    bytesPerSec: usage.writtenBytes / usage.wallSeconds,
    bytesPerCpuSec: usage.cpuSeconds > 0 ? usage.writtenBytes / usage.cpuSeconds : 0,
  };
}

export async function warmUp(
  running: RunningTarget,
  scenarios: Scenario[],
  engine: Engine,
  load: Omit<LoadSpec, 'baseUrl' | 'requests' | 'warmupSec' | 'durationSec'>,
  options: {
    cores?: string;
    signal: AbortSignal;
    maxSec: number;
    /**
     * What a trial sends right after its window (the scenarios' checks), sent after every block
     * too: its requests differ from the engine's (`Connection: close`, other headers), and a
     * target whose code was optimized without them deoptimized it at the first trial's check,
     * 8-23 times per target, and ran the next round 15 % slower while it optimized again
     * (docs/method.md). Its answers are the trials' to judge.
     */
    afterBlock?: () => Promise<unknown>;
  },
): Promise<WarmupRecord> {
  const blocks: WarmupBlock[] = [];
  const pgid = running.process.pid;
  const blockSec = WARMUP_BLOCK_MS / 1000;
  const spec: LoadSpec = {
    ...load,
    warmupSec: 0,
    durationSec: blockSec,
    baseUrl: running.baseUrl,
    requests: interleaveRequests(scenarios),
    ...protocolField(running),
  };
  const inFlight = requestsInFlight(spec);
  let plannedSec = 0;
  let loadSec = 0;
  let waitedMs = 0;
  let error: string | undefined;
  // Each block is a load of its own, its connections opened and closed as a trial's are. A
  // server's socket set-up and tear-down paths are compiled, and deoptimized when the first
  // connections close, only once a load goes through them: after one long load the first
  // round of the default run ran 9-14 % below the run's mean in three runs out of three; warmed in
  // one-second loads, 2.6 % on average over seven (docs/method.md).
  while (plannedSec < options.maxSec - 0.01 && !options.signal.aborted) {
    // The last block takes what is left of the maximum (all of it when that is under a second).
    const durationSec = Math.min(blockSec, options.maxSec - plannedSec);
    plannedSec += durationSec;
    let answered: EngineMeasurement | undefined;
    let failed: unknown;
    const meter = running.host.meter(pgid, { series: false });
    let usage: Promise<WindowUsage> | undefined;
    try {
      answered = await engine.run(
        { ...spec, durationSec },
        {
          windowStart: () => meter.begin(),
          windowEnd() {
            usage = meter.end();
          },
        },
        { cores: options.cores, signal: options.signal, deadlineMs: blockSec * 3000 + 15000 },
      );
    } catch (caught) {
      failed = caught ?? new Error('the engine failed');
    }
    const read = await usage?.catch(() => undefined);
    const block = read && blockOf(read);
    if (read) loadSec += read.wallSeconds;
    // The engine's verdict on its window (h2load: no stream finished in it) does not void
    // what /proc saw the target write in it; a block it wrote nothing in ends the warm-up.
    if (failed !== undefined && (options.signal.aborted || !block || block.bytesPerSec <= 0)) {
      if (!options.signal.aborted) error = (failed as Error).message;
      break;
    }
    if (!block) break;
    blocks.push(block);
    await options.afterBlock?.().catch(() => undefined);
    if (levelledOff(blocks)) break;
    if (plannedSec < options.maxSec - 0.01 && leftWorkBehind(inFlight, answered))
      waitedMs += (await running.host.waitUntilIdle([pgid], options.signal, WARMUP_SETTLE_MAX_MS)).waitedMs;
  }
  const seconds = Math.round(loadSec * 10) / 10;
  const steady = levelledOff(blocks);
  const interrupted = !steady && options.signal.aborted;
  return {
    seconds,
    steady,
    blocks,
    ...(error && { error }),
    ...(interrupted && { interrupted: true as const }),
    ...(waitedMs > 0 && { waitedMs }),
  };
}
