/** comparison.json (written by `ab`), validated when `report` reads it back. */
import { z } from 'zod';
import type { ComparisonReport } from './comparison.js';

const cellSchema = z.object({
  label: z.string(),
  scenario: z.string(),
  figure: z.string(),
  figureLabel: z.string(),
  verdictWords: z.string(),
  regression: z.boolean(),
  /** Absent in comparisons written before ab paired its rounds: those were Mann-Whitney. */
  test: z.enum(['mann-whitney', 'signed-rank']).default('mann-whitney'),
  nA: z.number(),
  nB: z.number(),
  medianA: z.number(),
  medianB: z.number(),
  change: z.number(),
  interval: z.tuple([z.number(), z.number()]),
  pairs: z.number().optional(),
  intervalConfidence: z.number().optional(),
  pValue: z.number(),
  verdict: z.enum(['better', 'worse', 'no-difference']),
});

export const comparisonReportSchema = z.object({
  title: z.string(),
  before: z.string(),
  after: z.string(),
  cells: z.array(cellSchema),
  thresholdShare: z.number(),
  gated: z.array(z.string()),
  notes: z.array(z.string()),
  warnings: z.array(z.string()),
});

export function parseComparison(value: unknown): ComparisonReport | undefined {
  const parsed = comparisonReportSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
