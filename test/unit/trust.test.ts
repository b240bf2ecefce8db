import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkAnswerSize } from '../../src/measure/answer-size.js';
import type { Trial } from '../../src/model/schema.js';
import { measurement } from '../helpers/synthetic.js';
import { sampleRequests } from '../../src/suites/sample-requests.js';
import { measureInLongEnoughWindow } from '../../src/measure/extend-window.js';
import { levelledOff, MIN_WARMUP_BLOCKS, warmupEnding } from '../../src/measure/warmup.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { reportResult } from '../helpers/report-result.js';
import { maxWindowSec, MIN_WINDOW_RESPONSES, windowShortfall, windowStepSec } from '../../src/measure/window.js';

const block = (bytesPerSec: number, bytesPerCpuSec = bytesPerSec) => ({ bytesPerSec, bytesPerCpuSec });

test('warm-up goes on while throughput keeps rising (fastify measured cold: 12k, 19k, 27k, 29k, 35k, 44k req/s)', () => {
  const rising = [12, 19, 27, 29, 35, 44].map((k) => block(k));
  for (let n = 1; n <= rising.length; n++) assert.equal(levelledOff(rising.slice(0, n)), false, `after ${n} blocks`);
});

test('warm-up ends when neither of the last two blocks beats the best earlier one by more than 3 %', () => {
  assert.equal(levelledOff([block(10), block(40), block(41), block(40.5)]), true);
  assert.equal(levelledOff([block(10), block(40), block(38), block(41)]), true, 'a dip does not restart it');
  assert.equal(levelledOff([block(10), block(40), block(41), block(42)]), false, '5 % above the best is still rising');
});

test('warm-up also waits for CPU per request to stop falling, not only throughput (a generator-bound load)', () => {
  const flatRateCheaperCpu = [block(40, 50), block(40, 60), block(40, 70), block(40, 80)];
  assert.equal(levelledOff(flatRateCheaperCpu), false);
});

test('a target below half a core busy is judged by its throughput only: its CPU time is a few coarse clock ticks', () => {
  const pacedAndIdle = [block(40, 400), block(40, 300), block(40, 500), block(40, 450)];
  assert.equal(levelledOff(pacedAndIdle), true);
});

test('no warm-up ends before its minimum number of blocks', () => {
  assert.equal(levelledOff(Array.from({ length: MIN_WARMUP_BLOCKS - 1 }, () => block(40))), false);
  assert.equal(levelledOff(Array.from({ length: MIN_WARMUP_BLOCKS }, () => block(40))), true);
});

const latency = (p50: number) => ({ mean: p50, p50, p75: p50, p90: p50, p99: p50, p99_9: p50, max: p50 });
const measurementOf = (durationSec: number, requestsPerSec: number, p50: number) =>
  measurement(requestsPerSec, {
    durationSec,
    requests: Math.round(durationSec * requestsPerSec),
    latencyMs: latency(p50),
  });

test('a warm-up cut short by Ctrl-C says so, and is not reported as a target still rising at its maximum', () => {
  assert.equal(warmupEnding({ steady: true }), 'levelled off');
  assert.equal(warmupEnding({ steady: false }), 'still rising at the maximum');
  assert.equal(warmupEnding({ steady: false, interrupted: true }), 'stopped by the interrupt');
  assert.equal(warmupEnding({ steady: false, error: 'connection refused' }), 'its load failed: connection refused');
  const result = reportResult();
  const start = (interrupted: boolean, error?: string) => ({
    target: 'fastify',
    protocol: 'http1' as const,
    at: result.startedAt,
    cause: 'first' as const,
    readyMs: 100,
    warmup: {
      seconds: 4,
      steady: false,
      blocks: [],
      ...(interrupted && { interrupted: true as const }),
      ...(error && { error }),
    },
    answerSizes: {},
  });
  const unsteady = (interrupted: boolean, error?: string) =>
    collectWarnings({ ...result, starts: [start(interrupted, error)] }, result.summaries).filter(
      (w) => w.kind === 'warmup-unsteady',
    );
  assert.equal(unsteady(false).length, 1);
  assert.match(unsteady(false)[0].message, /fastify was still getting faster when its 4 s warm-up reached its maximum/);
  assert.equal(unsteady(true).length, 0);
  // a load that failed is named as such, not as a target still rising
  const failed = unsteady(false, 'h2load failed (exit 1)');
  assert.equal(failed.length, 1);
  assert.match(
    failed[0].message,
    /the warm-up of fastify stopped after 4 s because its load failed \(h2load failed \(exit 1\)\)/,
  );
  assert.doesNotMatch(failed[0].message, /still getting faster/);
});

test('a window shorter than five median latencies (h2 at 100 × 100 streams) is too short, and says how long it needs', () => {
  // koa over h2c: ~13k req/s with 10,000 streams in flight gives a p50 of ~0.77 s
  const shortfall = windowShortfall({
    durationSec: 1,
    requests: 13_000,
    requestsPerSec: 13_000,
    latencyMs: latency(770),
  });
  assert.ok(shortfall);
  assert.equal(shortfall.neededSec, Math.ceil(5 * 0.77 * 1.25));
  assert.match(shortfall.reason, /p50 latency of 770 ms/);
});

test('a window in which no response finished (100 TLS handshakes on a busy core) asks for five windows and a margin', () => {
  const shortfall = windowShortfall({ durationSec: 1, requests: 0, requestsPerSec: 0, latencyMs: latency(0) }, 1);
  assert.ok(shortfall);
  assert.equal(shortfall.neededSec, Math.ceil(5 * 1 * 1.25));
  assert.match(shortfall.reason, /1\.00 s, in which no response finished/);
});

