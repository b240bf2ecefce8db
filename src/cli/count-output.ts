/** Printing `--cost instructions` runs and their exit codes, as run-output.ts does for timed runs. */
import type { CountAbOutcome } from '../api/cost.js';
import { EXIT, type ExitCode } from '../core/exit-codes.js';
import type { CountRunOutcome } from '../instructions/count-run.js';
import { changesMarkdown, changesTerminal, countsMarkdown, countsTerminal } from '../report/instructions-render.js';
import { appendJobSummary } from './job-summary.js';
import { type CompareFlags, publishComparisonMarkdown } from './compare-options.js';

/**
 * As for a timed run: `run` fails only when no target was counted ('any'), `ab` when A or B was
 * not ('every'); a wrong answer outranks a start that failed.
 */
export function countExitCode(outcome: CountRunOutcome, needs: 'any' | 'every'): ExitCode {
  if (outcome.interrupted) return EXIT.INTERRUPTED;
  const { targets, counts, failures } = outcome.document;
  const counted = new Set(counts.map((c) => c.target));
  const uncounted = targets.filter((t) => !counted.has(t));
  const failed = needs === 'every' ? uncounted.length > 0 : uncounted.length === targets.length;
  if (!failed) return EXIT.OK;
  const wrong = failures.some((f) => uncounted.includes(f.target) && f.cause === 'wrong-answer');
  return wrong ? EXIT.WRONG_ANSWER : EXIT.TARGET_FAILED;
}

export function publishCounts(outcome: CountRunOutcome): void {
  console.log(countsTerminal(outcome.document).join('\n'));
  console.log(`\nresults: ${outcome.runDir} (instructions.json, report.md, report.html)`);
  appendJobSummary(countsMarkdown(outcome.document));
  process.exitCode = countExitCode(outcome, 'any');
}

/** An `ab --cost instructions`: the table, its Markdown to --markdown's file and the job summary, and the exit code. */
export function publishCountAb(outcome: CountAbOutcome, flags: Pick<CompareFlags, 'markdown'>): void {
  console.log(changesTerminal(outcome.document, outcome.a, outcome.b, outcome.changes).join('\n'));
  console.log(`\nresults: ${outcome.runDir} (instructions.json, report.md, report.html, compare.md)`);
  const threshold = outcome.document.ab?.thresholdShare;
  if (threshold !== undefined)
    publishComparisonMarkdown(
      changesMarkdown(outcome.document, outcome.a, outcome.b, outcome.changes, threshold),
      flags,
    );
  const unfinished = countExitCode(outcome, 'every');
  if (unfinished !== EXIT.OK) process.exitCode = unfinished;
  else if (outcome.changes.some((c) => c.verdict === 'regression')) process.exitCode = EXIT.REGRESSION;
}
