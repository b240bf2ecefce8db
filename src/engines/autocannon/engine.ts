/** autocannon, the built-in engine: always available with npm install. */
import { join } from 'node:path';
import { engineWorkersDir } from '../../core/paths.js';
import { installedVersion } from '../../targets/availability.js';
import type { Engine } from '../engine.js';
import { WorkerRunner, workerFlagsSuffix } from '../worker-runner.js';

const workerFile = join(engineWorkersDir, 'autocannon', 'worker.js');

const runner = new WorkerRunner('autocannon', workerFile);

export const autocannonEngine: Engine = {
  name: 'autocannon',
  description: 'autocannon (Node.js, built in): HTTP/1.1 with pipelining and request sequences',
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
    arrivalRate: true,
    rampingArrivalRate: false,
    openArrivalRate: false,
  },
  unavailableReason: () =>
    installedVersion('autocannon') ? undefined : 'autocannon is not installed (run npm install)',
  version: () => installedVersion('autocannon') ?? 'missing',
  describeFlags: (spec) =>
    `-c ${spec.connections} -p ${spec.pipelining} -d ${spec.durationSec} -t ${spec.timeoutSec}` +
    (spec.profile?.kind === 'rate'
      ? ` -R ${spec.profile.stages[0].to} --ignoreCoordinatedOmission (a rate cap on a closed loop)`
      : '') +
    workerFlagsSuffix(spec),
  run: (spec, hooks, options) => runner.run(spec, hooks, options),
  close: () => runner.close(),
};
