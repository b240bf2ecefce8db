/**
 * The bench child: started by gauntlet (own process group, the chosen runtime), it runs the
 * cases the parent sends one at a time and answers over IPC. Every answer is checked before
 * timing and the last answer of the window after it; a wrong one fails the case.
 */
import { pathToFileURL } from 'node:url';
import type { CaseFactory, CaseInstance } from '../suites/inproc-types.js';
import type { ChildMessage, ParentMessage, RunCaseMessage } from './messages.js';
import { lineRequire } from './line-require.js';
import { measure, warmUp } from './measure-case.js';

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, () => resolve()));
}

/** Resolves when the parent answers `go` (it has read /proc at the window's start). */
let pendingGo: (() => void) | undefined;

class CaseFailure extends Error {
  constructor(
    readonly phase: 'setup' | 'check-before' | 'measure' | 'check-after',
    readonly wrongAnswer: boolean,
    message: string,
  ) {
    super(message);
  }
}

async function answerOf(instance: CaseInstance): Promise<unknown> {
  const answer = instance.task();
  return answer instanceof Promise ? await answer : answer;
}

async function runCase(message: RunCaseMessage): Promise<void> {
  let instance: CaseInstance | undefined;
  let outcome: ChildMessage;
  const abort = new AbortController();
  // Bounded: a task that never returns cannot hold the child past its budget by much.
  const guard = setTimeout(() => abort.abort(), message.warmupMs + message.timeMs * 3 + 60_000);
  try {
    const mod = (await import(pathToFileURL(message.module).href)) as { cases?: Record<string, CaseFactory> };
    const factory = mod.cases?.[message.factory];
    if (!factory)
      throw new CaseFailure('setup', false, `the case module ${message.module} has no case "${message.factory}"`);
    const require = lineRequire(message.packageRoot);
    try {
      instance = await factory({
        target: message.target,
        require,
        services: message.services,
        options: message.options,
      });
    } catch (error) {
      throw new CaseFailure('setup', false, `set-up failed: ${(error as Error).message}`);
    }
    const first = instance.task();
    const isAsync = first instanceof Promise;
    let answer: unknown;
    try {
      answer = isAsync ? await first : first;
    } catch (error) {
      throw new CaseFailure('check-before', true, `the task threw before timing: ${(error as Error).message}`);
    }
    const before = instance.check(answer);
    if (before !== undefined) throw new CaseFailure('check-before', true, `wrong answer before timing: ${before}`);

    const timed = { task: instance.task, async: isAsync };
    const batch = await warmUp(timed, message.warmupMs, abort.signal);
    await send({ type: 'window-start', groups: instance.processGroups ?? [] });
    await new Promise<void>((resolve) => {
      pendingGo = resolve;
    });
    let measured: Awaited<ReturnType<typeof measure>>;
    try {
      measured = await measure(timed, message.timeMs, batch, abort.signal);
    } catch (error) {
      throw new CaseFailure('measure', false, `the timed run failed: ${(error as Error).message}`);
    }
    await send({ type: 'window-end' });
    const after = instance.check(measured.lastAnswer);
    if (after !== undefined)
      throw new CaseFailure('check-after', true, `wrong answer after timing (the last timed call): ${after}`);
    // One more call checked outside the window: the case still answers right once timing is over.
    const again = instance.check(await answerOf(instance));
    if (again !== undefined) throw new CaseFailure('check-after', true, `wrong answer after timing: ${again}`);
    outcome = { type: 'done', samples: measured.samples, facts: instance.facts };
  } catch (error) {
    const failure = error instanceof CaseFailure ? error : new CaseFailure('measure', false, (error as Error).message);
    outcome = { type: 'failed', phase: failure.phase, wrongAnswer: failure.wrongAnswer, reason: failure.message };
  } finally {
    clearTimeout(guard);
  }
  // Torn down before the answer, so the next case's set-up never overlaps this one's teardown.
  try {
    await instance?.teardown?.();
  } catch (error) {
    if (outcome.type === 'done')
      outcome = {
        type: 'failed',
        phase: 'measure',
        wrongAnswer: false,
        reason: `teardown failed: ${(error as Error).message}`,
      };
  }
  await send(outcome);
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'go') pendingGo?.();
  else if (message.type === 'run') void runCase(message);
  else if (message.type === 'exit') process.exit(0);
});
// The parent gone means nobody reads the answers: leave at once.
process.on('disconnect', () => process.exit(0));
