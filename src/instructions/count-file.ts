/**
 * Reading a saved `--cost instructions` run back: its instructions.json, given as the file or
 * its run folder, checked for the fields the reports and `compare` read.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { UserError } from '../core/errors.js';
import { COUNTS_FILE, type CountsDocument } from './count-result.js';

const countSchema = z.looseObject({
  target: z.string(),
  scenario: z.string(),
  round: z.number().int().positive(),
  instructionsPerRequest: z.number().positive(),
  blocks: z.array(z.number()),
  settled: z.boolean(),
});

const failureSchema = z.looseObject({
  target: z.string(),
  scenario: z.string(),
  round: z.number(),
  reason: z.string(),
  cause: z.enum(['wrong-answer', 'target', 'tool']),
});

/** The fields read after loading; the rest of the document passes through as written. */
const countsSchema = z.looseObject({
  kind: z.literal('instructions'),
  gauntletVersion: z.string(),
  startedAt: z.string(),
  complete: z.boolean(),
  suite: z.string(),
  scenarios: z.array(z.string()),
  targets: z.array(z.string()),
  baseline: z.string(),
  runtime: z.object({ id: z.string(), version: z.string() }),
  machine: z.object({ cpuModel: z.string(), cores: z.number() }),
  valgrind: z.looseObject({ version: z.string(), flags: z.array(z.string()) }),
  v8Flags: z.array(z.string()),
  rounds: z.number(),
  plan: z.looseObject({
    warmupRequests: z.number(),
    blockRequests: z.number(),
    countedBlocks: z.number(),
    blocksLeftOut: z.literal('highest tenth').optional(),
  }),
  counts: z.array(countSchema),
  failures: z.array(failureSchema),
  ab: z.object({ a: z.string(), b: z.string(), thresholdShare: z.number() }).optional(),
});

/** The instructions.json a path names: the file itself, or the one in the run folder. */
function countsFileOf(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  if (statSync(path).isDirectory()) {
    const file = join(path, COUNTS_FILE);
    return existsSync(file) ? file : undefined;
  }
  return path.endsWith('.json') ? path : undefined;
}

/** Whether the path holds a counts run rather than a timed one (a folder with instructions.json, or such a file). */
export function isCountsRun(path: string): boolean {
  const file = countsFileOf(path);
  if (!file) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown }).kind === 'instructions';
  } catch {
    return false;
  }
}

export function loadCounts(path: string): CountsDocument {
  const file = countsFileOf(path);
  if (!file)
    throw new UserError(
      'GAUNTLET_NO_RESULT',
      `${path} holds no ${COUNTS_FILE}`,
      'pass a run folder written by gauntlet run --cost instructions, or its instructions.json',
    );
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UserError('GAUNTLET_BAD_RESULT', `${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = countsSchema.safeParse(value);
  if (!parsed.success)
    throw new UserError(
      'GAUNTLET_BAD_RESULT',
      `${file} is not an instructions document this version can read:\n${z.prettifyError(parsed.error)}`,
      'pass the instructions.json of a run written by gauntlet run --cost instructions',
    );
  return parsed.data as unknown as CountsDocument;
}
