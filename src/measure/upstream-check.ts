/**
 * The upstream checks of a suite whose requests call the upstream service (fanout). A target
 * could answer without making its calls (a cache, fewer calls, made-up data), or make them
 * while it is verified and stop under load. So:
 *
 * - at verification (each start, and again right after every window), each check request must
 *   raise the upstream's count by exactly the suite's calls per request, and its answer must
 *   equal the one built from the upstream's signed answers (the secret is the run's, so only
 *   real calls give it);
 * - over every measured window, the calls the upstream served must be calls per request ×
 *   the responses, give or take the requests in flight at the edges of the window (see record).
 *
 * The upstream's CPU over the window is recorded beside the target's, per inbound response.
 */
import { isDeepStrictEqual } from 'node:util';
import { probe } from '../http/http-probe.js';
import type { Measurement } from '../model/schema.js';
import { groupMembers, type UsageSnapshot, usageOf } from '../proc/proc-stat.js';
import type { RunningUpstream } from '../backends/upstream/upstream.js';
import type { Scenario, UpstreamContract } from '../suites/types.js';
import type { VerificationFailure } from './verify.js';

export interface UpstreamWatch {
  upstream: RunningUpstream;
  contract: UpstreamContract;
}

export type UpstreamRecord = NonNullable<Measurement['upstream']>;

/** Share of the expected calls allowed on top of the requests in flight: the count is read a moment after each edge of the window. */
export const COUNT_READ_SLACK = 0.01;
const QUIET_STEP_MS = 50;
const QUIET_MAX_MS = 3000;

/** The count once it stops moving: calls of an earlier load still arriving would be charged to the next check. */
async function quietCount(upstream: RunningUpstream): Promise<number> {
  let last = await upstream.count();
  const deadline = Date.now() + QUIET_MAX_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, QUIET_STEP_MS));
    const now = await upstream.count();
    if (now === last) return now;
    last = now;
  }
  return last;
}

function short(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} bytes)` : text;
}

/** Each check request of the scenarios, sent once: its upstream calls counted and its answer compared with the upstream's data. */
export async function verifyUpstreamCalls(
  baseUrl: string,
  scenarios: Scenario[],
  watch: UpstreamWatch,
): Promise<VerificationFailure[]> {
  const { upstream, contract } = watch;
  const failures: VerificationFailure[] = [];
  for (const scenario of scenarios) {
    for (const check of scenario.checks.filter((c) => c.expect.status === 200)) {
      const label = `${check.request.method} ${check.request.path}`;
      try {
        const before = await quietCount(upstream);
        const answer = await probe(baseUrl, check.request);
        const calls = (await upstream.count()) - before;
        if (calls !== contract.callsPerRequest) {
          failures.push({
            scenario: scenario.name,
            request: label,
            reason: `made ${calls} call(s) to the upstream, expected ${contract.callsPerRequest}`,
          });
          continue;
        }
        let body: unknown;
        try {
          body = JSON.parse(answer.body);
        } catch {
          body = undefined;
        }
        const expected = contract.answer(check.request, upstream.key);
        if (!isDeepStrictEqual(body, expected)) {
          failures.push({
            scenario: scenario.name,
            request: label,
            reason: `answered without the upstream's data: ${short(answer.body)}, expected ${short(JSON.stringify(expected))}`,
          });
        }
      } catch (error) {
        failures.push({ scenario: scenario.name, request: label, reason: `no answer: ${(error as Error).message}` });
      }
    }
  }
  return failures;
}

/** The upstream's count and CPU at both edges of one measured window (begin and end are called by the trial's window hooks). */
export class UpstreamWindow {
  private counts: Array<Promise<number | undefined>> = [];
  private usage: UsageSnapshot[] = [];

  constructor(private readonly watch: UpstreamWatch) {}

  private snapshot(): void {
    this.counts.push(this.watch.upstream.count().catch(() => undefined));
    this.usage.push(usageOf(groupMembers(this.watch.upstream.process.pid)));
  }

  begin(): void {
    this.counts = [];
    this.usage = [];
    this.snapshot();
  }

  end(): void {
    this.snapshot();
  }

  /** Calls against responses, and the upstream's CPU; undefined when a count could not be read. */
  async record(responses: number, inFlight: number): Promise<UpstreamRecord | undefined> {
    if (this.counts.length < 2) return undefined;
    const [start, end] = await Promise.all(this.counts);
    if (start === undefined || end === undefined) return undefined;
    const per = this.watch.contract.callsPerRequest;
    const calls = end - start;
    const expectedCalls = per * responses;
    const slack = COUNT_READ_SLACK * expectedCalls;
    // Fewer calls: only requests already in flight when the window opened, their calls made before it.
    // More calls: those, the calls of requests still in flight when it closed, and a previous load's
    // requests finishing inside the window (answered to connections nobody counts any more).
    const allowedBelow = Math.ceil(per * inFlight + slack);
    const allowedAbove = Math.ceil(2 * per * inFlight + slack);
    const [first, last] = this.usage;
    const cpuSeconds = Math.max(0, last.cpuSeconds - first.cpuSeconds);
    const wallSeconds = (last.atMs - first.atMs) / 1000;
    return {
      calls,
      expectedCalls,
      allowedBelow,
      allowedAbove,
      ok: calls >= expectedCalls - allowedBelow && calls <= expectedCalls + allowedAbove,
      cpuSeconds,
      cpuUsPerRequest: responses > 0 ? (cpuSeconds * 1e6) / responses : 0,
      cpuCores: wallSeconds > 0 ? cpuSeconds / wallSeconds : 0,
    };
  }
}

/** Why a window's count failed, in words. */
export function upstreamCountReason(record: UpstreamRecord, callsPerRequest: number): string {
  const perResponse = record.expectedCalls > 0 ? (record.calls * callsPerRequest) / record.expectedCalls : 0;
  return `the upstream served ${record.calls} calls in the window, ${callsPerRequest} per response would be ${record.expectedCalls} (−${record.allowedBelow} / +${record.allowedAbove} for the requests in flight): ${perResponse.toFixed(2)} calls per response`;
}
