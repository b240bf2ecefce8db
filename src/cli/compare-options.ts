/** Options `compare` and `ab` share: which figures gate, the threshold, and where Markdown goes. */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  regressions,
  renderComparisonMarkdown,
  renderComparisonTerminal,
  type ComparisonReport,
} from '../report/comparison-render.js';
import { DEFAULT_GATE_FIGURES, FIGURES } from '../compare/figures.js';
import { unknownValue } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { list, seconds } from './options.js';

export interface CompareFlags {
  gate: string[];
  threshold: number;
  markdown?: string;
}

export function addCompareOptions(command: Command): Command {
  return command
    .option(
      '--gate <figures>',
      `figures whose regression fails the exit code (${FIGURES.map((f) => f.key).join(', ')})`,
      list,
      DEFAULT_GATE_FIGURES,
    )
    .option(
      '--threshold <percent>',
      'a gated figure worse by more than this % (and called worse by the test) is a regression',
      seconds('--threshold', true),
      5,
    )
    .option('--markdown <file>', 'also write the comparison as Markdown (for a pull-request comment)');
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
  if (flags.markdown) {
    writeFileSync(flags.markdown, renderComparisonMarkdown(report));
    console.log(`markdown: ${flags.markdown}`);
  }
  if (regressions(report).length > 0) process.exitCode = EXIT.REGRESSION;
}
