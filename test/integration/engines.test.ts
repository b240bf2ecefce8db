/**
 * Every load engine against the counting-server fixture, which counts the requests it
 * answered: the same short trials through each engine must give figures that agree in kind
 * with the server's own count and with each other, call the window hooks once each, and
 * leave no generator process behind.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Engine, EngineMeasurement, LoadProtocol, LoadSpec } from '../../src/engines/engine.js';
import { chooseEngine, engines } from '../../src/engines/registry.js';
import { windowNeeds } from '../../src/engines/needs.js';
import { allowedCores, planCores, tasksetAvailable } from '../../src/proc/pinning.js';
import { usageOf } from '../../src/proc/proc-stat.js';
import { startTarget, type RunningTarget } from '../../src/measure/target-process.js';
import { nodeRuntime } from '../../src/runtimes/runtime.js';
import { helloSuite } from '../../src/suites/hello/suite.js';
import type { Target } from '../../src/targets/registry.js';
import countingServer from '../fixtures/targets/counting-server/manifest.js';
import { fixtureTargetsDir, leftoverProcesses, newMark, TEST_MARK_VAR } from '../helpers/cli.js';

const INSTALL = 'apt-get install -y wrk nghttp2-client';
// Every process this file starts (target, generators and what they spawn) inherits the mark.
const mark = newMark();
process.env[TEST_MARK_VAR] = mark;
const cores = planCores(allowedCores(), tasksetAvailable());
const target: Target = { ...countingServer, dir: join(fixtureTargetsDir, 'counting-server') };
const scenario = (name: string) => helloSuite.scenarios.find((s) => s.name === name)!;

let running: RunningTarget;
const countAgent = new Agent({ keepAlive: true, maxSockets: 1 });

/** The server's own count of answered requests (its /__count calls are not counted). */
function serverCount(): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${running.baseUrl}/__count`, { agent: countAgent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve((JSON.parse(body) as { count: number }).count));
    })
      .on('error', reject)
      .end();
  });
}

/** Alive and not a zombie. */
function processAlive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

async function goneSoon(pid: number, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

interface Observed {
  measurement: EngineMeasurement;
  pid: number;
  windowStarts: number;
  windowEnds: number;
  served: number;
  generatorCpuSec: number;
}

async function trial(engine: Engine, spec: LoadSpec): Promise<Observed> {
  let pid = 0;
  let windowStarts = 0;
  let windowEnds = 0;
  let atStart: Promise<number> | undefined;
  let atEnd: Promise<number> | undefined;
  let cpuAtStart = 0;
  let cpuAtEnd = 0;
  const measurement = await engine.run(
    spec,
    {
      windowStart(generatorPid) {
        windowStarts++;
        pid = generatorPid;
        atStart = serverCount();
        cpuAtStart = usageOf([pid]).cpuSeconds;
      },
      windowEnd() {
        windowEnds++;
        cpuAtEnd = usageOf([pid]).cpuSeconds;
        atEnd = serverCount();
      },
    },
    { cores: cores.engine, deadlineMs: 20_000 },
  );
  assert.ok(atStart && atEnd, 'both window hooks were called');
  return {
    measurement,
    pid,
    windowStarts,
    windowEnds,
    served: (await atEnd) - (await atStart),
    generatorCpuSec: cpuAtEnd - cpuAtStart,
  };
}

function checkFigures(label: string, spec: LoadSpec, seen: Observed): void {
  const m = seen.measurement;
  assert.equal(seen.windowStarts, 1, `${label}: windowStart called once`);
  assert.equal(seen.windowEnds, 1, `${label}: windowEnd called once`);
  assert.ok(m.requests > 500, `${label}: only ${m.requests} responses`);
  assert.equal(m.errors, 0, `${label}: ${m.errors} errors`);
  assert.equal(m.timeouts, 0, `${label}: ${m.timeouts} timeouts`);
  // The server's count is read when each hook fires; requests in flight at either edge and
  // the count's own round trip may fall on either side. On a busy machine that round trip took
  // 50 ms (5 % of a window): a tenth of the responses is still far below the miscounts this
  // catches (a batch counted once, the warm-up counted too).
  const tolerance = 2 * spec.connections * spec.pipelining + 0.1 * m.requests;
  assert.ok(
    Math.abs(seen.served - m.requests) <= tolerance,
    `${label}: the engine counted ${m.requests} responses, the server answered ${seen.served} in the window (tolerance ${Math.round(tolerance)})`,
  );
  const statusSum = Object.values(m.statusCounts).reduce((sum, n) => sum + n, 0);
  assert.equal(
    statusSum,
    m.requests,
    `${label}: status counts ${JSON.stringify(m.statusCounts)} sum to the request count`,
  );
  assert.deepEqual(Object.keys(m.statusCounts), ['200'], `${label}: every response was a 200`);
  const l = m.latencyMs;
  assert.ok(
    l.p50 >= 0 &&
      l.max > 0 &&
      l.p50 <= l.p75 &&
      l.p75 <= l.p90 &&
      l.p90 <= l.p99 &&
      l.p99 <= l.p99_9 &&
      l.p99_9 <= l.max,
    `${label}: ordered latency ${JSON.stringify(l)}`,
  );
  assert.ok(l.mean > 0 && l.mean <= l.max, `${label}: mean latency ${l.mean}`);
  assert.ok(m.bytes > m.requests * 10, `${label}: ${m.bytes} bytes for ${m.requests} responses`);
  assert.ok(
    m.durationSec > 0.85 * spec.durationSec && m.durationSec < spec.durationSec + 1,
    `${label}: window of ${m.durationSec} s`,
  );
  assert.ok(seen.generatorCpuSec > 0, `${label}: the generator's CPU was readable over the window`);
}

