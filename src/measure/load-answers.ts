/**
 * The answers an engine that reads bodies checks every response of the load against
 * (LoadSpec.expectedAnswers): where the scenario declares the exact body of each load request
 * (Scenario.loadAnswerBody) and the target, just verified, writes it byte for byte. A target
 * whose right answer is written otherwise (`{"hello": "world"}` with a space passes
 * verification, which compares parsed JSON) gets no body check from the engine, rather than
 * being refused for it; gauntlet's checker still judges its answers as verification does.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ExpectedLoadAnswer, LoadProtocol } from '../engines/engine.js';
import { probe } from '../http/http-probe.js';
import { sampleRequests } from '../suites/sample-requests.js';
import type { Scenario } from '../suites/types.js';

/** Requests of the load whose answer is compared with the declared one at the start. */
const COMPARED_AT_START = 4;

export type LoadAnswers = { answers: Array<ExpectedLoadAnswer | null> } | { off: string };

/** Two bodies that say the same: equal text, or equal JSON written otherwise. A body that says something else is a wrong answer, which the engine is left to count. */
export function sameAnswer(body: string, expected: string): boolean {
  try {
    return isDeepStrictEqual(JSON.parse(body), JSON.parse(expected));
  } catch {
    return body === expected;
  }
}

/** The status the scenario's load must get: its checks' one status, else undefined. */
function loadStatus(scenario: Scenario): number | undefined {
  const statuses = new Set(scenario.expectedStatuses ?? scenario.checks.map((check) => check.expect.status));
  return statuses.size === 1 ? [...statuses][0] : undefined;
}

/** The expected answers of the scenario's load for this target, or why its bodies are not checked by the engine. */
export async function loadAnswers(baseUrl: string, scenario: Scenario, protocol: LoadProtocol): Promise<LoadAnswers> {
  const body = scenario.loadAnswerBody;
  const status = loadStatus(scenario);
  if (!body || status === undefined) return { off: 'the scenario does not say every body of its load' };
  for (const request of sampleRequests(scenario.load, COMPARED_AT_START)) {
    const answer = await probe(baseUrl, request, { protocol });
    const expected = body(request);
    if (answer.status === status && answer.body !== expected && sameAnswer(answer.body, expected)) {
      return {
        off: `its verified answer to ${request.method} ${request.path} is written otherwise (${JSON.stringify(answer.body.slice(0, 80))}, not ${JSON.stringify(expected)})`,
      };
    }
  }
  return { answers: scenario.load.map((request) => ({ status, body: body(request) })) };
}
