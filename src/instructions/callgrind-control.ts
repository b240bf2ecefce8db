/**
 * Driving a running callgrind from outside: switching its instrumentation on, and dumping the
 * instructions counted since the last dump (a dump also zeroes the counters, so each dump is one
 * block of requests).
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CONTROL_TIMEOUT_MS = 60_000;

/** Runs callgrind_control on `pid`; `signal` (Ctrl-C) kills it rather than wait for a target being stopped. */
function control(pid: number, args: string[], signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'callgrind_control',
      [...args, String(pid)],
      { timeout: CONTROL_TIMEOUT_MS, signal },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`callgrind_control ${args.join(' ')} failed: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
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