/**
 * wrk records one latency per batch of `pipelining` requests: with its coordinated-omission
 * correction undone there are as many latencies as completed batches (responses of batches
 * cut off by the window's end count as requests but not as latencies). Left in, the
 * correction multiplies them.
 */
function checkWrkLatencySamples(label: string, spec: LoadSpec, m: EngineMeasurement): void {
  const samples = m.latencySamples ?? -1;
  const batches = m.requests / spec.pipelining;
  assert.ok(
    samples <= Math.ceil(batches) && samples >= Math.floor(batches) - spec.connections,
    `${label}: ${samples} latencies for ${m.requests} responses in batches of ${spec.pipelining}`,
  );
  assert.equal(
    m.latencyPer,
    spec.pipelining > 1 ? 'batch' : undefined,
    `${label}: says whether a latency is per batch`,
  );
}

before(async () => {
  running = await startTarget({
    target,
    suite: 'hello',
    runtime: nodeRuntime,
    cores: cores.server,
    readyTimeoutMs: 10_000,
  });
  await serverCount(); // open the count connection before any window
});

after(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await running?.process.stop(1000);
  countAgent.destroy();
  assert.deepEqual(await leftoverProcesses(mark), [], 'no process this file started is left');
});

test(`wrk and h2load are installed (CI installs them: ${INSTALL})`, () => {
  for (const name of ['wrk', 'h2load']) {
    const engine = engines.find((e) => e.name === name)!;
    assert.equal(engine.unavailableReason(), undefined, `${name} is missing: run ${INSTALL}`);
    assert.match(engine.version(), /\d/);
  }
});

