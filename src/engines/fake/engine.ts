/**
 * The fake engine: no load at all. It sends each request of the load once (at most 16, spread
 * over the cycle as the answer-size sample is) to the real target, one after another, and
 * reports a fixed number of responses shaped like the answers that came back (see
 * measurement.ts). So the whole pipeline (plan, start, verify, size sample, trials with their
 * window and answer checks, journal, result, reports, compare) runs in seconds in tests, as
 * hyperfine's hidden --debug-mode swaps in a MockExecutor. Hidden: usable only with
 * GAUNTLET_FAKE_ENGINE=1 (registry.ts), never chosen by --engine auto, absent from list,
 * doctor and calibration; every result it makes names it, and the method line says so.
 */
import { sampleRequests } from '../../suites/sample-requests.js';
import { probe } from '../../http/http-probe.js';
import { gauntletVersion } from '../../results/environment.js';
import type { RequestSpec } from '../../suites/types.js';
import { protocolOf, type Engine, type LoadSpec } from '../engine.js';
import { FAKE_ENGINE_NAME, FAKE_ENGINE_VAR, fakeEngineEnabled } from './enabled.js';
import { FAKE_REQUESTS_PER_SEC, fakeMeasurement, type SampledAnswer } from './measurement.js';

/**
 * The window stays open at least this long, so the /proc readings around it span ten clock
 * ticks: a window of a few milliseconds reads the generator's CPU as 0 or 200 %.
 */
const MIN_WINDOW_MS = 100;

/** One request of the load, sent once as the size sample sends it (HTTP/1.1: keep-alive asked, so the same headers come back). */
async function sendOnce(spec: LoadSpec, request: RequestSpec): Promise<SampledAnswer> {
  const startedMs = performance.now();
  const answer = await probe(spec.baseUrl, request, {
    protocol: protocolOf(spec),
    keepAlive: true,
    timeoutMs: spec.timeoutSec * 1000,
  });
  return {
    status: answer.status,
    bodyBytes: answer.bodyBytes,
    wireBytes: answer.wireBytes,
    latencyMs: performance.now() - startedMs,
  };
}

/** The promise, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const fakeEngine: Engine = {
  name: FAKE_ENGINE_NAME,
  description:
    'fake (tests only): sends each request once and reports made-up counts; its figures are not measurements',
  capabilities: {
    http1: true,
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
  unavailableReason: () => (fakeEngineEnabled() ? undefined : `the fake engine is for tests: set ${FAKE_ENGINE_VAR}=1`),
  version: () => gauntletVersion(),
  describeFlags: (spec) =>
    `(no load: each of ${sampleRequests(spec.requests).length} request(s) sent once, ` +
    `${FAKE_REQUESTS_PER_SEC} responses per second of window made up from their answers)`,
  async run(spec, hooks, options) {
    const deadline = AbortSignal.timeout(options.deadlineMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    signal.throwIfAborted();
    hooks.windowStart(process.pid);
    const startedMs = performance.now();
    const answers: SampledAnswer[] = [];
    const failures: Error[] = [];
    for (const request of sampleRequests(spec.requests)) {
      try {
        answers.push(await untilAborted(sendOnce(spec, request), signal));
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        failures.push(error as Error); // a request without an answer is an error of the load, as a real engine counts it
      }
    }
    await untilAborted(sleep(MIN_WINDOW_MS - (performance.now() - startedMs)), signal);
    hooks.windowEnd();
    if (answers.length === 0)
      throw new Error(`the fake engine got no answer: ${failures[0]?.message ?? 'no request to send'}`);
    return fakeMeasurement(answers, failures.length, spec.durationSec, protocolOf(spec));
  },
  close: async () => {},
};
