/**
 * Answers checked under load by their size. Verification sees one answer per check; a target
 * could answer those right and serve something else once the load starts (measured: a server
 * that answered 200 with an empty body after verification ranked first, at 124–150 % of
 * node-http; its 168 bytes per response against node-http's 206 gave it away). So, when a
 * target starts, a sample of each scenario's own load requests is sent once and the mean size
 * of the answers kept; every trial's bytes per response must match it.
 *
 * HTTP/1.1 compares whole answers as read from the socket (engines count those bytes), over a
 * kept-alive connection as the load uses, so Connection and Keep-Alive headers match; a Date
 * header has a fixed length. HTTP/2 compares bodies (DATA bytes): HPACK makes header bytes
 * depend on what the connection sent before.
 */
import type { EngineMeasurement, LoadProtocol } from '../engines/engine.js';
import type { Scenario } from '../suites/types.js';
import { probe } from '../http/http-probe.js';
import { sampleRequests } from '../suites/sample-requests.js';

export interface AnswerSize {
  basis: 'wire' | 'body';
  /** Mean bytes per answer over the sampled requests. */
  bytesPerResponse: number;
  sampled: number;
}

/** How far the bytes per response under load may stray: this share, or this many bytes if more. */
export const SIZE_TOLERANCE_SHARE = 0.05;
export const SIZE_TOLERANCE_BYTES: Record<AnswerSize['basis'], number> = {
  // Ids that grow under load (a created task's number) move a JSON answer by a few bytes.
  wire: 12,
  body: 4,
};

/** The mean size of the answers to a sample of the scenario's load requests. */
export async function measureAnswerSize(
  baseUrl: string,
  scenario: Scenario,
  protocol: LoadProtocol,
): Promise<AnswerSize> {
  const basis = protocol === 'http1' ? 'wire' : 'body';
  const requests = sampleRequests(scenario.load);
  let total = 0;
  for (const request of requests) {
    const answer = await probe(baseUrl, request, { protocol, keepAlive: true });
    total += basis === 'wire' ? (answer.wireBytes ?? 0) : answer.bodyBytes;
  }
  return { basis, bytesPerResponse: total / requests.length, sampled: requests.length };
}

export interface SizeCheck {
  basis: AnswerSize['basis'];
  expectedBytes: number;
  observedBytes: number;
  ok: boolean;
}

/** Bytes per response of a measured window against the answers' size; undefined when the engine did not count the bytes this needs. */
export function checkAnswerSize(
  expected: AnswerSize,
  measurement: Pick<EngineMeasurement, 'requests' | 'bytes' | 'bodyBytes'>,
): SizeCheck | undefined {
  const bytes = expected.basis === 'wire' ? measurement.bytes : measurement.bodyBytes;
  if (bytes === undefined || measurement.requests === 0) return undefined;
  const observedBytes = bytes / measurement.requests;
  const tolerance = Math.max(SIZE_TOLERANCE_BYTES[expected.basis], expected.bytesPerResponse * SIZE_TOLERANCE_SHARE);
  return {
    basis: expected.basis,
    expectedBytes: round1(expected.bytesPerResponse),
    observedBytes: round1(observedBytes),
    ok: Math.abs(observedBytes - expected.bytesPerResponse) <= tolerance,
  };
}

/** Why a size check failed, in words. */
export function sizeCheckReason(check: SizeCheck): string {
  const what = check.basis === 'wire' ? 'bytes per response' : 'body bytes per response';
  const change = ((check.observedBytes / check.expectedBytes - 1) * 100).toFixed(0);
  return `under load it answered ${check.observedBytes} ${what}, its verified answers ${check.expectedBytes} (${Number(change) > 0 ? '+' : ''}${change} %)`;
}

const round1 = (x: number) => Math.round(x * 10) / 10;
