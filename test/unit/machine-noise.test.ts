import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus } from 'node:os';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { noiseProbeLines } from '../../src/calibrate/noise-lines.js';
import type { NoiseProbe } from '../../src/calibrate/noise-probe.js';
import { driftedRounds, roundLevels } from '../../src/stats/round-drift.js';
import { seededRandom } from '../../src/stats/random.js';
import { seriesNoise, windowNoise } from '../../src/stats/window-noise.js';
import { environment, measurement, plan, trial } from '../helpers/synthetic.js';
import { coreCpuTicks, othersBusyShare, othersShare } from '../../src/proc/proc-stat.js';
import { CoreWatch } from '../../src/instructions/core-watch.js';
import { tasksetAvailable } from '../../src/proc/pinning.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { summarize } from '../../src/stats/summarize.js';

/** Windows of a server at `rate` whose machine slows a `slowShare` of them to `slowFactor` of it, with a little jitter. */
function windows(count: number, rate: number, slowShare: number, slowFactor: number, seed = 7): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const jitter = 1 + (random() - 0.5) * 0.02;
    return rate * jitter * (random() < slowShare ? slowFactor : 1);
  });
}

test('window noise: identical windows spread not at all; slow stretches are counted and spread them', () => {
  const still = seriesNoise([50_000, 50_000, 50_000, 50_000], 'higher');
  assert.equal(still.logSpread, 0);
  assert.equal(still.slowWindows, 0);
  assert.equal(still.worst, 1);
  const values = windows(60, 80_000, 0.3, 0.55);
  const noisy = seriesNoise(values, 'higher');
  assert.equal(noisy.slowWindows, values.filter((v) => v < 80_000 * 0.99 * 0.8).length);
  assert.ok(noisy.slowWindows > 5);
  assert.ok(noisy.worst < 0.6 && noisy.worst > 0.5, `worst ${noisy.worst}`);
  assert.ok(noisy.logSpread > seriesNoise(windows(60, 80_000, 0, 1), 'higher').logSpread * 5);
});

test('window noise: CPU per request is slow when it is high, and the same windows give the same figures', () => {
  const cpu = windows(40, 12, 0.25, 1.8, 3);
  const series = seriesNoise(cpu, 'lower');
  assert.equal(series.slowWindows, cpu.filter((v) => v > series.median / 0.8).length);
  assert.ok(series.worst > 1.7, `${series.worst}`);
  assert.deepEqual(seriesNoise(cpu, 'lower'), series);
  assert.throws(() => seriesNoise([12], 'lower'), /at least two windows/);
});

test('window noise: neighbouring windows alike or alternating show in the lag correlations', () => {
  const alternating = seriesNoise([100, 50, 100, 50, 100, 50, 100, 50], 'higher');
  assert.ok(alternating.lagCorrelations[0]! < -0.9);
  assert.ok(alternating.lagCorrelations[1]! > 0.9);
  const stretches = seriesNoise([100, 100, 100, 50, 50, 50, 100, 100, 100, 50, 50, 50], 'higher');
  assert.ok(stretches.lagCorrelations[0]! > 0.3, 'a slow stretch spans neighbouring windows');
  assert.equal(seriesNoise([100, 90, 95], 'higher').lagCorrelations[1], undefined);
});

test('noise probe in words: the windows, their spread, the slow ones and the steal', () => {
  const timed = windows(40, 70_000, 0.1, 0.5).map((rate, i) => ({
    startedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, i * 550)).toISOString(),
    requestsPerSec: rate,
    cpuUsPerRequest: 1e6 / rate,
  }));
  const probe: NoiseProbe = {
    measuredAt: '2026-11-25T12:00:30.000Z',
    target: 'node-http',
    scenario: 'json',
    runtime: 'node@24',
    engine: { name: 'h2load', version: '1.52.0', flags: '-c 100 -m 10' },
    cores: { server: '0', engine: '1' },
    warmup: { seconds: 4, steady: true },
    windows: timed,
    dropped: [{ startedAt: timed[0].startedAt, reason: 'not trusted: errors' }],
    steal: 0.02,
    noise: windowNoise(timed),
  };
  const text = noiseProbeLines(probe).join('\n');
  assert.match(text, /40 windows back to back, one every 0\.55 s/);
  assert.match(text, new RegExp(`${probe.noise.requestsPerSec.slowWindows} of 40 windows slower than 80 %`));
  assert.match(text, /1 window\(s\) not clean, left out: not trusted: errors/);
  assert.match(text, /stolen by the hypervisor meanwhile: 2\.0 %/);
});

test('round drift: a first round slow for every target is called out, bursts that hit single trials are not', () => {
  // 24 cells, as the default run has 36: a median over that many is what the drift is read from.
  const targets = Array.from({ length: 24 }, (_, i) => `t${i}`);
  const base = Object.fromEntries(targets.map((t, i) => [t, 10_000 + i * 4_000]));
  const random = seededRandom(11);
  const trials = (firstRoundFactor: number) =>
    targets.flatMap((target) =>
      [1, 2, 3, 4, 5, 6, 7, 8].map((round) => {
        // One trial in ten hit by a burst of its own, a few % of jitter, and the first round slowed as given.
        const burst = random() < 0.1 ? 0.6 : 1;
        const jitter = 1 + (random() - 0.5) * 0.04;
        const factor = round === 1 ? firstRoundFactor : 1;
        return trial(target, 'json', round, measurement(base[target] * burst * jitter * factor));
      }),
    );
  const cold = roundLevels(trials(0.82));
  assert.equal(cold.length, 8);
  assert.ok(cold[0].level < -0.05, `round 1 at ${cold[0].level}`);
  const drifted = driftedRounds(cold);
  assert.deepEqual(
    drifted.map((d) => d.round),
    [1],
  );
  assert.ok(drifted[0].fromTypical < -0.15);
  assert.deepEqual(driftedRounds(roundLevels(trials(1))), [], 'single bursts wash out of the median over cells');
  // Too few cells per round say nothing.
  assert.deepEqual(roundLevels(trials(0.82).filter((t) => t.target === 't0' || t.target === 't1')), []);
});

