/** Options `compare` and `ab` share: which figures gate, the threshold, and where Markdown goes. */
import { appendJobSummary } from './job-summary.js';
import { writeFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import {
  regressions,
  renderComparisonMarkdown,
  renderComparisonTerminal,
  type ComparisonReport,
} from '../report/comparison-render.js';
import { DEFAULT_GATE_FIGURES, FIGURES } from '../compare/figures.js';
import { unknownValue } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { list, nonNegativeNumber } from './options.js';

export interface CompareFlags {
  gate: string[];
  threshold?: number;
  markdown?: string;
}

/** The options, under `heading` in --help when given. */
export function addCompareOptions(command: Command, heading?: string): Command {
  const options = [
    new Option(
      '--gate <figures>',
      `figures whose regression sets exit code 1, comma-separated: ${FIGURES.map((f) => f.key).join(', ')}`,
    )
      .argParser(list)
      .default(DEFAULT_GATE_FIGURES, DEFAULT_GATE_FIGURES.join(',')),
    new Option(
      '--threshold <percent>',
      'percent by which a gated figure must be worse, and the test agree, to count as a regression (default 5; 0.5 for instruction counts)',
    ).argParser(nonNegativeNumber('--threshold')),
    new Option('--markdown <file>', 'also write the comparison as Markdown, e.g. for a pull-request comment'),
  ];
  for (const option of options) command.addOption(heading ? option.helpGroup(heading) : option);
  return command;
}

export function checkGate(gate: string[]): string[] {
  for (const key of gate) {
    if (!FIGURES.some((f) => f.key === key))
      throw unknownValue(
        'figure',
        key,
        FIGURES.map((f) => f.key),
        '--gate',
      );
  }
  return gate;
}

/** Prints the comparison, writes Markdown if asked, and sets the regression exit code (1) on a regression. */
export function publishComparison(report: ComparisonReport, flags: CompareFlags): void {
  console.log(renderComparisonTerminal(report));
  publishComparisonMarkdown(renderComparisonMarkdown(report), flags);
  if (regressions(report).length > 0) process.exitCode = EXIT.REGRESSION;
}

/** A comparison's Markdown, timed or counted: to --markdown's file when given, and to the job summary. */
export function publishComparisonMarkdown(markdown: string, flags: Pick<CompareFlags, 'markdown'>): void {
  if (flags.markdown) {
    writeFileSync(flags.markdown, markdown);
    console.log(`markdown: ${flags.markdown}`);
  }
  appendJobSummary(markdown);
}
