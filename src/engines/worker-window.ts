/**
 * The part every Node engine worker shares: one trial per 'run' message, a warm-up on the
 * open connections, then a measured window announced over IPC (so the parent samples /proc
 * over exactly that window), and the figures sent back when it ends.
 */
import type { BodyCheck, EngineMeasurement, LoadSpec } from './engine.js';
import { LatencySamples } from './latency-samples.js';
import type { FromWorker, ToWorker } from './worker-messages.js';

/** What a worker's load counts in its window, each body compared with its expected answer. */
export interface WindowStats {
  requests: number;
  errors: number;
  timeouts: number;
  statusCounts: Record<string, number>;
  latency: LatencySamples;
  bodyCheck: BodyCheck;
}

/** A window's counts before its first response. */
export const freshWindowStats = (): WindowStats => ({
  requests: 0,
  errors: 0,
  timeouts: 0,
  statusCounts: {},
  latency: new LatencySamples(),
  bodyCheck: { kind: 'each', compared: 0, wrong: 0, samples: [] },
});

/** A load that keeps its connections busy from start() until stop(), counting only inside a window. */
export interface WindowedLoad {
  start(): void;
  /** From now on responses count; what happened before is forgotten. */
  openWindow(): void;
  /** Stops issuing and counting; returns the socket bytes read in the window. */
  stop(): number;
  readonly stats: {
    requests: number;
    errors: number;
    timeouts: number;
    statusCounts: Record<string, number>;
    latency: LatencySamples;
  };
  /** Response body bytes in the window, where the load counts them (HTTP/2 DATA). */
  readonly bodyBytes?: number;
  /** Bodies compared with LoadSpec.expectedAnswers in the window, where the load says them. */
  readonly bodyCheck?: BodyCheck;
}

function send(message: FromWorker): void {
  process.send?.(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the load's warm-up and measured window and returns what it counted. */
export async function measureWindow(spec: LoadSpec, load: WindowedLoad): Promise<EngineMeasurement> {
  load.start();
  if (spec.warmupSec > 0) await sleep(spec.warmupSec * 1000);
  load.openWindow();
  const startedAt = performance.now();
  send({ type: 'window-start' });
  await sleep(spec.durationSec * 1000);
  const durationSec = (performance.now() - startedAt) / 1000;
  const bytes = load.stop();
  const { stats } = load;
  return {
    requests: stats.requests,
    errors: stats.errors,
    timeouts: stats.timeouts,
    statusCounts: stats.statusCounts,
    bytes,
    ...(load.bodyBytes !== undefined && { bodyBytes: load.bodyBytes }),
    ...(load.bodyCheck !== undefined && { bodyCheck: load.bodyCheck }),
    durationSec,
    latencyMs: stats.latency.summary(),
  };
}

/** Serves 'run' messages with `makeLoad` until the parent goes away. */
export function serveTrials(makeLoad: (spec: LoadSpec) => WindowedLoad): void {
  process.on('message', (message: ToWorker) => {
    if (message.type !== 'run') return;
    Promise.resolve()
      .then(() => measureWindow(message.spec, makeLoad(message.spec)))
      .then((measurement) => send({ type: 'window-end', measurement }))
      .catch((error: Error) => send({ type: 'failed', message: error.message }));
  });
  // The parent went away: nothing left to report to.
  process.on('disconnect', () => process.exit(0));
}