/** A CPU-bound loop of about two seconds in another process; it says so once it spins. */
const SPIN = "process.stdout.write('spinning\\n'); const end = Date.now() + 2000; while (Date.now() < end);";

/**
 * A thread that spins until it has had `ms` of CPU time (its own schedstat), then says so:
 * however busy the machine, it used that much, only later.
 */
const SPIN_CPU = (ms: number) => `
  const { readFileSync } = require('node:fs');
  const onCpuNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  const until = onCpuNs() + ${ms} * 1e6;
  while (onCpuNs() < until);
  require('node:worker_threads').parentPort.postMessage('done');`;

test('busy before a run: the machine busy over the sample, less what gauntlet used in every thread of its own', () => {
  const at = (busy: number, total: number) => ({ total, steal: 0, idle: total - busy });
  // 2 cores at 100 ticks a second, over 0.5 s: 100 ticks, 60 of them busy
  assert.equal(othersShare(at(0, 1000), at(60, 1100), 0, 100), 0.6, 'nothing of its own: all the busy time is others');
  assert.equal(othersShare(at(0, 1000), at(60, 1100), 0.5, 100), 0.1, 'half a second of its own (a thread spinning)');
  assert.equal(othersShare(at(0, 1000), at(60, 1100), 0.7, 100), 0, 'never below nothing (ticks round)');
  const stolen = { total: 1100, steal: 40, idle: 1040 };
  assert.equal(othersShare(at(0, 1000), stolen, 0, 100), 0.2, "the hypervisor's steal is nobody's work here");
  assert.equal(othersShare(at(0, 1000), at(0, 1000), 0, 100), undefined, 'no time passed');
  assert.equal(othersShare(undefined, at(0, 1000), 0, 100), undefined, 'no /proc/stat');
});

test("busy before a run: another process spinning reads as others' work; a thread of gauntlet's own counts as its own CPU", async (t) => {
  const cores = cpus().length;
  const child = spawn(process.execPath, ['-e', SPIN], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.after(() => child.kill('SIGKILL'));
  await once(child.stdout, 'data');
  // other load on the machine only adds to this share
  const withChild = await othersBusyShare(500);
  child.kill('SIGKILL');
  await once(child, 'exit');
  assert.ok(withChild !== undefined && withChild >= 0.5 / cores, `a full core of another process read as ${withChild}`);

  // what othersBusyShare takes off is process.cpuUsage(): it must hold a worker thread's time
  const before = process.cpuUsage();
  const worker = new Worker(SPIN_CPU(300), { eval: true });
  t.after(() => worker.terminate());
  await once(worker, 'message');
  const own = process.cpuUsage(before);
  await worker.terminate();
  assert.ok((own.user + own.system) / 1e6 >= 0.3, `300 ms of a thread of its own read as ${own.user + own.system} µs`);
});

test('busy before a run is judged by that short sample, not by a load average a run that just ended left behind', () => {
  const warn = (env: Parameters<typeof environment>[0]) => {
    const input = {
      plan: plan(),
      trials: [],
      verification: [],
      unavailable: [],
      environment: environment(env),
      complete: true,
    };
    return collectWarnings(input, summarize(input)).find((w) => w.kind === 'busy-machine')?.message;
  };
  // the second run of bench:stability: load average 1.96 on 2 cores from the first, nothing running
  assert.equal(warn({ loadAverageBefore: 1.96, cpuBusyBefore: 0.01, allowedCores: [0, 1] }), undefined);
  assert.match(
    warn({ loadAverageBefore: 0.2, cpuBusyBefore: 0.4, allowedCores: [0, 1] }) ?? '',
    /other processes used 40 % of the machine's CPU just before the run/,
  );
  // a result from before the sample falls back on the load average
  assert.match(warn({ loadAverageBefore: 1.96, allowedCores: [0, 1] }) ?? '', /load average 1.96 on 2 cores/);
});

test("a counted target's core: what another process spinning there takes is others' work; the target's own CPU is not", {
  skip: tasksetAvailable() ? undefined : 'needs taskset',
}, async (t) => {
  assert.ok((coreCpuTicks([0])?.total ?? 0) > 0, 'core 0 has its line in /proc/stat');
  assert.equal(coreCpuTicks([0, 4096]), undefined, 'a core the machine lacks');
  // spins for 5 s, long enough for both readings on a busy machine; killed after them
  const spin = SPIN.replace('2000', '5000');
  const spinOnCore0 = () => {
    const child = spawn('taskset', ['-c', '0', process.execPath, '-e', spin], {
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    t.after(() => child.kill('SIGKILL'));
    return child;
  };
  const watchFor = async (pgid: number) => {
    const watch = new CoreWatch('0', pgid);
    watch.start();
    await new Promise((resolve) => setTimeout(resolve, 600));
    return watch.stop();
  };
  const target = spinOnCore0();
  await once(target.stdout, 'data');
  // Without taking the target's own CPU off, its full core would read as about 1.
  const alone = await watchFor(target.pid!);
  assert.ok(alone !== undefined && alone.others < 0.9, `the target spinning alone read as ${JSON.stringify(alone)}`);
  const other = spinOnCore0();
  await once(other.stdout, 'data');
  const shared = await watchFor(target.pid!);
  assert.ok(
    shared !== undefined && shared.others > 0.25,
    `a second spinner on the core read as ${JSON.stringify(shared)}`,
  );
});
