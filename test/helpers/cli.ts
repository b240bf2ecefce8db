/** Runs the built gauntlet CLI as a user would, and finds processes a test may have left. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Result, resultSchema } from '../../src/model/schema.js';

const here = dirname(fileURLToPath(import.meta.url));
/** dist/test/helpers -> project root */
export const projectRoot = resolve(here, '..', '..', '..');
export const cliFile = join(projectRoot, 'dist', 'src', 'cli', 'main.js');
export const fixtureTargetsDir = join(projectRoot, 'dist', 'test', 'fixtures', 'targets');

export interface CliOutcome {
  /** The mark every process of this run carries (see leftoverProcesses). */
  mark: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** How a command runs somewhere else: in a network namespace, on some cores (test/helpers/two-hosts.ts). */
export type Wrap = (command: string, args: string[]) => { command: string; args: string[] };
const asIs: Wrap = (command, args) => ({ command, args });

export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 120_000,
  wrap: Wrap = asIs,
): Promise<CliOutcome> {
  const mark = newMark();
  const run = wrap(process.execPath, [cliFile, ...args]);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(run.command, run.args, {
      // a test run inside a GitHub Actions job does not write to that job's summary unless it asks to
      env: { ...process.env, GITHUB_STEP_SUMMARY: '', ...env, [TEST_MARK_VAR]: mark },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gauntlet ${args.join(' ')} did not finish within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolvePromise({ mark, code, signal, stdout, stderr });
    });
  });
}

/**
 * Every process a test's gauntlet starts inherits this variable, so a test finds exactly its
 * own leftovers, even while other gauntlet processes run on the machine.
 */
export const TEST_MARK_VAR = 'GAUNTLET_TEST_MARK';
let marks = 0;
export function newMark(): string {
  return `t${process.pid}-${++marks}`;
}

/** PIDs of live processes (not zombies) carrying `mark` in their environment. */
export function processesMarked(mark: string): number[] {
  const needle = `${TEST_MARK_VAR}=${mark}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      if (environ.includes(needle) && state !== 'Z') pids.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Waits until no process carries `mark`, up to timeoutMs; returns the ones left. */
export async function leftoverProcesses(mark: string, timeoutMs = 3000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = processesMarked(mark);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function runFolder(outDir: string): string {
  const runs = readdirSync(outDir);
  if (runs.length !== 1) throw new Error(`expected one run folder in ${outDir}, found ${runs.join(', ') || 'none'}`);
  return join(outDir, runs[0]);
}

/** The result.json a run wrote in its folder, checked against the schema (never the journal: a test must see what was written). */
export function savedResult(runDir: string): Result {
  return resultSchema.parse(JSON.parse(readFileSync(join(runDir, 'result.json'), 'utf8')));
}

/** The result of the one run written under --out `outDir`. */
export function resultOf(outDir: string): Result {
  return savedResult(runFolder(outDir));
}

/**
 * Starts `gauntlet <args> --out <out>` with a mark of its own and resolves once its journal
 * holds `trials` finished trials (`kind`: 'bench-trial' for a bench suite's case windows): a
 * run to interrupt or kill in the middle. One that never gets there is killed, and the test fails.
 */
export async function startRunUntilTrials(
  args: string[],
  out: string,
  trials: number,
  {
    kind = 'trial',
    timeoutMs = 60_000,
    finishedIn,
    wrap = asIs,
    env = {},
  }: {
    kind?: 'trial' | 'bench-trial';
    timeoutMs?: number;
    /** How many are finished, read from the run's folder (default: the journal's records of `kind`). */
    finishedIn?: (runDir: string) => number;
    wrap?: Wrap;
    env?: NodeJS.ProcessEnv;
  } = {},
) {
  const mark = newMark();
  const run = wrap(process.execPath, [cliFile, ...args, '--out', out]);
  const child = spawn(run.command, run.args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, GITHUB_STEP_SUMMARY: '', ...env, [TEST_MARK_VAR]: mark },
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const runs = existsSync(out) ? readdirSync(out) : [];
    const journal = runs.length ? join(out, runs[0], 'journal.ndjson') : '';
    const journalRecords = () =>
      journal && existsSync(journal)
        ? readFileSync(journal, 'utf8')
            .split('\n')
            .filter((l) => l.startsWith(`{"kind":"${kind}"`)).length
        : 0;
    const finished = finishedIn ? (runs.length ? finishedIn(join(out, runs[0])) : 0) : journalRecords();
    if (finished >= trials) return { child, exited, mark, dir: join(out, runs[0]), stdout: () => stdout };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the run never finished ${trials} ${kind}(s)`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