for (const engine of engines) {
  const protocols: LoadProtocol[] = [];
  if (engine.capabilities.http1) protocols.push('http1');
  if (engine.capabilities.h2c) protocols.push('h2c');

  test(`${engine.name}: figures agree with the server's own count (${protocols.join(', ')})`, async (t) => {
    const reason = engine.unavailableReason();
    // k6 is built from source (minutes): CI builds it (scripts/install-tools.sh); elsewhere its absence skips, saying so.
    if (engine.name === 'k6' && reason) return t.skip(`k6 is absent: ${reason}`);
    assert.equal(reason, undefined, `${engine.name} is not usable: ${reason} (${INSTALL})`);
    const pids: number[] = [];
    for (const protocol of protocols) {
      for (const pipelining of engine.capabilities.pipelining ? [1, 4] : [1]) {
        for (const name of ['text', 'param']) {
          // autocannon keeps whole milliseconds: its p50 may be 0. One warm-up per protocol, so the warm-up path (window after it) is covered too.
          // An engine that does not pipeline (k6) takes its warm-up on the unpipelined load.
          const warmupSec = (pipelining === 4 || !engine.capabilities.pipelining) && name === 'text' ? 1 : 0;
          const label = `${engine.name} ${protocol} ${name} pipelining ${pipelining}${warmupSec ? ' after a warm-up' : ''}`;
          await t.test(label, async (st) => {
            const spec: LoadSpec = {
              baseUrl: running.baseUrl,
              protocol,
              requests: scenario(name).load,
              connections: 10,
              pipelining,
              warmupSec,
              durationSec: 1,
              timeoutSec: 10,
            };
            const seen = await trial(engine, spec);
            pids.push(seen.pid);
            const m = seen.measurement;
            st.diagnostic(
              `${m.requests} responses (server: ${seen.served}) in ${m.durationSec.toFixed(3)} s, p50 ${m.latencyMs.p50} ms, ` +
                `${m.bytes} bytes, generator ${((seen.generatorCpuSec * 1e6) / m.requests).toFixed(1)} µs CPU per request`,
            );
            checkFigures(label, spec, seen);
            if (engine.name === 'wrk') checkWrkLatencySamples(label, spec, m);
            if (engine.name === 'wrk' || engine.name === 'h2load') {
              assert.ok(
                await goneSoon(seen.pid),
                `${label}: ${engine.name} (pid ${seen.pid}) is gone once the trial returned`,
              );
            }
          });
        }
      }
    }
    await engine.close();
    for (const pid of new Set(pids))
      assert.ok(await goneSoon(pid), `${engine.name}: process ${pid} is gone after close()`);
  });
}

test('engines refuse a load they cannot carry, saying why', async () => {
  const base: Omit<LoadSpec, 'requests'> = {
    baseUrl: running.baseUrl,
    connections: 1,
    pipelining: 1,
    warmupSec: 0,
    durationSec: 1,
    timeoutSec: 1,
  };
  const hooks = { windowStart() {}, windowEnd() {} };
  const byName = (name: string) => engines.find((e) => e.name === name)!;
  const post = [{ method: 'POST' as const, path: '/', body: 'x' }];
  await assert.rejects(
    byName('h2load').run({ ...base, protocol: 'h2c', requests: post }, hooks, { deadlineMs: 5000 }),
    /h2load sends GET only.*POST/,
  );
  await assert.rejects(
    byName('h2load').run(
      {
        ...base,
        requests: [
          { method: 'GET', path: '/', headers: { a: '1' } },
          { method: 'GET', path: '/json' },
        ],
      },
      hooks,
      { deadlineMs: 5000 },
    ),
    /same headers with every request/,
  );
  await assert.rejects(
    byName('wrk').run({ ...base, protocol: 'h2c', requests: scenario('text').load }, hooks, { deadlineMs: 5000 }),
    /HTTP\/1\.1 only/,
  );
  await assert.rejects(
    byName('node-http2').run({ ...base, requests: scenario('text').load }, hooks, { deadlineMs: 5000 }),
    /HTTP\/2 only/,
  );
});

