/**
 * node-http2: HTTP/2 load from node:http2, so h2c and HTTP/2 over TLS work with npm install
 * alone. Like autocannon's, one pinned worker process (worker.ts) serves every trial of a run
 * and is replaced after any failure; it exits when gauntlet goes away. `pipelining` is the
 * number of concurrent streams per session. TLS certificates are not checked (targets use
 * self-signed ones).
 */
import { join } from 'node:path';
import { engineWorkersDir } from '../../core/paths.js';
import { pinnedCommand } from '../../measure/pinning.js';
import { startGroup, type GroupProcess } from '../../measure/process-group.js';
import { protocolOf, type Engine, type EngineHooks, type EngineMeasurement, type EngineRunOptions, type LoadSpec } from '../engine.js';
import type { FromWorker, ToWorker } from './messages.js';

const workerFile = join(engineWorkersDir, 'node-http2', 'worker.js');

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

/** Refuses what node-http2 cannot carry, with the reason. */
function checkSpec(spec: LoadSpec): void {
  const protocol = protocolOf(spec);
  const scheme = new URL(spec.baseUrl).protocol;
  if (protocol === 'http1') throw new Error('node-http2 speaks HTTP/2 only (h2c or h2): use wrk or autocannon for HTTP/1.1');
  if (protocol === 'h2c' && scheme !== 'http:') throw new Error(`node-http2: h2c needs an http:// URL, got ${spec.baseUrl}`);
  if (protocol === 'h2' && scheme !== 'https:') throw new Error(`node-http2: HTTP/2 over TLS needs an https:// URL, got ${spec.baseUrl}`);
  if (spec.requests.length === 0) throw new Error('node-http2: the load has no requests');
  if (spec.connections < 1) throw new Error('node-http2 needs at least one connection');
}

export const nodeHttp2Engine: Engine = {
  name: 'node-http2',
  description: 'node-http2 (node:http2, built in): h2c and HTTP/2 over TLS, concurrent streams per session and request sequences',
  capabilities: { http1: false, pipelining: true, h2c: true, tlsHttp2: true, requestSequences: true },
  unavailableReason: () => undefined,
  version: () => process.versions.node,
  describeFlags: (spec) =>
    `${spec.connections} sessions x ${spec.pipelining} concurrent streams for ${spec.durationSec} s, timeout ${spec.timeoutSec} s` +
    (spec.warmupSec > 0 ? ` after a ${spec.warmupSec} s warm-up` : '') +
    (spec.requests.length > 1 ? ` (cycling ${spec.requests.length} requests)` : ''),
  run,
  close: closeWorker,
};

function run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
  try {
    checkSpec(spec);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const child = workerFor(options.cores);
  return new Promise<EngineMeasurement>((resolve, reject) => {
    let settled = false;
    const onMessage = (message: FromWorker) => {
      if (message.type === 'window-start') hooks.windowStart(child.pid);
      else if (message.type === 'window-end') {
        hooks.windowEnd();
        finish(undefined, message.measurement);
      } else if (message.type === 'failed') finish(new Error(`node-http2 failed: ${message.message}`));
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
      () => finish(new Error(`node-http2 did not finish within ${Math.round(options.deadlineMs / 1000)} s`)),
      options.deadlineMs,
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.child.on('message', onMessage);
    void child.exited.then(({ code, signal }) =>
      finish(new Error(`node-http2 worker exited early (${signal ?? `code ${code}`}): ${child.output.text() || 'no output'}`)),
    );
    child.child.send({ type: 'run', spec } satisfies ToWorker);
  });
}
