/**
 * Undoing wrk's coordinated-omission correction: a model of wrk 4's stats_correct (stats.c)
 * corrects random histograms the way wrk does, and undoCorrection must give back exactly
 * what was recorded, including when the correction put points below the recorded minimum
 * (which wrk's own percentile walk never reaches: the 0 percentiles of issue 5).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { correctionInterval, latencyOfBuckets, undoCorrection, type Buckets } from '../../src/engines/wrk/histogram.js';
import { seededRandom } from '../../src/stats/random.js';

/** wrk 4.1 stats_correct over a dense array, as in its stats.c. */
function wrkCorrect(data: number[], max: number, expected: number): void {
  for (let n = expected * 2; n <= max; n++) {
    const count = data[n] ?? 0;
    let m = n - expected;
    while (count && m > expected) {
      data[m] = (data[m] ?? 0) + count;
      m -= expected;
    }
  }
}

/** What done() can read: the non-empty buckets from the recorded minimum to the maximum. */
function visible(data: number[], min: number, max: number): Buckets {
  const buckets: Buckets = [];
  for (let v = min; v <= max; v++) if (data[v]) buckets.push([v, data[v]]);
  return buckets;
}

test('undoCorrection gives back exactly the recorded latencies', () => {
  const random = seededRandom(7);
  for (let round = 0; round < 200; round++) {
    const expected = 5 + Math.floor(random() * 40);
    const spread = expected * (1 + Math.floor(random() * 12)); // up to 12 intervals: a pipelined batch
    const data: number[] = [];
    const recorded = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const value = expected + Math.floor(random() * spread);
      data[value] = (data[value] ?? 0) + 1;
      recorded.set(value, (recorded.get(value) ?? 0) + 1);
    }
    const min = Math.min(...recorded.keys());
    const max = Math.max(...recorded.keys());
    wrkCorrect(data, max, expected);
    const undone = undoCorrection(visible(data, min, max), expected);
    assert.equal(undone.consistent, true);
    assert.deepEqual(
      undone.buckets,
      [...recorded.entries()].sort((a, b) => a[0] - b[0]),
      `round ${round}, interval ${expected}`,
    );
  }
});

test('with no correction made, the buckets are the latencies; a histogram wrk 4 could not leave is said to be inconsistent', () => {
  assert.deepEqual(
    undoCorrection(
      [
        [3, 2],
        [9, 1],
      ],
      undefined,
    ).buckets,
    [
      [3, 2],
      [9, 1],
    ],
  );
  assert.equal(
    undoCorrection(
      [
        [20, 1],
        [30, 5],
      ],
      10,
    ).consistent,
    false,
    'a bucket below another by e must hold at least its count',
  );
});

test('the interval is wrk integer arithmetic, and none when fewer responses than connections', () => {
  assert.equal(correctionInterval(1_000_000, 10_000, 100), 10_000);
  assert.equal(correctionInterval(1_000_000, 10_050, 100), 10_000);
  assert.equal(correctionInterval(1_000_000, 99, 100), undefined);
});

test('latency summary: nearest-rank percentiles over the buckets, in milliseconds', () => {
  const buckets: Buckets = [
    [1000, 50],
    [2000, 40],
    [5000, 9],
    [9000, 1],
  ];
  const l = latencyOfBuckets(buckets);
  assert.equal(l.samples, 100);
  assert.equal(l.p50, 1);
  assert.equal(l.p75, 2);
  assert.equal(l.p90, 2);
  assert.equal(l.p99, 5);
  assert.equal(l.p99_9, 9);
  assert.equal(l.max, 9);
  assert.equal(l.mean, (50 * 1 + 40 * 2 + 9 * 5 + 9) / 100);
  assert.deepEqual(latencyOfBuckets([]), { mean: 0, p50: 0, p75: 0, p90: 0, p99: 0, p99_9: 0, max: 0, samples: 0 });
});
