/**
 * Measures each installed HTTP/1.1 engine's CPU cost per request against gauntlet's bare
 * node:http hello server: server pinned to its cores, engine to the generator's, 100
 * connections with the default pipelining (10) and without pipelining (a request's cost
 * differs by half between the two), a short warm-up, then a measured window.
 */
import { engines } from '../engines/registry.js';
import type { Engine } from '../engines/engine.js';
import { allowedCores, pinSelf, planCores, tasksetAvailable } from '../proc/pinning.js';
import { usageOf, type UsageSnapshot } from '../proc/proc-stat.js';
import { startTarget } from '../measure/target-process.js';
import { nodeRuntime } from '../runtimes/runtime.js';
import { helloSuite } from '../suites/hello/suite.js';
import { loadTargets } from '../targets/registry.js';
import {
  CALIBRATED_PIPELINING,
  cpuModel,
  type Calibration,
  type EngineCalibration,
} from '../results/calibration-file.js';
import { pollIdleCores } from '../proc/idle-polling.js';

const LOAD = { connections: 100, warmupSec: 1, durationSec: 3, timeoutSec: 10 };

/**
 * GAUNTLET_CALIBRATION_SEC shortens each measured window to that many seconds (its warm-up to a
 * third): for the tests, which check what a calibration records, not its figures.
 */
function calibrationLoad(): typeof LOAD {
  const sec = Number(process.env.GAUNTLET_CALIBRATION_SEC);
  return sec > 0 ? { ...LOAD, warmupSec: sec / 3, durationSec: sec } : LOAD;
}

type Measured = Omit<EngineCalibration, 'unpipelined'>;

async function calibrateEngine(
  engine: Engine,
  pipelining: number,
  scenario: 'text' | 'param',
  serverCores: string | undefined,
  engineCores: string | undefined,
): Promise<Measured> {
  const target = (await loadTargets()).find((t) => t.name === 'node-http')!;
  const running = await startTarget({
    target,
    suite: 'hello',
    runtime: nodeRuntime,
    cores: serverCores,
    readyTimeoutMs: 15_000,
  });
  try {
    let start: UsageSnapshot | undefined;
    let end: UsageSnapshot | undefined;
    let pid = 0;
    const requests = helloSuite.scenarios.find((s) => s.name === scenario)!.load;
    const spec = { ...calibrationLoad(), pipelining, baseUrl: running.baseUrl, requests };
    const measurement = await engine.run(
      spec,
      {
        windowStart(generatorPid) {
          pid = generatorPid;
          start = usageOf([pid]);
        },
        windowEnd() {
          end = usageOf([pid]);
        },
      },
      { cores: engineCores, deadlineMs: 60_000 },
    );
    const cpuSeconds = start && end ? end.cpuSeconds - start.cpuSeconds : 0;
    if (measurement.requests === 0 || cpuSeconds <= 0)
      throw new Error(`${engine.name}: no requests or no CPU time measured`);
    const usPerRequest = (cpuSeconds * 1e6) / measurement.requests;
    return { usPerRequest, ceilingRequestsPerSec: 1e6 / usPerRequest, flags: engine.describeFlags(spec) };
  } finally {
    await running.process.stop();
    await engine.close();
  }
}

export async function calibrate(report: (line: string) => void, idlePolling = true): Promise<Calibration> {
  const cores = planCores(allowedCores(), tasksetAvailable());
  pinSelf(cores.engine);
  // As a run measures: idle cores that halt at once change what the server and the engine cost per request.
  const polling = pollIdleCores(idlePolling);
  try {
    return await calibrateEngines(report, cores);
  } finally {
    polling.restore();
  }
}

async function calibrateEngines(
  report: (line: string) => void,
  cores: ReturnType<typeof planCores>,
): Promise<Calibration> {
  const results: Calibration['engines'] = {};
  for (const engine of engines.filter((e) => e.capabilities.http1 && !e.unavailableReason())) {
    try {
      const pipelined = await calibrateEngine(engine, CALIBRATED_PIPELINING, 'text', cores.server, cores.engine);
      const unpipelined = await calibrateEngine(engine, 1, 'text', cores.server, cores.engine);
      const cycled = engine.capabilities.pathCycles
        ? await calibrateEngine(engine, CALIBRATED_PIPELINING, 'param', cores.server, cores.engine)
        : undefined;
      results[engine.name] = { ...pipelined, unpipelined, ...(cycled && { cycled }) };
      const line = (m: Measured) =>
        `${m.usPerRequest.toFixed(1)} µs CPU per request, ceiling ≈ ${Math.round(m.ceilingRequestsPerSec).toLocaleString('en-US')} req/s on one core`;
      report(
        `${engine.name}: ${line(pipelined)} (pipelining ${CALIBRATED_PIPELINING}); ${line(unpipelined)} (no pipelining)` +
          (cycled ? `; ${line(cycled)} (pipelining ${CALIBRATED_PIPELINING}, cycling 1,000 paths)` : ''),
      );
    } catch (error) {
      report(`${engine.name}: not calibrated: ${(error as Error).message}`);
    }
  }
  return { calibratedAt: new Date().toISOString(), cpuModel: cpuModel(), node: process.version, engines: results };
}
