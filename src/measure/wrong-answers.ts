/**
 * Wrong answers seen while a load ran, as a trial records them (Trial.wrongAnswers): from
 * the engine's own body check (engines that read bodies) and from gauntlet's checker
 * (load-checker.ts). Either makes the trial fail and the target unranked (checked-trial.ts).
 */
import type { EngineMeasurement } from '../engines/engine.js';
import type { Trial } from '../model/schema.js';

export type WrongAnswer = NonNullable<Trial['wrongAnswers']>[number];
type EngineChecks = NonNullable<Trial['answerChecks']>['engine'];

/** Most wrong answers a trial keeps (the counts in answerChecks have them all). */
export const KEPT_WRONG_ANSWERS = 6;

/** What the engine checked of every response in the window, and the wrong bodies it kept. */
export function engineChecks(
  engine: string,
  measurement: Pick<EngineMeasurement, 'bodyCheck'>,
): { checks: EngineChecks; wrong: WrongAnswer[] } {
  const found = measurement.bodyCheck;
  const checks: EngineChecks = {
    engine,
    checks: found ? (found.kind === 'each' ? 'bodies' : 'body-set') : 'status',
    compared: found?.compared ?? 0,
    wrong: found?.wrong ?? 0,
  };
  const wrong = (found?.samples ?? []).map((sample) => ({
    by: 'engine' as const,
    request: sample.request,
    status: sample.status,
    body: sample.body,
    reason:
      found?.kind === 'set' && sample.request.startsWith('one of')
        ? `body ${JSON.stringify(sample.body)} is ${sample.expected.replace(/^one of/, 'none of')}`
        : bodyReason(sample.body, sample.expected),
  }));
  return { checks, wrong };
}

/** A wrong body in words as verification puts it: JSON as it came, text quoted. */
function bodyReason(body: string, expected: string): string {
  const json = /^[{[]/.test(expected);
  return json
    ? `JSON body ${body}, expected ${expected}`
    : `body ${JSON.stringify(body)}, expected ${JSON.stringify(expected)}`;
}

/** The wrong answers that differ (who saw it, the request, the answer), in the order seen, at most KEPT_WRONG_ANSWERS. */
export function distinctWrongAnswers(answers: WrongAnswer[]): WrongAnswer[] {
  const seen = new Set<string>();
  const kept: WrongAnswer[] = [];
  for (const answer of answers) {
    const key = JSON.stringify([answer.by, answer.request, answer.status, answer.body]);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(answer);
    if (kept.length === KEPT_WRONG_ANSWERS) break;
  }
  return kept;
}

/** One wrong answer in words, for a trial's reason and the failed verification: who saw it, the answer, what was expected. */
export function describeWrongAnswer(wrong: WrongAnswer, engine: string, scenario: string): string {
  const who = wrong.by === 'checker' ? "gauntlet's checker" : `the engine (${engine})`;
  return `during the ${scenario} window ${who} got: ${wrong.reason}`;
}
