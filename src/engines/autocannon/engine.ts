/** autocannon, the built-in engine: always available with npm install. */
import { join } from 'node:path';
import { engineWorkersDir } from '../../core/paths.js';
import { installedVersion } from '../../targets/availability.js';
import { pinnedCommand } from '../../measure/pinning.js';
import { startGroup, type GroupProcess } from '../../measure/process-group.js';
import type { Engine, EngineHooks, EngineMeasurement, EngineRunOptions, LoadSpec } from '../engine.js';
import type { FromWorker, ToWorker } from './messages.js';

const workerFile = join(engineWorkersDir, 'autocannon', 'worker.js');

/**
 * One worker process serves every trial of a run (starting node and loading autocannon per
 * trial cost most of a second on a busy core); it is replaced after any failure.
 */
let worker: { process: GroupProcess; cores?: string } | undefined;

function workerFor(cores: string | undefined): GroupProcess {
  if (worker && !worker.process.hasExited() && worker.cores === cores) return worker.process;
  void worker?.process.stop(500);
  const { command, args } = pinnedCommand(cores, process.execPath, [workerFile]);
  worker = { process: startGroup({ command, args, ipc: true }), cores };
  return worker.process;
}

async function closeWorker(): Promise<void> {
  const current = worker;
  worker = undefined;
  await current?.process.stop(1000);
}

export const autocannonEngine: Engine = {
  name: 'autocannon',
  description: 'autocannon (Node.js, built in): HTTP/1.1 with pipelining and request sequences',
  capabilities: { http1: true, pipelining: true, h2c: false, tlsHttp2: false, requestSequences: true },
  unavailableReason: () => (installedVersion('autocannon') ? undefined : 'autocannon is not installed (run npm install)'),
  version: () => installedVersion('autocannon') ?? 'missing',
  describeFlags: (spec) =>
    `-c ${spec.connections} -p ${spec.pipelining} -d ${spec.durationSec} -t ${spec.timeoutSec}` +
    (spec.warmupSec > 0 ? ` after a ${spec.warmupSec} s warm-up per target start` : '') +
    (spec.requests.length > 1 ? ` (cycling ${spec.requests.length} requests)` : ''),
  run,
  close: closeWorker,
};

function run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
  const child = workerFor(options.cores);
  return new Promise<EngineMeasurement>((resolve, reject) => {
    let settled = false;
    const onMessage = (message: FromWorker) => {
      if (message.type === 'window-start') hooks.windowStart(child.pid);
      else if (message.type === 'window-end') {
        hooks.windowEnd();
        finish(undefined, message.measurement);
      } else if (message.type === 'failed') finish(new Error(`autocannon failed: ${message.message}`));
    };
    const onAbort = () => finish(new Error(`load stopped: ${String((options.signal?.reason as Error | undefined)?.message ?? 'aborted')}`));
    const finish = (error: Error | undefined, measurement?: EngineMeasurement) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      child.child.off('message', onMessage);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        void closeWorker(); // a worker in an unknown state is not reused
        reject(error);
      } else resolve(measurement!);
    };
    const deadline = setTimeout(
      () => finish(new Error(`autocannon did not finish within ${Math.round(options.deadlineMs / 1000)} s`)),
      options.deadlineMs,
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.child.on('message', onMessage);
    void child.exited.then(({ code, signal }) =>
      finish(new Error(`autocannon exited early (${signal ?? `code ${code}`}): ${child.output.text() || 'no output'}`)),
    );
    child.child.send({ type: 'run', spec } satisfies ToWorker);
  });
}