test('a sub-second window is extended in twentieths, a whole-second one in whole seconds (wrk)', () => {
  // node-http on a slow hour: ~19k req/s with 1000 requests in flight gives a p50 of ~52 ms
  const slow = { durationSec: 0.25, requests: 4_800, requestsPerSec: 19_000, latencyMs: latency(52) };
  assert.equal(windowStepSec(0.25), 0.05);
  assert.equal(windowShortfall(slow, windowStepSec(0.25))!.neededSec, 0.35);
  assert.match(windowShortfall(slow, 0.05)!.reason, /0\.25 s, under 5 × its p50 latency of 52 ms/);
  assert.equal(windowStepSec(1), 1);
  assert.equal(windowShortfall({ ...slow, durationSec: 1, latencyMs: latency(260) }, windowStepSec(1))!.neededSec, 2);
  // a window long enough at the step it was extended to passes the next time
  assert.equal(windowShortfall({ ...slow, durationSec: 0.35 }, 0.05), undefined);
});

test('a window still too short once extended (the machine slowed between tries) is extended again, up to the maximum', async () => {
  const never = new AbortController().signal;
  // p50 latencies of successive tries at 0.25 s asked: 52 ms needs 0.35 s; 124 ms then needs 0.80 s
  const run = async (p50s: number[], firstSec = 0.25) => {
    const windows: number[] = [];
    const trial = await measureInLongEnoughWindow({ firstSec, askedSec: 0.25, signal: never }, async (sec) => {
      const p50 = p50s[windows.length] ?? p50s.at(-1)!;
      windows.push(sec);
      const tried: Pick<Trial, 'measurement' | 'windowExtended'> = { measurement: measurementOf(sec, 19_000, p50) };
      return tried;
    });
    return { trial, windows };
  };
  const once = await run([52, 40]);
  assert.deepEqual(once.windows, [0.25, 0.35]);
  assert.deepEqual(once.trial.windowExtended?.toSec, 0.35);
  const twice = await run([52, 124, 124]);
  assert.deepEqual(twice.windows, [0.25, 0.35, 0.8], 'extended a second time from the longer try');
  assert.deepEqual(
    { from: twice.trial.windowExtended?.fromSec, to: twice.trial.windowExtended?.toSec },
    { from: 0.25, to: 0.8 },
  );
  assert.match(twice.trial.windowExtended!.reason, /0\.35 s, under 5 × its p50 latency of 124 ms/);
  // bounded: at most two extensions, and never past the maximum window
  const worse = await run([52, 124, 400, 1600]);
  assert.equal(worse.windows.length, 3);
  assert.ok(windowShortfall(worse.trial.measurement!, 0.05), 'still too short: the trial stays invalid');
  const atMost = await run([4000, 4000], 14);
  assert.deepEqual(atMost.windows, [14, maxWindowSec(0.25)], 'from the maximum it is not extended again');
  const good = await run([10]);
  assert.deepEqual(good.windows, [0.25]);
  assert.equal(good.trial.windowExtended, undefined);
});

test('a window with too few responses is too short; a busy one is fine', () => {
  assert.ok(windowShortfall({ durationSec: 1, requests: 400, requestsPerSec: 400, latencyMs: latency(20) }));
  assert.equal(
    windowShortfall({ durationSec: 1, requests: 70_000, requestsPerSec: 70_000, latencyMs: latency(13) }),
    undefined,
  );
  assert.ok(MIN_WINDOW_RESPONSES >= 1000);
  assert.ok(maxWindowSec(1) >= 15);
});

test('bytes per response under load are checked against the verified answers (the empty-body cheat of 168 B against 206 B)', () => {
  const expected = { basis: 'wire' as const, bytesPerResponse: 206, sampled: 1 };
  assert.equal(checkAnswerSize(expected, { requests: 1000, bytes: 206_000 })!.ok, true);
  assert.equal(checkAnswerSize(expected, { requests: 1000, bytes: 168_000 })!.ok, false);
  // an empty text body (13 bytes and one digit of Content-Length fewer) is caught too
  assert.equal(checkAnswerSize({ ...expected, bytesPerResponse: 195 }, { requests: 1000, bytes: 181_000 })!.ok, false);
});

test('HTTP/2 compares body bytes, and says nothing when the engine did not count them', () => {
  const expected = { basis: 'body' as const, bytesPerResponse: 13, sampled: 1 };
  assert.equal(checkAnswerSize(expected, { requests: 100, bytes: 99_999, bodyBytes: 1300 })!.ok, true);
  assert.equal(checkAnswerSize(expected, { requests: 100, bytes: 99_999, bodyBytes: 0 })!.ok, false);
  assert.equal(checkAnswerSize(expected, { requests: 100, bytes: 99_999 }), undefined);
});

test('answer sizes are sampled across the whole cycle of a long load, both shapes of id included', () => {
  const load = Array.from({ length: 1000 }, (_, i) => ({
    method: 'GET' as const,
    path: i % 4 === 3 ? `/user/user-${i}` : `/user/${i}`,
  }));
  const sample = sampleRequests(load);
  assert.equal(sample.length, 16);
  assert.ok(sample.some((r) => r.path.includes('user-')) && sample.some((r) => !r.path.includes('user-')));
  assert.equal(sampleRequests(load.slice(0, 5)).length, 5);
});
