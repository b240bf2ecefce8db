/**
 * Every process gauntlet starts runs as the leader of its own process group, so stopping it
 * stops everything it spawned. Live groups are tracked here and killed on exit, on Ctrl-C
 * and on a crash of gauntlet itself.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { OutputTail } from './output-tail.js';

const liveGroups = new Set<number>();

export interface StartOptions {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Extra stdio entry, e.g. 'ipc' for an engine worker. */
  ipc?: boolean;
  /** Lines of stdout+stderr kept for error messages. */
  tailLines?: number;
  /** Talk to it over stdin and stdout (an SSH session to an agent): stdin is a pipe, stdout stays out of the tail. */
  talk?: boolean;
}

export interface GroupProcess {
  child: ChildProcess;
  pid: number;
  output: OutputTail;
  /** Resolves once the leader exited, with how. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** SIGTERM the group, then SIGKILL after graceMs; resolves when the leader is gone. */
  stop(graceMs?: number): Promise<void>;
}

export function startGroup(options: StartOptions): GroupProcess {
  const stdin = options.talk ? 'pipe' : 'ignore';
  const stdio: StdioOptions = options.ipc ? [stdin, 'pipe', 'pipe', 'ipc'] : [stdin, 'pipe', 'pipe'];
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true, // new process group with the child as leader
    stdio,
  });
  const output = new OutputTail(options.tailLines ?? 40);
  if (!options.talk) child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));

  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      resolve({ code, signal });
    });
    child.once('error', (error) => {
      done = true;
      output.push(Buffer.from(`gauntlet: could not start ${options.command}: ${error.message}\n`));
      resolve({ code: null, signal: null });
    });
  });
  const pid = child.pid ?? -1;
  if (pid > 0) liveGroups.add(pid);
  void exited.then(() => {
    // The leader is gone, but a forked grandchild may still hold the group: kill what is left.
    killGroup(pid, 'SIGKILL');
    liveGroups.delete(pid);
  });

  return {
    child,
    pid,
    output,
    exited,
    hasExited: () => done,
    async stop(graceMs = 3000) {
      if (pid <= 0) return;
      if (!done) {
        killGroup(pid, 'SIGTERM');
        // a group stopped by turns (turns.ts) holds SIGTERM until it runs again
        killGroup(pid, 'SIGCONT');
        const timer = setTimeout(() => killGroup(pid, 'SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      killGroup(pid, 'SIGKILL');
      liveGroups.delete(pid);
    },
  };
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  if (pgid <= 0) return;
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Synchronous: safe inside process.on('exit'). */
export function killAllGroups(): void {
  for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
  liveGroups.clear();
}

export function liveGroupCount(): number {
  return liveGroups.size;
}

process.on('exit', killAllGroups);
