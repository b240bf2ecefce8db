/**
 * The second workload kind: in-process benchmarks. A bench suite is data the parent reads
 * (parts, tables, cases, the targets they run on, the services they need); the code of each
 * case sits in a case module that a child process loads. A table is what the reference
 * report prints as one "Suite:" block: rows (cases), one of them the reference row.
 */
import type { ServiceName } from './types.js';

/** One row of a table: a case of the part's module, with options passed to it. */
export interface BenchCase {
  /** Unique within the table; also the key in the part's case module unless `factory` names another. */
  name: string;
  /** Key of the factory in the case module (absent: `name`), so several rows can share one factory with other options. */
  factory?: string;
  /** The row's label, as the report prints it. */
  title: string;
  /** Passed to the case factory as `ctx.options` (merged over the table's). */
  options?: Record<string, unknown>;
  /** Targets this case runs on (absent: all of the part's): a serializer one line ships and the other does not. */
  targets?: string[];
  /** Services whose CPU per op is recorded beside the child's (they must be among the part's services). */
  measureServices?: ServiceName[];
}

/** One table of the report: cases measured side by side, each against the reference row. */
export interface BenchTable {
  /** Unique in the suite; the trial's `scenario`. */
  name: string;
  title: string;
  /** The case every row's % is taken against, per repeat round. */
  reference: string;
  cases: BenchCase[];
  /** Passed to every case of the table (e.g. a payload size). */
  options?: Record<string, unknown>;
}

/** A part of the suite, selectable by name (--scenarios): one case module, one or more tables. */
export interface BenchPart {
  name: string;
  title: string;
  /** The case module, relative to dist/src (compiled from src/), e.g. 'suites/services/cases/calls.js', or an absolute path. */
  module: string;
  tables: BenchTable[];
  /** Services started before the part's first case and stopped after the run; their URLs reach cases as ctx.services. */
  services?: ServiceName[];
  /** Targets that run this part (absent: every target of the suite). */
  targets?: string[];
}

/** What a bench suite runs its cases on: a line of a framework installed in a folder of its own. */
export interface BenchTarget {
  name: string;
  title: string;
  /** Folder (relative to gauntlet's root) whose node_modules hold its packages; `ctx.require` resolves from there. */
  packageRoot: string;
  /** Packages whose installed versions the result records, read from packageRoot. */
  packages: string[];
  /** Oldest Node major it runs on. */
  minNodeMajor: number;
  /** The runtime it runs on when --runtime is not given. */
  defaultRuntime: string;
  homepage: string;
  description: string;
}

export interface BenchSpec {
  parts: BenchPart[];
  targets: BenchTarget[];
  /** Parts a run takes when none are named (absent: all). */
  defaultParts?: string[];
  /** Defaults of this suite: seconds per measured window and warm-up, repeats. */
  defaults?: { durationSec?: number; warmupSec?: number; repeats?: number };
}

/* ----- the child side: what a case module exports ----- */

/** What a case factory gets in the child process. */
export interface CaseContext {
  /** The target (line) it runs on, e.g. moleculer-0.15. */
  target: string;
  /** require() resolving from the target's packageRoot (its own node_modules first). */
  require: (id: string) => unknown;
  /** URLs of the part's services (redis://127.0.0.1:port, nats://…, mqtt://…). */
  services: Partial<Record<ServiceName, string>>;
  /** The table's options with the case's over them. */
  options: Record<string, unknown>;
}

/** A set-up case: the task that is timed, and the check of its answer. */
export interface CaseInstance {
  /** One operation; may return a promise (awaited, one in flight). Its answer goes to check. */
  task: () => unknown;
  /** undefined when the answer is right, else why it is wrong. Called before and after timing. */
  check: (answer: unknown) => string | undefined;
  /** Figures the case states once (e.g. encodedBytes of a serializer), recorded with each trial. */
  facts?: Record<string, number>;
  /** Process groups the case started (a service process): their CPU is the case's too, read with the child's. */
  processGroups?: number[];
  /** Releases what setup took (stops a broker, closes a connection). */
  teardown?: () => Promise<void> | void;
}

export type CaseFactory = (ctx: CaseContext) => Promise<CaseInstance> | CaseInstance;

/** A case module's export: `export const cases = defineCases({ normal: async (ctx) => ({ task, check }) })`. */
export function defineCases(cases: Record<string, CaseFactory>): Record<string, CaseFactory> {
  return cases;
}
