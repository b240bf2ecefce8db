/**
 * node-http2: HTTP/2 load from node:http2, so h2c and HTTP/2 over TLS work with npm install
 * alone. Like autocannon's, one pinned worker process (worker.ts) serves every trial of a run
 * and is replaced after any failure; it exits when gauntlet goes away. `pipelining` is the
 * number of concurrent streams per session. TLS certificates are not checked (targets use
 * self-signed ones).
 */
import { join } from 'node:path';
import { engineWorkersDir } from '../../core/paths.js';
import { protocolOf, type Engine, type LoadSpec } from '../engine.js';
import { WorkerRunner, checkedRun, workerFlagsSuffix } from '../worker-runner.js';

const workerFile = join(engineWorkersDir, 'node-http2', 'worker.js');

const runner = new WorkerRunner('node-http2', workerFile);

/** Refuses what node-http2 cannot carry, with the reason. */
function checkSpec(spec: LoadSpec): void {
  const protocol = protocolOf(spec);
  const scheme = new URL(spec.baseUrl).protocol;
  if (protocol === 'http1')
    throw new Error('node-http2 speaks HTTP/2 only (h2c or h2): use wrk or autocannon for HTTP/1.1');
  if (protocol === 'h2c' && scheme !== 'http:')
    throw new Error(`node-http2: h2c needs an http:// URL, got ${spec.baseUrl}`);
  if (protocol === 'h2' && scheme !== 'https:')
    throw new Error(`node-http2: HTTP/2 over TLS needs an https:// URL, got ${spec.baseUrl}`);
  if (spec.requests.length === 0) throw new Error('node-http2: the load has no requests');
  if (spec.connections < 1) throw new Error('node-http2 needs at least one connection');
}

export const nodeHttp2Engine: Engine = {
  name: 'node-http2',
  description:
    'node-http2 (node:http2, built in): h2c and HTTP/2 over TLS, concurrent streams per session and request sequences',
  capabilities: {
    http1: false,
    pipelining: true,
    h2c: true,
    tlsHttp2: true,
    pathCycles: true,
    requestSequences: true,
    timesEachPipelinedRequest: true,
    readsStatusWithoutReason: true,
    subSecondWindows: true,
    rampingLoad: false,
    arrivalRate: false,
    rampingArrivalRate: false,
    openArrivalRate: false,
  },
  unavailableReason: () => undefined,
  version: () => process.versions.node,
  describeFlags: (spec) =>
    `${spec.connections} sessions x ${spec.pipelining} concurrent streams for ${spec.durationSec} s, timeout ${spec.timeoutSec} s` +
    workerFlagsSuffix(spec),
  run: checkedRun(runner, checkSpec),
  close: () => runner.close(),
};
