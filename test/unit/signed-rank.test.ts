import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Measurement, Trial } from '../../src/model/schema.js';
import { compareBenchCells } from '../../src/compare/inproc-cells.js';
import { compareCells, pairsWithinRun } from '../../src/compare/cells.js';
import type { BenchTrial } from '../../src/model/inproc-schema.js';
import { FIGURES } from '../../src/compare/figures.js';
import { compareSamples, comparePaired } from '../../src/stats/compare.js';
import { seededRandom } from '../../src/stats/random.js';
import { pairedShift, signedRank, smallestSignedRankP } from '../../src/stats/signed-rank.js';

const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} vs ${b}`);

test('signed-rank: exact p-values match the ones counted by hand', () => {
  // Six differences all one way: 1 of the 2^6 sign patterns a side is as extreme.
  close(signedRank([1, 2, 3, 4, 5, 6]).pValue, 2 / 64, 'all positive');
  close(smallestSignedRankP(6), 2 / 64, 'smallest p with 6 pairs');
  // W- = 4: the patterns with negative ranks summing to 4 or less are {}, {1}, {2}, {3}, {1,2}, {4}, {1,3}: 7 of 64.
  const mixed = signedRank([1, 2, 3, -4, 5, 6]);
  assert.equal(mixed.wPlus, 17);
  close(mixed.pValue, (2 * 7) / 64, 'one negative of rank 4');
  // Five pairs cannot reach 5 %, however clear.
  assert.ok(signedRank([0.1, 0.2, 0.3, 0.4, 0.5]).pValue > 0.05);
  assert.ok(smallestSignedRankP(5) > 0.05);
  // Zeros do not count; symmetric differences are no evidence.
  assert.equal(signedRank([0, 0, 1, 2, 3, 4, 5, 6]).n, 6);
  assert.ok(signedRank([-3, -2, -1, 1, 2, 3]).pValue > 0.99);
});

test('signed-rank: ties fall back to the normal approximation and still see a one-sided sample', () => {
  const tied = signedRank([2, 2, 2, 2, 2, 2, 2, 2, -1, 2]);
  assert.equal(tied.exact, false);
  assert.ok(tied.pValue < 0.01, `p ${tied.pValue}`);
});

test('paired shift: the Hodges-Lehmann estimate and an interval that says what it holds', () => {
  // Walsh averages of 1, 2, 3: 1, 1.5, 2, 2, 2.5, 3.
  const three = pairedShift([1, 2, 3]);
  assert.equal(three.estimate, 2);
  assert.deepEqual([three.low, three.high], [1, 3]);
  close(three.confidence, 1 - 2 / 8, 'three pairs hold 75 %');
  // Six pairs reach 95 % at [min, max] (96.9 %); eight go one Walsh average in at each end (k = 4, 96.1 %).
  close(pairedShift([1, 2, 3, 4, 5, 6]).confidence, 1 - 2 / 64, 'six pairs');
  const eight = pairedShift([1, 2, 3, 4, 5, 6, 7, 8]);
  close(eight.confidence, 1 - (2 * 5) / 256, 'eight pairs');
  assert.deepEqual([eight.low, eight.high], [2, 7]);
  // Past the exact limit the depth comes from the normal approximation and keeps the interval inside the range.
  const many = pairedShift(Array.from({ length: 80 }, (_, i) => i));
  assert.ok(many.low > 0 && many.high < 79 && many.low < many.estimate && many.estimate < many.high);
});

test('pairs see through noise both sides of a round share, where two samples cannot', () => {
  const random = seededRandom(3);
  let pairedCalls = 0;
  let twoSampleCalls = 0;
  const runs = 200;
  for (let r = 0; r < runs; r++) {
    // Each round slows or speeds both sides by up to ±20 %; B is 5 % slower, with ±1 % of its own noise.
    const rounds = Array.from({ length: 8 }, () => {
      const drift = 1 + 0.2 * (random() * 2 - 1);
      const own = () => 1 + 0.01 * (random() * 2 - 1);
      return [100_000 * drift * own(), 95_000 * drift * own()] as [number, number];
    });
    if (comparePaired(rounds, 'higher-is-better').verdict === 'worse') pairedCalls++;
    const a = rounds.map(([x]) => x);
    const b = rounds.map(([, y]) => y);
    if (compareSamples(a, b, 'higher-is-better').verdict === 'worse') twoSampleCalls++;
  }
  assert.ok(pairedCalls / runs > 0.95, `paired: ${pairedCalls} of ${runs}`);
  assert.ok(twoSampleCalls / runs < 0.5, `two samples: ${twoSampleCalls} of ${runs}`);
});

test('paired comparison: change, interval and verdict in the figure direction; no false alarms on noise alone', () => {
  const rounds: Array<[number, number]> = [100, 90, 110, 95, 105, 100].map((v) => [v, v * 1.1]);
  const faster = comparePaired(rounds, 'higher-is-better');
  assert.equal(faster.test, 'signed-rank');
  assert.equal(faster.verdict, 'better');
  close(faster.change, 0.1, 'a steady 10 %');
  assert.ok(faster.interval[0] <= faster.change && faster.change <= faster.interval[1]);
  assert.equal(comparePaired(rounds, 'lower-is-better').verdict, 'worse', 'for a cost figure, higher is worse');
  const random = seededRandom(9);
  let alarms = 0;
  for (let r = 0; r < 1000; r++) {
    const same = Array.from({ length: 8 }, () => {
      const drift = 1 + 0.2 * (random() * 2 - 1);
      return [drift * (1 + 0.03 * random()), drift * (1 + 0.03 * random())] as [number, number];
    });
    if (comparePaired(same, 'higher-is-better').verdict !== 'no-difference') alarms++;
  }
  assert.ok(alarms / 1000 <= 0.07, `${alarms} false alarms in 1000`);
});

function trial(target: string, round: number, requestsPerSec: number, status = 'ok'): Trial {
  const measurement = { requestsPerSec, server: { cpuUsPerRequest: 1e6 / requestsPerSec } } as unknown as Measurement;
  return { target, round, scenario: 'json', status, measurement, index: 0 } as unknown as Trial;
}

test('ab cells pair A and B by round, and leave out a round one side failed', () => {
  const trials = [1, 2, 3, 4, 5, 6, 7].flatMap((round) => [
    trial('A', round, 100_000 + round * 5_000),
    trial('B', round, (100_000 + round * 5_000) * 0.97, round === 7 ? 'failed' : 'ok'),
  ]);
  const cells = compareCells(
    pairsWithinRun(trials, 'A', 'B', 'polka'),
    FIGURES.filter((f) => f.key === 'rps' || f.key === 'cpu'),
    ['rps', 'cpu'],
    0.01,
  );
  const rps = cells.find((c) => c.figure === 'rps')!;
  assert.equal(rps.test, 'signed-rank');
  assert.equal(rps.pairs, 6);
  close(rps.change, -0.03, 'B is 3 % slower every round');
  assert.equal(rps.verdict, 'worse');
  assert.equal(rps.regression, true, 'worse by more than the 1 % threshold');
  assert.equal(cells.find((c) => c.figure === 'cpu')!.verdictWords, 'costlier');
});

test('bench cells of one ab run pair A and B by round; between saved runs they stay two samples', () => {
  const bench = (round: number, opsPerSec: number) =>
    ({
      kind: 'bench',
      index: 0,
      round,
      target: 'moleculer',
      part: 'local-calls',
      scenario: 'local-calls',
      case: 'call',
      status: 'ok',
      startedAt: '',
      measurement: { opsPerSec, cpuNsPerOp: 1e9 / opsPerSec },
    }) as unknown as BenchTrial;
  // Each round moves both by up to ±30 %; B is 4 % slower in every one.
  const drift = [1, 1.3, 0.7, 1.1, 0.8, 1.2];
  const a = drift.map((d, i) => bench(i + 1, 1_000_000 * d));
  const b = drift.map((d, i) => bench(i + 1, 960_000 * d));
  const paired = compareBenchCells(a, b, ['rps'], 0.01, true).find((c) => c.figure === 'rps')!;
  assert.equal(paired.test, 'signed-rank');
  assert.equal(paired.verdict, 'worse');
  assert.equal(paired.regression, true);
  const samples = compareBenchCells(a, b, ['rps'], 0.01).find((c) => c.figure === 'rps')!;
  assert.equal(samples.test, 'mann-whitney');
  assert.equal(samples.verdict, 'no-difference', 'the rounds move more than B differs');
});
