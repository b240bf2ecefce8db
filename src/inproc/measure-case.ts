/**
 * Times one task with tinybench inside the child: a warm-up run whose figures are dropped, then
 * the measured run. Calls that take well under a microsecond are timed in batches (tinybench's
 * overriddenDuration), so the cost of reading the clock around each call stays out of the figure.
 */
import { Bench } from 'tinybench';
import type { CaseSamples } from './messages.js';

/** A batch should last about this long: far above the clock's cost (~50 ns) and the library's own per-sample work, far below the window. */
const BATCH_TARGET_MS = 1;
const MAX_BATCH = 16_384;

export interface TimedTask {
  task: () => unknown;
  /** Whether task returns a promise (awaited, so one call is in flight at a time). */
  async: boolean;
}

/** Runs the task for about `timeMs` in batches of `batch` calls; the last answer is kept for the check. */
async function timeBatches(
  timed: TimedTask,
  timeMs: number,
  batch: number,
  signal: AbortSignal,
): Promise<{ bench: Bench; wallMs: number; last: { answer: unknown } }> {
  const last = { answer: undefined as unknown };
  const bench = new Bench({ time: timeMs, iterations: 1, warmup: false, retainSamples: true, throws: true, signal });
  const { task } = timed;
  bench.add(
    'case',
    timed.async
      ? async () => {
          const start = performance.now();
          for (let i = 0; i < batch; i++) last.answer = await task();
          const took = performance.now() - start;
          return { overriddenDuration: took / batch, overriddenIterationCost: took };
        }
      : () => {
          const start = performance.now();
          for (let i = 0; i < batch; i++) last.answer = task();
          const took = performance.now() - start;
          return { overriddenDuration: took / batch, overriddenIterationCost: took };
        },
    { async: timed.async },
  );
  const started = performance.now();
  await bench.run();
  return { bench, wallMs: performance.now() - started, last };
}

/** The batch that lasts about BATCH_TARGET_MS at this mean time per call. */
function batchFor(perOpMs: number): number {
  return Math.max(1, Math.min(MAX_BATCH, Math.round(BATCH_TARGET_MS / Math.max(perOpMs, 1e-6))));
}

function periodOf(bench: Bench): number | undefined {
  const result = bench.tasks[0].result;
  return result.state === 'completed' ? result.period : undefined;
}

/**
 * Warm-up: runs the task for warmupMs and returns the batch size that fits BATCH_TARGET_MS,
 * sized on the warmed-up speed (a cold first call can be a hundred times slower).
 */
export async function warmUp(timed: TimedTask, warmupMs: number, signal: AbortSignal): Promise<number> {
  // A short probe with single calls sizes the first batches even when the warm-up is 0.
  const probe = await timeBatches(timed, Math.max(20, Math.min(warmupMs, 50)), 1, signal);
  let batch = batchFor(periodOf(probe.bench) ?? BATCH_TARGET_MS);
  if (warmupMs > 50) {
    const warm = await timeBatches(timed, warmupMs - 50, batch, signal);
    batch = batchFor(periodOf(warm.bench) ?? BATCH_TARGET_MS);
  }
  return batch;
}

export async function measure(
  timed: TimedTask,
  timeMs: number,
  batch: number,
  signal: AbortSignal,
): Promise<{ samples: CaseSamples; lastAnswer: unknown }> {
  const { bench, wallMs, last } = await timeBatches(timed, timeMs, batch, signal);
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') {
    throw new Error(
      result.state === 'errored'
        ? String((result.error as Error)?.message ?? result.error)
        : `the benchmark ended ${result.state}`,
    );
  }
  const perOp = result.latency.samples ?? [];
  const samples = perOp.length;
  const ops = samples * batch;
  const timeSpentMs = result.totalTime * batch;
  const quantile = (q: number) => (samples > 0 ? perOp[Math.min(samples - 1, Math.floor(q * samples))] * 1e6 : 0);
  return {
    samples: {
      ops,
      timeMs: timeSpentMs,
      wallMs,
      opsPerSec: timeSpentMs > 0 ? ops / (timeSpentMs / 1000) : 0,
      meanNsPerOp: ops > 0 ? (timeSpentMs * 1e6) / ops : 0,
      batch,
      samples,
      p50Ns: quantile(0.5),
      p99Ns: quantile(0.99),
      rme: result.latency.rme,
    },
    lastAnswer: last.answer,
  };
}
