/**
 * Verification: every check of every scenario must get exactly the expected answer before
 * any load is sent. A wrong answer is a failed target, never a ranked one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { LoadProtocol } from '../engines/engine.js';
import type { Check, Scenario } from '../suites/types.js';
import { probe, type ProbeAnswer } from '../http/http-probe.js';

export interface VerificationFailure {
  scenario: string;
  request: string;
  reason: string;
}

function headerValue(answer: Pick<ProbeAnswer, 'headers'>, name: string): string | undefined {
  const value = answer.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

function short(text: string, max = 120): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} bytes)` : text;
}

/** What is wrong with an answer, or undefined when it is right. */
export function judgeAnswer(
  check: Check,
  answer: Pick<ProbeAnswer, 'status' | 'headers' | 'body'>,
): string | undefined {
  const { expect } = check;
  if (answer.status !== expect.status) {
    return `status ${answer.status}, expected ${expect.status} (body: ${JSON.stringify(short(answer.body))})`;
  }
  if (expect.contentType !== undefined) {
    const type = headerValue(answer, 'content-type') ?? '';
    if (!type.toLowerCase().startsWith(expect.contentType)) {
      return `content-type "${type}", expected ${expect.contentType}`;
    }
  }
  if (expect.text !== undefined && answer.body !== expect.text) {
    return `body ${JSON.stringify(short(answer.body))}, expected ${JSON.stringify(expect.text)}`;
  }
  if (expect.json !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return `body is not JSON: ${JSON.stringify(short(answer.body))}`;
    }
    if (!isDeepStrictEqual(parsed, expect.json)) {
      return `JSON body ${short(answer.body)}, expected ${JSON.stringify(expect.json)}`;
    }
  }
  for (const [name, wanted] of Object.entries(expect.headers ?? {})) {
    const value = headerValue(answer, name);
    if (value === undefined) return `header ${name} is missing`;
    const ok = typeof wanted === 'string' ? value === wanted : wanted.test(value);
    if (!ok) return `header ${name}: "${value}", expected ${String(wanted)}`;
  }
  return undefined;
}

/**
 * Checks every scenario, then the suite's extra route checks (reported as scenario "*": they
 * fail every cell), over `protocol` (the one the target was started to serve).
 */
export async function verifyScenarios(
  baseUrl: string,
  scenarios: Scenario[],
  extraChecks: Check[] = [],
  protocol: LoadProtocol = 'http1',
  /** Sees every answer (the visit reads the status lines' reason phrase from them). */
  onAnswer?: (answer: ProbeAnswer) => void,
): Promise<VerificationFailure[]> {
  const failures: VerificationFailure[] = [];
  const groups = [...scenarios.map((s) => ({ name: s.name, checks: s.checks })), { name: '*', checks: extraChecks }];
  for (const scenario of groups) {
    for (const check of scenario.checks) {
      const label = `${check.request.method} ${check.request.path}`;
      try {
        const answer = await probe(baseUrl, check.request, { protocol });
        onAnswer?.(answer);
        const reason = judgeAnswer(check, answer);
        if (reason) failures.push({ scenario: scenario.name, request: label, reason });
      } catch (error) {
        failures.push({ scenario: scenario.name, request: label, reason: `no answer: ${(error as Error).message}` });
      }
    }
  }
  return failures;
}
