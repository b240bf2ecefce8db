/**
 * The journal: one JSON line per event, appended synchronously as it happens, so Ctrl-C or
 * a crash keeps every finished trial. A result can always be rebuilt from it.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { UserError } from '../core/errors.js';
import { benchTrialSchema, type BenchTrial } from '../model/inproc-schema.js';
import {
  SCHEMA_VERSION,
  environmentSchema,
  planSchema,
  startSchema,
  targetInfoSchema,
  trialSchema,
  verificationSchema,
  type Environment,
  type Plan,
  type TargetInfo,
  type TargetStart,
  type Trial,
  type Verification,
} from '../model/schema.js';

export const headerRecord = z.object({
  kind: z.literal('header'),
  schema: z.literal('gauntlet/journal'),
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: z.string(),
  startedAt: z.string(),
  environment: environmentSchema,
  plan: planSchema,
  targets: z.array(targetInfoSchema),
  unavailable: z.array(z.object({ target: z.string(), reason: z.string() })),
});
const verificationRecord = z.object({ kind: z.literal('verification'), verification: verificationSchema });
const trialRecord = z.object({ kind: z.literal('trial'), trial: trialSchema });
const startRecord = z.object({ kind: z.literal('start'), start: startSchema });
const benchTrialRecord = z.object({ kind: z.literal('bench-trial'), trial: benchTrialSchema });
const endRecord = z.object({
  kind: z.literal('end'),
  finishedAt: z.string(),
  complete: z.boolean(),
  interruption: z.string().optional(),
  loadAverageAfter: z.number().optional(),
  cpuStealShare: z.number().optional(),
});
const journalRecord = z.discriminatedUnion('kind', [
  headerRecord,
  verificationRecord,
  trialRecord,
  startRecord,
  benchTrialRecord,
  endRecord,
]);

export type JournalHeader = z.infer<typeof headerRecord>;
export type JournalEnd = z.infer<typeof endRecord>;

export class Journal {
  constructor(readonly file: string) {}

  static create(file: string, header: Omit<JournalHeader, 'kind' | 'schema' | 'schemaVersion'>): Journal {
    const record: JournalHeader = {
      kind: 'header',
      schema: 'gauntlet/journal',
      schemaVersion: SCHEMA_VERSION,
      ...header,
    };
    writeFileSync(file, `${JSON.stringify(record)}\n`);
    return new Journal(file);
  }

  verification(verification: Verification): void {
    this.append({ kind: 'verification', verification });
  }

  trial(trial: Trial): void {
    this.append({ kind: 'trial', trial });
  }

  benchTrial(trial: BenchTrial): void {
    this.append({ kind: 'bench-trial', trial });
  }

  start(start: TargetStart): void {
    this.append({ kind: 'start', start });
  }

  end(end: Omit<JournalEnd, 'kind'>): void {
    this.append({ kind: 'end', ...end });
  }

  private append(record: object): void {
    appendFileSync(this.file, `${JSON.stringify(record)}\n`);
  }
}

export interface JournalContents {
  header: JournalHeader;
  verification: Verification[];
  trials: Trial[];
  starts: TargetStart[];
  /** In-process benchmark trials (a bench suite; absent where a journal is built by other means, e.g. a k6 import). */
  benchTrials?: BenchTrial[];
  end?: JournalEnd;
  /** Lines that could not be read (a crash mid-write leaves a torn last line). */
  skippedLines: number;
}

export function readJournal(file: string): JournalContents {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const contents: Partial<JournalContents> & {
    verification: Verification[];
    trials: Trial[];
    starts: TargetStart[];
    benchTrials: BenchTrial[];
    skippedLines: number;
  } = {
    verification: [],
    trials: [],
    starts: [],
    benchTrials: [],
    skippedLines: 0,
  };
  lines.forEach((line, i) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      if (i === lines.length - 1) {
        contents.skippedLines++; // torn last line from a crash
        return;
      }
      throw new UserError('GAUNTLET_BAD_RESULT', `${file}: line ${i + 1} is not JSON`);
    }
    const record = journalRecord.safeParse(parsed);
    if (!record.success) {
      throw new UserError(
        'GAUNTLET_BAD_RESULT',
        `${file}: line ${i + 1} is not a gauntlet journal record: ${z.prettifyError(record.error)}`,
      );
    }
    const value = record.data;
    if (value.kind === 'header') contents.header = value;
    else if (value.kind === 'verification') contents.verification.push(value.verification);
    else if (value.kind === 'trial') contents.trials.push(value.trial);
    else if (value.kind === 'start') contents.starts.push(value.start);
    else if (value.kind === 'bench-trial') contents.benchTrials.push(value.trial);
    else contents.end = value;
  });
  if (!contents.header)
    throw new UserError('GAUNTLET_BAD_RESULT', `${file} has no header line: it is not a gauntlet journal`);
  return contents as JournalContents;
}

export type { Environment, Plan, TargetInfo };