test('an HTTP/1.1 status line without a reason phrase: the engines that say they read it do, h2load refuses the trial saying why', async () => {
  const spec: LoadSpec = {
    baseUrl: running.baseUrl,
    requests: [{ method: 'GET', path: '/no-reason' }],
    connections: 10,
    pipelining: 1,
    warmupSec: 0,
    durationSec: 1,
    timeoutSec: 10,
  };
  const hooks = { windowStart() {}, windowEnd() {} };
  for (const engine of engines.filter((e) => e.capabilities.http1 && !e.unavailableReason())) {
    if (engine.capabilities.readsStatusWithoutReason) {
      const m = await engine.run(spec, hooks, { cores: cores.engine, deadlineMs: 20_000 });
      assert.ok(m.requests > 100, `${engine.name}: ${m.requests} responses`);
      assert.deepEqual(m.statusCounts, { '200': m.requests }, `${engine.name} read every status`);
    } else {
      await assert.rejects(
        engine.run(spec, hooks, { cores: cores.engine, deadlineMs: 20_000 }),
        /could not read the status of \d+ responses.*without a reason phrase/,
        engine.name,
      );
    }
  }
});

test('chooseEngine takes the cheapest installed engine that can carry the load, timing each pipelined request where one can', () => {
  assert.equal(chooseEngine({ http1: true, requestSequences: true }).name, 'wrk');
  assert.equal(chooseEngine({ http1: true }, 'auto').name, 'wrk');
  assert.equal(
    chooseEngine({ http1: true, pipelining: true, pathCycles: true }).name,
    'h2load',
    'pipelined GETs: h2load times each request, wrk each batch',
  );
  assert.equal(
    chooseEngine({ http1: true, pipelining: true, requestSequences: true }).name,
    'node-http1',
    'h2load cannot carry sequences; node-http1 is cheaper than autocannon',
  );
  assert.equal(
    chooseEngine({ http1: true, pipelining: true, requestSequences: true }, 'wrk').name,
    'wrk',
    'asked for, wrk carries it',
  );
  assert.equal(chooseEngine({ h2c: true }).name, 'h2load');
  assert.equal(chooseEngine({ tlsHttp2: true, requestSequences: true }).name, 'node-http2');
  assert.equal(chooseEngine({ http1: true }, 'autocannon').name, 'autocannon');
  assert.equal(
    chooseEngine({ http1: true, pipelining: true, pathCycles: true, readsStatusWithoutReason: true }).name,
    'node-http1',
    'h2load cannot read such status lines',
  );
  assert.equal(chooseEngine({ http1: true, readsStatusWithoutReason: true }).name, 'wrk');
  // wrk's -d counts whole seconds: a window of a fraction of one (the default run's 0.25 s) goes elsewhere
  assert.equal(chooseEngine({ http1: true, ...windowNeeds(1) }).name, 'wrk');
  assert.equal(chooseEngine({ http1: true, readsStatusWithoutReason: true, ...windowNeeds(0.25) }).name, 'node-http1');
  assert.throws(
    () => chooseEngine({ http1: true, ...windowNeeds(0.5) }, 'wrk'),
    /engine wrk cannot carry this load: it has no windows of a fraction of a second/,
  );
  assert.throws(() => chooseEngine({ h2c: true }, 'wrk'), /engine wrk cannot carry this load: it has no h2c/);
  assert.throws(
    () => chooseEngine({ http1: true, h2c: true, requestSequences: true }),
    /no load engine gauntlet knows has/,
  );
  const path = process.env.PATH;
  try {
    process.env.PATH = '/nonexistent'; // neither wrk nor h2load installed
    assert.equal(chooseEngine({ http1: true, requestSequences: true }).name, 'node-http1');
    assert.equal(chooseEngine({ http1: true, pipelining: true, pathCycles: true }).name, 'node-http1');
    assert.equal(chooseEngine({ h2c: true }).name, 'node-http2');
    assert.throws(
      () => chooseEngine({ http1: true, h2c: true }),
      (error: Error & { hint?: string }) =>
        /no installed load engine can carry HTTP\/1\.1, h2c.*h2load could, but h2load is not installed/.test(
          error.message,
        ) && /apt-get install -y nghttp2-client/.test(error.hint ?? ''),
    );
  } finally {
    process.env.PATH = path;
  }
});
