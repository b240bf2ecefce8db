import assert from 'node:assert/strict';
import { test } from 'node:test';
import { noiseProbeLines, roundsFor } from '../../src/calibrate/noise-lines.js';
import type { NoiseProbe } from '../../src/calibrate/noise-probe.js';
import { driftedRounds, roundLevels } from '../../src/stats/round-drift.js';
import { errorNeeded } from '../../src/stats/run-noise.js';
import { seededRandom } from '../../src/stats/random.js';
import { seriesNoise, windowNoise } from '../../src/stats/window-noise.js';
import { measurement, trial } from '../helpers/synthetic.js';

const design = { rounds: 8, baselineVisits: 2 };
const goal = { tolerance: 0.05, share: 0.9 };

/** Windows of a server at `rate` whose machine slows a `slowShare` of them to `slowFactor` of it, with a little jitter. */
function windows(count: number, rate: number, slowShare: number, slowFactor: number, seed = 7): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const jitter = 1 + (random() - 0.5) * 0.02;
    return rate * jitter * (random() < slowShare ? slowFactor : 1);
  });
}

test('window noise: identical windows leave the main job no error, and every cell would hold', () => {
  const series = seriesNoise([50_000, 50_000, 50_000, 50_000], 'higher', design, goal);
  assert.equal(series.logSpread, 0);
  assert.equal(series.expectedRatioError, 0);
  assert.equal(series.expectedWithin, 1);
  assert.equal(series.slowWindows, 0);
  assert.equal(series.worst, 1);
});

test('window noise: slow stretches are counted, and the error they give a ratio falls with more rounds', () => {
  const values = windows(60, 80_000, 0.3, 0.55);
  const eight = seriesNoise(values, 'higher', design, goal);
  const slowCount = values.filter((v) => v < 80_000 * 0.99 * 0.8).length;
  assert.equal(eight.slowWindows, slowCount);
  assert.ok(eight.worst < 0.6 && eight.worst > 0.5, `worst ${eight.worst}`);
  assert.ok(
    eight.expectedRatioError > 0.02,
    `a third of the windows at half speed is far from calm: ${eight.expectedRatioError}`,
  );
  assert.ok(eight.expectedWithin < 0.9);
  const thirtyTwo = seriesNoise(values, 'higher', { ...design, rounds: 32 }, goal);
  // Four times the rounds, about half the error (1/√rounds); the best half keeps the fast windows either way.
  assert.ok(thirtyTwo.expectedRatioError < eight.expectedRatioError * 0.7, `${thirtyTwo.expectedRatioError}`);
  assert.ok(thirtyTwo.expectedWithin > eight.expectedWithin);
  // Calm jitter alone (±1 %) stays inside what the goal needs.
  const calm = seriesNoise(windows(60, 80_000, 0, 1), 'higher', design, goal);
  assert.ok(calm.expectedRatioError < errorNeeded(0.9, 0.05), `${calm.expectedRatioError}`);
  assert.ok(calm.expectedWithin > 0.99);
});

test('window noise: CPU per request is slow when it is high, and the same windows give the same estimate', () => {
  const cpu = windows(40, 12, 0.25, 1.8, 3);
  const series = seriesNoise(cpu, 'lower', design, goal);
  assert.equal(series.slowWindows, cpu.filter((v) => v > series.median / 0.8).length);
  assert.ok(series.worst > 1.7, `${series.worst}`);
  assert.deepEqual(seriesNoise(cpu, 'lower', design, goal), series);
  assert.throws(() => seriesNoise([12], 'lower', design, goal), /at least two windows/);
});

test('window noise: neighbouring windows alike or alternating show in the lag correlations', () => {
  const alternating = seriesNoise([100, 50, 100, 50, 100, 50, 100, 50], 'higher', design, goal);
  assert.ok(alternating.lagCorrelations[0]! < -0.9);
  assert.ok(alternating.lagCorrelations[1]! > 0.9);
  const stretches = seriesNoise([100, 100, 100, 50, 50, 50, 100, 100, 100, 50, 50, 50], 'higher', design, goal);
  assert.ok(stretches.lagCorrelations[0]! > 0.3, 'a slow stretch spans neighbouring windows');
  assert.equal(seriesNoise([100, 90, 95], 'higher', design, goal).lagCorrelations[1], undefined);
});

test('noise probe in words: the forecast, and the rounds a noisy hour would need', () => {
  assert.equal(roundsFor(0.042, 0.021, 8), 32);
  assert.equal(roundsFor(0.021, 0.021, 8), 8);
  const probeOf = (rates: number[]): NoiseProbe => {
    const timed = rates.map((rate, i) => ({
      startedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, 0, i * 550)).toISOString(),
      requestsPerSec: rate,
      cpuUsPerRequest: 1e6 / rate,
    }));
    return {
      measuredAt: '2026-11-25T12:00:30.000Z',
      target: 'node-http',
      scenario: 'json',
      runtime: 'node@24',
      engine: { name: 'h2load', version: '1.52.0', flags: '-c 100 -m 10' },
      cores: { server: '0', engine: '1' },
      warmup: { seconds: 4, steady: true },
      windows: timed,
      dropped: [],
      steal: 0.02,
      noise: windowNoise(timed, design, goal),
    };
  };
  const calm = noiseProbeLines(probeOf(windows(40, 70_000, 0, 1))).join('\n');
  assert.match(calm, /verdict: calm/);
  assert.match(calm, /40 windows back to back/);
  assert.match(calm, /stolen by the hypervisor meanwhile: 2\.0 %/);
  const noisy = noiseProbeLines(probeOf(windows(40, 70_000, 0.4, 0.5))).join('\n');
  const rounds = Number(/about (\d+) rounds \(--repeats\)/.exec(noisy)?.[1]);
  assert.match(noisy, /verdict: noisy/);
  assert.ok(rounds > 8, `a noisy hour needs more than the main job's 8 rounds, got ${rounds}`);
});

test('round drift: a first round slow for every target is called out, bursts that hit single trials are not', () => {
  // 24 cells, as the main job has 36: a median over that many is what the drift is read from.
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
