/**
 * The in-process benchmark kind in the result document: trials (one case of one table in one
 * repeat round, in its own child process per table and round) and their summaries. A result
 * of a bench suite holds these under `bench`; HTTP trials and summaries stay where they were.
 */
import { z } from 'zod';

const spread = z.object({
  median: z.number(),
  min: z.number(),
  max: z.number(),
  interval: z.object({ low: z.number(), high: z.number(), confidence: z.number() }),
});

export const benchMeasurementSchema = z.object({
  /** Operations timed, and the time the timed batches took (ms). */
  ops: z.number(),
  timeMs: z.number(),
  /** The window as the child saw it (timed batches plus the library's bookkeeping), ms. */
  wallMs: z.number(),
  opsPerSec: z.number(),
  meanNsPerOp: z.number(),
  /** Calls per timed batch; batch samples and their spread (ns per op). */
  batch: z.number().int(),
  samples: z.number().int(),
  p50Ns: z.number(),
  p99Ns: z.number(),
  /** Relative margin of error of the mean over the batches (%), as tinybench computes it. */
  rme: z.number(),
  /** The window as gauntlet saw it, ms, between the child's announcements; the child's CPU over it (all threads, from /proc). */
  windowMs: z.number(),
  cpuSeconds: z.number(),
  cpuNsPerOp: z.number(),
  /** The child's CPU over the window in cores (1 = one core busy). */
  cpuCores: z.number(),
  /** CPU of the services the case uses (a broker, redis-server) over the same window, per operation. */
  services: z.record(z.string(), z.object({ cpuSeconds: z.number(), cpuNsPerOp: z.number() })).optional(),
});

export const benchTrialSchema = z.object({
  kind: z.literal('bench'),
  index: z.number().int(),
  round: z.number().int(),
  /** The target (a framework line) the case ran on, named as in the run (moleculer-0.15). */
  target: z.string(),
  part: z.string(),
  /** The table (what HTTP suites call the scenario). */
  scenario: z.string(),
  case: z.string(),
  status: z.enum(['ok', 'failed']),
  reason: z.string().optional(),
  /** The failure was a wrong answer (checked before and after timing): the case is never ranked. */
  wrongAnswer: z.boolean().optional(),
  startedAt: z.string(),
  /** The child process's id: cases of one table and round share it. */
  childPid: z.number().int().optional(),
  runtime: z.object({ id: z.string(), name: z.string(), version: z.string() }).optional(),
  measurement: benchMeasurementSchema.optional(),
  /** What the case states about itself, e.g. encodedBytes of a serializer's packet. */
  facts: z.record(z.string(), z.number()).optional(),
});

export const benchSummarySchema = z.object({
  kind: z.literal('bench'),
  target: z.string(),
  part: z.string(),
  scenario: z.string(),
  case: z.string(),
  title: z.string(),
  /** This row is the table's reference (0 %). */
  reference: z.boolean(),
  status: z.enum(['measured', 'failed', 'not-run']),
  reason: z.string().optional(),
  wrongAnswer: z.boolean().optional(),
  trials: z.number().int(),
  validTrials: z.number().int(),
  opsPerSec: spread.optional(),
  meanNsPerOp: spread.optional(),
  cpuNsPerOp: spread.optional(),
  /** Per round, this case's ops/s over the reference row's in the same child, round and table; median and interval. */
  vsReference: spread.optional(),
  /** CPU ns per op of each service the case uses. */
  services: z.record(z.string(), spread).optional(),
  facts: z.record(z.string(), z.number()).optional(),
});

/** The tables as planned: parts, tables and their rows, so a report can print them in order. */
export const benchPlanSchema = z.object({
  library: z.object({ name: z.string(), version: z.string() }),
  /** One child process per table and round ('table'), or per case ('case'). */
  isolate: z.enum(['table', 'case']),
  parts: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      services: z.array(z.string()),
      tables: z.array(
        z.object({
          name: z.string(),
          title: z.string(),
          reference: z.string(),
          cases: z.array(z.object({ name: z.string(), title: z.string(), targets: z.array(z.string()).optional() })),
        }),
      ),
    }),
  ),
  /** The targets as they ran: the line's packages and its runtime. */
  targets: z.array(
    z.object({ name: z.string(), title: z.string(), runtime: z.string(), packages: z.record(z.string(), z.string()) }),
  ),
});

/** result.bench: the plan of the tables is in result.plan.bench. */
export const benchSectionSchema = z.object({
  trials: z.array(benchTrialSchema),
  summaries: z.array(benchSummarySchema),
});

export type BenchMeasurement = z.infer<typeof benchMeasurementSchema>;
export type BenchTrial = z.infer<typeof benchTrialSchema>;
export type BenchSummary = z.infer<typeof benchSummarySchema>;
export type BenchPlan = z.infer<typeof benchPlanSchema>;
export type BenchSection = z.infer<typeof benchSectionSchema>;
