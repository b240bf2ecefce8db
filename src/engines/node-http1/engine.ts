/**
 * node-http1: HTTP/1.1 load on raw node:net sockets (worker.ts), built in like autocannon but
 * at a fraction of its CPU per request, so the npm-only default measures the server rather
 * than the generator. One pinned worker process serves every trial of a run and is replaced
 * after any failure; it exits when gauntlet goes away.
 */
import { join } from 'node:path';
import { engineWorkersDir } from '../../core/paths.js';
import { protocolOf, type Engine, type LoadSpec } from '../engine.js';
import { WorkerRunner, checkedRun, workerFlagsSuffix } from '../worker-runner.js';

const workerFile = join(engineWorkersDir, 'node-http1', 'worker.js');

const runner = new WorkerRunner('node-http1', workerFile);

/** Refuses what node-http1 cannot carry, with the reason. */
function checkSpec(spec: LoadSpec): void {
  if (protocolOf(spec) !== 'http1') throw new Error('node-http1 speaks HTTP/1.1 only: use h2load or node-http2');
  if (new URL(spec.baseUrl).protocol !== 'http:')
    throw new Error(`node-http1 speaks cleartext HTTP/1.1 only, got ${spec.baseUrl}`);
  if (spec.requests.length === 0) throw new Error('node-http1: the load has no requests');
  if (spec.connections < 1) throw new Error('node-http1 needs at least one connection');
}

export const nodeHttp1Engine: Engine = {
  name: 'node-http1',
  description:
    'node-http1 (node:net, built in): HTTP/1.1 with pipelining and request sequences, responses read without header objects',
  capabilities: {
    http1: true,
    pipelining: true,
    h2c: false,
    tlsHttp2: false,
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
    `${spec.connections} connections x ${spec.pipelining} pipelined for ${spec.durationSec} s, timeout ${spec.timeoutSec} s` +
    workerFlagsSuffix(spec),
  run: checkedRun(runner, checkSpec),
  close: () => runner.close(),
};
