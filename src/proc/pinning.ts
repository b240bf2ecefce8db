/**
 * Which cores the server, the load generator and the suite's services (Redis, brokers, an
 * upstream) run on. With two or more cores the server gets cores of its own, so neither the
 * generator nor a service steals its CPU; services get a core of their own from three cores
 * on, and share the generator's below that (their CPU is still theirs in /proc). With one
 * core everything shares it, and the result says so.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Who the note says runs beside gauntlet; a load from other hosts (--load-hosts) leaves gauntlet alone there. */
export const GENERATOR_HERE = 'load generator and gauntlet';

export interface CoreSets {
  /** taskset list for the server, e.g. "0"; undefined when not pinned. */
  server?: string;
  /** taskset list for the load generator (and gauntlet itself). */
  engine?: string;
  /** taskset list for the suite's services; undefined when it has none or nothing is pinned. */
  services?: string;
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

export function planCores(
  cores: number[],
  haveTaskset: boolean,
  wantPinning = true,
  services: string[] = [],
): CoreSets {
  const plan = planServerAndEngine(cores, haveTaskset, wantPinning);
  if (services.length === 0 || !plan.pinned) return plan;
  const names = services.join(', ');
  if (cores.length >= 3) {
    const own = cores[cores.length - 2];
    const server = cores.slice(0, -2).join(',');
    return {
      ...plan,
      server,
      services: String(own),
      note: `server on core ${server}, services (${names}) on core ${own}, ${GENERATOR_HERE} on core ${plan.engine}`,
    };
  }
  return {
    ...plan,
    services: plan.engine,
    note: `${plan.note}; services (${names}) share core ${plan.engine} with the generator (two cores: the server keeps its own)`,
  };
}

function planServerAndEngine(cores: number[], haveTaskset: boolean, wantPinning: boolean): CoreSets {
  if (!wantPinning)
    return { pinned: false, note: 'pinning switched off (--no-pin): server and generator share all cores' };
  if (!haveTaskset)
    return {
      pinned: false,
      note: 'taskset not found (apt-get install util-linux): server and generator share all cores',
    };
  if (cores.length < 2) return { pinned: false, note: `one core (${cores.join(',')}): server and generator shared it` };
  const engine = cores[cores.length - 1];
  const server = cores.slice(0, -1);
  return {
    server: server.join(','),
    engine: String(engine),
    pinned: true,
    note: `server on core ${server.join(',')}, ${GENERATOR_HERE} on core ${engine}`,
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
  pinRunning(process.pid, cores);
}

/** Moves every thread of a running process (a service started before the plan) onto these cores. */
export function pinRunning(pid: number, cores: string | undefined): void {
  if (cores === undefined || pid <= 0) return;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
  } catch {
    // not fatal: the result still records the sets
  }
}
