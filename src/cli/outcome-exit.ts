/**
 * The exit code of the commands that start targets. A wrong answer outranks a target that did
 * not start: it is the finding gauntlet exists to catch, and a start failure is more often this
 * machine's doing.
 */
import { EXIT, type ExitCode } from '../core/exit-codes.js';
import type { RunOutcome } from '../measure/run.js';
import type { TargetVerdict } from '../measure/verify-targets.js';

// verifyTargets records a target that would not start as request 'start' or 'start over <protocol>'.
const isStartFailure = (request: string) => request === 'start' || request.startsWith('start over ');

/** verify: its whole job is the verdicts, so any failed target fails the command. */
export function verifyExitCode(verdicts: TargetVerdict[]): ExitCode {
  const failed = verdicts.filter((v) => !v.ok);
  if (failed.some((v) => v.failures.some((f) => !isStartFailure(f.request)))) return EXIT.WRONG_ANSWER;
  return failed.length > 0 ? EXIT.TARGET_FAILED : EXIT.OK;
}

/**
 * run ('any'): a target that answered wrongly or would not start is a finding the report shows,
 * so the command fails only when nothing at all was measured. ab ('every'): A and B are both
 * needed for a comparison, so either one left unmeasured fails it.
 */
export function runExitCode(outcome: RunOutcome, needs: 'any' | 'every'): ExitCode {
  if (outcome.interrupted) return EXIT.INTERRUPTED;
  if (outcome.result.bench) return benchExitCode(outcome.result.bench);
  const { targets, trials, verification } = outcome.result;
  const measured = new Set(trials.filter((t) => t.status !== 'failed').map((t) => t.target));
  const unmeasured = targets.map((t) => t.name).filter((name) => !measured.has(name));
  const failed = needs === 'every' ? unmeasured.length > 0 : targets.length > 0 && unmeasured.length === targets.length;
  if (!failed) return EXIT.OK;
  const wrong = new Set(verification.filter((v) => !v.ok).map((v) => v.target));
  return unmeasured.some((name) => wrong.has(name)) ? EXIT.WRONG_ANSWER : EXIT.TARGET_FAILED;
}

/**
 * A bench suite: a case whose answer was wrong fails the run (exit 3), since its figures would
 * measure something else than the rows beside it; a run where nothing was measured exits 5.
 */
function benchExitCode(bench: NonNullable<RunOutcome['result']['bench']>): ExitCode {
  if (bench.trials.some((t) => t.wrongAnswer)) return EXIT.WRONG_ANSWER;
  return bench.trials.some((t) => t.status === 'ok') ? EXIT.OK : EXIT.TARGET_FAILED;
}
