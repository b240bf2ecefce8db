/**
 * Which cores the server and the load generator run on. With two or more cores they get
 * disjoint sets, so the generator does not steal the server's CPU; with one they share it,
 * and the result says so.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

export interface CoreSets {
  /** taskset list for the server, e.g. "0"; undefined when not pinned. */
  server?: string;
  /** taskset list for the load generator (and gauntlet itself). */
  engine?: string;
  /** taskset list for a service the suite calls (the fanout upstream), when the run has one. */
  service?: string;
  pinned: boolean;
  note: string;
}

/** Cores this process may run on, from /proc/self/status (falls back to 0..n-1). */
export function allowedCores(): number[] {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const list = /^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1];
    if (list) return expandCoreList(list);
  } catch {
    // not Linux: fall through
  }
  return Array.from({ length: availableParallelism() }, (_, i) => i);
}

export function expandCoreList(list: string): number[] {
  const cores: number[] = [];
  for (const part of list.trim().split(',')) {
    const [from, to] = part.split('-').map(Number);
    for (let core = from; core <= (to ?? from); core++) cores.push(core);
  }
  return cores;
}

export function tasksetAvailable(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * With `withService` (a suite that calls a service gauntlet runs, the fanout upstream): on three
 * or more cores the service gets a core of its own (the one before the generator's); on two it
 * shares the generator's core, so the server keeps a core to itself and the service's CPU is
 * sampled apart from both.
 */
export function planCores(cores: number[], haveTaskset: boolean, wantPinning = true, withService = false): CoreSets {
  if (!wantPinning)
    return { pinned: false, note: 'pinning switched off (--no-pin): server and generator share all cores' };
  if (!haveTaskset)
    return {
      pinned: false,
      note: 'taskset not found (apt-get install util-linux): server and generator share all cores',
    };
  if (cores.length < 2) return { pinned: false, note: `one core (${cores.join(',')}): server and generator shared it` };
  const engine = cores[cores.length - 1];
  if (withService && cores.length >= 3) {
    const service = cores[cores.length - 2];
    const server = cores.slice(0, -2);
    return {
      server: server.join(','),
      engine: String(engine),
      service: String(service),
      pinned: true,
      note: `server on core ${server.join(',')}, upstream service on core ${service}, load generator and gauntlet on core ${engine}`,
    };
  }
  const server = cores.slice(0, -1);
  return {
    server: server.join(','),
    engine: String(engine),
    ...(withService && { service: String(engine) }),
    pinned: true,
    note: withService
      ? `server on core ${server.join(',')}, load generator, gauntlet and the upstream service on core ${engine}`
      : `server on core ${server.join(',')}, load generator and gauntlet on core ${engine}`,
  };
}

/** Wraps a command so it runs on the given cores (exec, so the PID stays the same). */
export function pinnedCommand(
  cores: string | undefined,
  command: string,
  args: string[],
): { command: string; args: string[] } {
  return cores === undefined ? { command, args } : { command: 'taskset', args: ['-c', cores, command, ...args] };
}

/** Moves gauntlet's own threads onto the generator's cores, away from the server's. */
export function pinSelf(cores: string | undefined): void {
  if (cores === undefined) return;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(process.pid)], { stdio: 'ignore' });
  } catch {
    // not fatal: the result still records the sets
  }
}
