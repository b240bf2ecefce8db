/**
 * Runs trials through an engine's worker process: one pinned worker (its own process group)
 * serves every trial of a run, because starting node and loading the generator per trial
 * costs most of a second on a busy core; a worker that failed is replaced. The worker
 * announces its measured window over IPC, so /proc is sampled over exactly that window.
 */
import { pinnedCommand } from '../proc/pinning.js';
import { startGroup, type GroupProcess } from '../proc/process-group.js';
import type { Engine, EngineHooks, EngineMeasurement, EngineRunOptions, LoadSpec } from './engine.js';
import type { FromWorker, ToWorker } from './worker-messages.js';
import { EngineFailure } from './engine-failure.js';
import { DEFAULT_RUNTIME_ID, knownRuntime } from '../runtimes/known-runtimes.js';
import { installedBinary } from '../runtimes/runtime-cache.js';

/**
 * The Node that runs engine workers: the default runtime's when installed (it is a dependency),
 * else the machine's. Measured here against node-http on Node 24, 100 connections × 10
 * pipelined, GET /json, 3 s: autocannon on Node 20 carried 34k req/s at 20 µs of its own CPU
 * per request, on Node 24 64k req/s at 13.6 µs (h2load: 69k).
 */
export function workerNode(): string {
  const runtime = knownRuntime(DEFAULT_RUNTIME_ID);
  return (runtime && installedBinary(runtime)) ?? process.execPath;
}

export class WorkerRunner {
  /** One worker per lane: two runs at once (turns) each need their own. */
  private readonly workers = new Map<number, { process: GroupProcess; cores?: string }>();

  constructor(
    private readonly name: string,
    private readonly workerFile: string,
  ) {}

  private workerFor(cores: string | undefined, lane: number): GroupProcess {
    const worker = this.workers.get(lane);
    if (worker && !worker.process.hasExited() && worker.cores === cores) return worker.process;
    void worker?.process.stop(500);
    const { command, args } = pinnedCommand(cores, workerNode(), [this.workerFile]);
    const started = { process: startGroup({ command, args, ipc: true }), cores };
    this.workers.set(lane, started);
    return started.process;
  }

  async close(lane?: number): Promise<void> {
    const closing = [...this.workers].filter(([key]) => lane === undefined || key === lane);
    for (const [key] of closing) this.workers.delete(key);
    await Promise.all(closing.map(([, worker]) => worker.process.stop(1000)));
  }

  run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
    const lane = options.lane ?? 0;
    const child = this.workerFor(options.cores, lane);
    return new Promise<EngineMeasurement>((resolve, reject) => {
      let settled = false;
      const onMessage = (message: FromWorker) => {
        if (message.type === 'window-start') hooks.windowStart(child.pid);
        else if (message.type === 'window-end') {
          hooks.windowEnd();
          finish(undefined, message.measurement);
        } else if (message.type === 'failed')
          finish(new EngineFailure(`${this.name} failed: ${message.message}`, this.name, undefined, message.message));
      };
      const onAbort = () =>
        finish(
          new Error(`load stopped: ${String((options.signal?.reason as Error | undefined)?.message ?? 'aborted')}`),
        );
      const finish = (error: Error | undefined, measurement?: EngineMeasurement) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        child.child.off('message', onMessage);
        options.signal?.removeEventListener('abort', onAbort);
        if (error) {
          void this.close(lane); // a worker in an unknown state is not reused
          reject(error);
        } else resolve(measurement!);
      };
      const deadline = setTimeout(
        () => finish(new Error(`${this.name} did not finish within ${Math.round(options.deadlineMs / 1000)} s`)),
        options.deadlineMs,
      );
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      child.child.on('message', onMessage);
      void child.exited.then(({ code, signal }) =>
        finish(
          new EngineFailure(
            `${this.name} worker exited early (${signal ?? `code ${code}`}): ${child.output.text() || 'no output'}`,
            this.name,
            { code, signal },
            child.output.text(),
          ),
        ),
      );
      child.child.send({ type: 'run', spec } satisfies ToWorker);
    });
  }
}

/** The end of a worker engine's flags: its warm-up and the cycle of requests, when there are. */
export function workerFlagsSuffix(spec: LoadSpec): string {
  return (
    (spec.warmupSec > 0 ? ` after a ${spec.warmupSec} s warm-up` : '') +
    (spec.requests.length > 1 ? ` (cycling ${spec.requests.length} requests)` : '')
  );
}

/** An engine's run(): the spec is checked first and refused with the reason, then the worker runs it. */
export function checkedRun(runner: WorkerRunner, check: (spec: LoadSpec) => void): Engine['run'] {
  return (spec, hooks, options) => {
    try {
      check(spec);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return runner.run(spec, hooks, options);
  };
}
