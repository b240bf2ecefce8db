/**
 * Driving a running callgrind from outside: switching its instrumentation on, and dumping the
 * instructions counted since the last dump (a dump also zeroes the counters, so each dump is one
 * block of requests).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGroup } from '../proc/process-group.js';

const CONTROL_TIMEOUT_MS = 60_000;

/**
 * Runs callgrind_control on `pid`, in a process group of its own: it reaches the target through
 * vgdb, which attaches to it, and a vgdb left behind by a killed callgrind_control holds a
 * stopped target unreaped and waits for it forever. `signal` (Ctrl-C) and the timeout stop the
 * whole group rather than wait for a target being stopped.
 */
async function control(pid: number, args: string[], signal?: AbortSignal): Promise<void> {
  const run = startGroup({ command: 'callgrind_control', args: [...args, String(pid)] });
  const stop = () => void run.stop(0);
  const timer = setTimeout(stop, CONTROL_TIMEOUT_MS);
  signal?.addEventListener('abort', stop);
  if (signal?.aborted) stop();
  try {
    const { code, signal: killedBy } = await run.exited;
    if (code !== 0)
      throw new Error(
        `callgrind_control ${args.join(' ')} failed: ${run.output.text() || (killedBy ? `stopped by ${killedBy}` : `exit code ${code}`)}`,
      );
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}

/** Switches callgrind's instrumentation on (counting) or off (faster, nothing counted). */
export async function setInstrumentation(pid: number, on: boolean, signal?: AbortSignal): Promise<void> {
  await control(pid, [`--instr=${on ? 'on' : 'off'}`], signal);
}

/** The instructions in a callgrind dump: its `totals:` line (or `summary:` in older dumps). */
export function dumpTotal(text: string): number {
  const match = /^(?:totals|summary):\s+(\d+)/m.exec(text);
  if (!match) throw new Error('the callgrind dump has no totals line');
  return Number(match[1]);
}

/** The dump files callgrind wrote for `pid` in `dir`, oldest first. */
function dumpFiles(dir: string, pid: number): string[] {
  const prefix = `callgrind.out.${pid}`;
  const part = (name: string) => Number(name.slice(prefix.length + 1) || 0);
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => part(a) - part(b));
}

/** Asks for a dump and returns the instructions counted since the previous one. */
export async function dumpInstructions(pid: number, dir: string, signal?: AbortSignal): Promise<number> {
  const before = new Set(dumpFiles(dir, pid));
  await control(pid, ['--dump'], signal);
  const written = dumpFiles(dir, pid).filter((name) => !before.has(name));
  if (written.length === 0) throw new Error(`callgrind wrote no dump for process ${pid}`);
  return dumpTotal(readFileSync(join(dir, written[written.length - 1]), 'utf8'));
}
