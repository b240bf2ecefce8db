/**
 * Reads CPU time and memory of processes from /proc. CPU is summed over every process of a
 * process group, so cluster workers and helper processes count too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const confCache = new Map<string, number>();

/** A system constant from getconf (CLK_TCK, PAGESIZE), read once. */
function sysconf(name: string, fallback: number): number {
  let value = confCache.get(name);
  if (value === undefined) {
    try {
      value = Number(execFileSync('getconf', [name]).toString().trim()) || fallback;
    } catch {
      value = fallback;
    }
    confCache.set(name, value);
  }
  return value;
}

const clockTicks = () => sysconf('CLK_TCK', 100);
const pageSize = () => sysconf('PAGESIZE', 4096);

export function procAvailable(): boolean {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
}

interface StatFields {
  pgrp: number;
  cpuSeconds: number;
  rssBytes: number;
}

/** Parses /proc/PID/stat; the command name may hold spaces and parentheses, so split after the last ')'. */
function readStat(pid: number): StatFields | undefined {
  let raw: string;
  try {
    raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): pgrp is field 5, utime 14, stime 15, rss 24.
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return {
    pgrp: Number(fields[2]),
    cpuSeconds: (utime + stime) / clockTicks(),
    rssBytes: Number(fields[21]) * pageSize(),
  };
}

/** PIDs whose process group is pgid (or one of several), from one scan of /proc. */
export function groupMembers(pgid: number | number[]): number[] {
  const groups = new Set(Array.isArray(pgid) ? pgid : [pgid]);
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat && groups.has(stat.pgrp)) members.push(pid);
  }
  return members;
}

export interface UsageSnapshot {
  atMs: number;
  cpuSeconds: number;
  rssBytes: number;
}

/**
 * CPU seconds and RSS summed over the given processes (gone ones count as zero). `precise`
 * reads CPU from each live thread's schedstat (nanoseconds) where the kernel has it:
 * /proc/PID/stat counts 10 ms clock ticks, 4 % of a 0.25 s window. A thread that exited
 * takes its time out of that sum, so where the sum falls short of the ticks by more than
 * their rounding (h2load's worker thread, gone when it prints its figures), the ticks count.
 */
export function usageOf(pids: number[], precise = false): UsageSnapshot {
  let cpuSeconds = 0;
  let rssBytes = 0;
  for (const pid of pids) {
    const stat = readStat(pid);
    if (!stat) continue;
    const threads = precise ? threadsCpu(pid) : undefined;
    const roundingSec = threads ? threads.count / clockTicks() : 0;
    cpuSeconds += threads && threads.seconds >= stat.cpuSeconds - roundingSec ? threads.seconds : stat.cpuSeconds;
    rssBytes += stat.rssBytes;
  }
  return { atMs: performance.now(), cpuSeconds, rssBytes };
}

/** A process's CPU time summed over its live threads' schedstat (its first field: ns on the CPU), and how many; undefined where there is none. */
function threadsCpu(pid: number): { seconds: number; count: number } | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let ns = 0;
  for (const task of tasks) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread exited between the listing and the read, or there is no schedstat
    }
  }
  return ns > 0 ? { seconds: ns / 1e9, count: tasks.length } : undefined;
}

/**
 * Whether every thread of the given processes has stopped (state T or t after SIGSTOP; a
 * thread or process that is gone counts as stopped). A stop takes effect thread by thread, as
 * each leaves the kernel: here moost's V8 threads took up to about 20 ms, running meanwhile.
 */
export function threadsStopped(pids: readonly number[]): boolean {
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let raw: string;
      try {
        raw = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
      } catch {
        continue;
      }
      const state = raw.charAt(raw.lastIndexOf(')') + 2);
      if (!'TtZX'.includes(state)) return false;
    }
  }
  return true;
}

/** threadsCpu's seconds alone. */
export function threadsCpuSeconds(pid: number): number | undefined {
  return threadsCpu(pid)?.seconds;
}

/** Highest RSS the kernel saw for a process since it started (VmHWM). */
export function peakRssBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

type CpuTicks = { total: number; steal: number; idle: number };

/** One line of /proc/stat after its name: user nice system idle iowait irq softirq steal (guest time is already inside user). */
function ticksOf(fields: number[]): CpuTicks {
  return {
    total: fields.slice(0, 8).reduce((sum, x) => sum + x, 0),
    steal: fields[7] ?? 0,
    idle: (fields[3] ?? 0) + (fields[4] ?? 0),
  };
}

/** /proc/stat's cpu lines, by name ("cpu" for the machine, "cpu0", "cpu1", …). */
function cpuLines(): Map<string, number[]> {
  return new Map(
    readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('cpu'))
      .map((line) => {
        const [name, ...fields] = line.trim().split(/\s+/);
        return [name, fields.map(Number)] as const;
      }),
  );
}

/** Machine-wide CPU time, the part a hypervisor stole and the idle part (idle and iowait), in ticks (from /proc/stat). */
export function machineCpuTicks(): CpuTicks | undefined {
  try {
    const fields = cpuLines().get('cpu');
    return fields ? ticksOf(fields) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time of some cores (the `cpuN` lines of /proc/stat) summed, in the same fields as
 * machineCpuTicks: what a process pinned to them shared its cores with. Undefined when a core is
 * not listed (offline, or no /proc).
 */
export function coreCpuTicks(cores: number[]): CpuTicks | undefined {
  try {
    const lines = cpuLines();
    const sum = { total: 0, steal: 0, idle: 0 };
    for (const core of cores) {
      const fields = lines.get(`cpu${core}`);
      if (!fields) return undefined;
      const ticks = ticksOf(fields);
      sum.total += ticks.total;
      sum.steal += ticks.steal;
      sum.idle += ticks.idle;
    }
    return sum;
  } catch {
    return undefined;
  }
}

/** Share of CPU time stolen by the hypervisor between two readings. */
export function stealShare(
  before: { total: number; steal: number } | undefined,
  after: { total: number; steal: number } | undefined,
): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}

/**
 * The share of the machine's CPU time that processes other than this one used over the next
 * `ms`. Unlike the 1-minute load average it does not count a run that ended seconds ago (the
 * second run of bench:stability read 1.96 on 2 cores from the first one, an idle machine).
 */
export async function othersBusyShare(ms = 500): Promise<number | undefined> {
  const before = machineCpuTicks();
  const ownBefore = process.cpuUsage();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineCpuTicks();
  const own = process.cpuUsage(ownBefore);
  return othersShare(before, after, (own.user + own.system) / 1e6);
}

type MachineTicks = ReturnType<typeof machineCpuTicks>;

/** The share of the machine's CPU time between two readings that went to others than this process, which used `ownCpuSeconds` (every thread of it) meanwhile. */
export function othersShare(
  before: MachineTicks,
  after: MachineTicks,
  ownCpuSeconds: number,
  ticksPerSec = clockTicks(),
): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  const busy = (t: NonNullable<MachineTicks>) => t.total - t.steal - t.idle;
  const others = busy(after) - busy(before) - ownCpuSeconds * ticksPerSec;
  return Math.min(1, Math.max(0, others / (after.total - before.total)));
}

/** 1-minute load average. */
export function loadAverage(): number | undefined {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/**
 * Bytes the processes passed to write-family calls (wchar of /proc/PID/io), summed: a server's
 * answers on its sockets. Under a load that cycles a fixed mix of requests it grows in
 * proportion to the responses, whatever engine sends them (gone processes count as zero).
 */
export function writtenBytes(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /^wchar:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
      total += match ? Number(match[1]) : 0;
    } catch {
      // gone
    }
  }
  return total;
}
