/**
 * Idle polling of a virtual machine's cores. A KVM guest whose cpuidle governor is `haltpoll`
 * polls an idle core for up to `guest_halt_poll_ns` before it halts it; at 0 it halts at once,
 * and a halted core is handed back to the host until an interrupt wakes it. On a KVM guest
 * booted with `haltpoll.guest_halt_poll_ns=0` the server's core, idle for moments between the
 * generator's batches, halted and was woken again thousands of times a second. Measured with
 * `gauntlet doctor --noise` (node-http, the default run's windows), two probes each way,
 * alternated: at 0, 87–89k req/s at 11.2–11.3 µs of CPU per request, and about 500,000
 * function-call interrupts taken by the server's core per probe; at 200 µs, 113–120k req/s at
 * 8.4–8.8 µs, and 25–40 times fewer interrupts. That cost is the machine's, not the
 * framework's (docs/method.md, "Idle cores that poll").
 *
 * So a run sets the kernel's own default (200 µs) for its duration when it can (root), and
 * puts the value back when it ends, also on Ctrl-C or a crash, and, when it is killed outright,
 * the next run does (see Lease); `--no-idle-polling` leaves the machine as it is. Machines
 * without the haltpoll governor (bare metal, other hypervisors) are left alone.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a run ran with, as result.json's environment.idlePolling keeps it. */
export interface IdlePollingRecord {
  governor: string;
  /** How long an idle core polled before it halted, ns (0: it halted at once). */
  haltPollNs: number;
  /** The value found before, when gauntlet set haltPollNs for the run. */
  setFrom?: number;
  note: string;
}

/** Where the kernel exposes the two settings, and where the lease goes; tests point them elsewhere. */
export interface IdlePollingFiles {
  governor: string;
  haltPollNs: string;
  /** Where a run that set the value keeps what it found (see Lease). */
  lease: string;
}

export const SYSTEM_IDLE_POLLING_FILES: IdlePollingFiles = {
  governor: '/sys/devices/system/cpu/cpuidle/current_governor_ro',
  haltPollNs: '/sys/module/haltpoll/parameters/guest_halt_poll_ns',
  lease: join(tmpdir(), 'gauntlet-idle-polling.json'),
};

/** The haltpoll governor's default for guest_halt_poll_ns (drivers/cpuidle/governors/haltpoll.c). */
export const KERNEL_DEFAULT_HALT_POLL_NS = 200_000;

/** The command that sets it by hand, for notes and `doctor`. */
export const SET_HALT_POLLING = `echo ${KERNEL_DEFAULT_HALT_POLL_NS} > ${SYSTEM_IDLE_POLLING_FILES.haltPollNs}`;

function readTrimmed(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The governor and the halt-poll limit as they are now; undefined where the machine has no such setting. */
export function readIdlePolling(files: IdlePollingFiles = SYSTEM_IDLE_POLLING_FILES): {
  governor?: string;
  haltPollNs?: number;
} {
  const governor = readTrimmed(files.governor);
  const ns = readTrimmed(files.haltPollNs);
  return { governor, haltPollNs: ns !== undefined && /^\d+$/.test(ns) ? Number(ns) : undefined };
}

/** True when idle cores halt at once: a haltpoll guest with polling off. */
export function haltsAtOnce(state: { governor?: string; haltPollNs?: number }): boolean {
  return state.governor === 'haltpoll' && state.haltPollNs === 0;
}

export interface IdlePolling {
  /** What the run ran with; undefined on a machine without the haltpoll governor. */
  record?: IdlePollingRecord;
  /** Puts back the value found, if this set another one (and nobody changed it since). Safe to call twice. */
  restore(): void;
}

/**
 * What a run that set the value found, kept in a file while it runs: a run killed outright
 * (SIGKILL) cannot put the value back, and the next run reads here what to put back instead.
 */
interface Lease {
  pid: number;
  setFrom: number;
  value: number;
}

function readLease(file: string): Lease | undefined {
  try {
    const lease = JSON.parse(readFileSync(file, 'utf8')) as Partial<Lease>;
    return typeof lease.pid === 'number' && typeof lease.setFrom === 'number' && typeof lease.value === 'number'
      ? (lease as Lease)
      : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function write(file: string, value: number): void {
  writeFileSync(file, String(value));
}

/**
 * Makes idle cores poll for the run when they halt at once and `wanted` (the default), and
 * says what the run ran with. The value found is put back by `restore()` and, should the run
 * end without reaching it, when the process exits; should the run be killed outright, by the
 * next run, from the lease it left.
 */
export function pollIdleCores(wanted: boolean, files: IdlePollingFiles = SYSTEM_IDLE_POLLING_FILES): IdlePolling {
  const now = readIdlePolling(files);
  if (now.governor !== 'haltpoll' || now.haltPollNs === undefined) return { restore() {} };
  const lease = readLease(files.lease);
  const orphaned = lease && !alive(lease.pid) ? lease : undefined;
  if (orphaned) rmSync(files.lease, { force: true });
  // The value a killed run left is not the machine's own: what that run found is.
  const left = orphaned && orphaned.value === now.haltPollNs ? orphaned : undefined;
  const found = left ? left.setFrom : now.haltPollNs;
  const killed = left ? ` (a gauntlet run killed outright, pid ${left.pid}, had left ${left.value})` : '';
  const keep = (haltPollNs: number, note: string): IdlePolling => ({
    record: { governor: 'haltpoll', haltPollNs, note },
    restore() {},
  });
  // A lease is written only over 0, so what a killed run found is 0 and this is the machine's own value.
  if (found !== 0) return keep(found, `idle cores poll up to ${found / 1000} µs before they halt (guest_halt_poll_ns)`);
  const failure = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  if (!wanted) {
    try {
      if (left) write(files.haltPollNs, found);
    } catch (error) {
      return keep(
        now.haltPollNs,
        `idle cores poll up to ${now.haltPollNs / 1000} µs${killed}, and gauntlet could not put back 0 (${failure(error)})`,
      );
    }
    return keep(0, `idle cores halt at once (guest_halt_poll_ns 0), left so by --no-idle-polling${killed}`);
  }
  try {
    write(files.haltPollNs, KERNEL_DEFAULT_HALT_POLL_NS);
  } catch (error) {
    return left
      ? keep(now.haltPollNs, `idle cores poll up to ${now.haltPollNs / 1000} µs before they halt${killed}`)
      : keep(
          0,
          `idle cores halt at once (guest_halt_poll_ns 0), and gauntlet could not change it (${failure(error)}); as root, ${SET_HALT_POLLING}`,
        );
  }
  const own: Lease = { pid: process.pid, setFrom: found, value: KERNEL_DEFAULT_HALT_POLL_NS };
  try {
    writeFileSync(files.lease, JSON.stringify(own));
  } catch {
    // Without a lease only SIGKILL leaves the kernel's default behind; the run itself is not harmed.
  }
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off('exit', restore);
    if (readLease(files.lease)?.pid === process.pid) rmSync(files.lease, { force: true });
    // A value someone else set meanwhile is theirs to keep: only our own is put back.
    if (readIdlePolling(files).haltPollNs !== KERNEL_DEFAULT_HALT_POLL_NS) return;
    try {
      write(files.haltPollNs, found);
    } catch {
      // Left at the kernel's default: harmless, and nothing more can be done at exit.
    }
  };
  process.once('exit', restore);
  return {
    record: {
      governor: 'haltpoll',
      haltPollNs: KERNEL_DEFAULT_HALT_POLL_NS,
      setFrom: found,
      note: `idle cores halted at once (guest_halt_poll_ns 0)${killed}; set to poll up to ${KERNEL_DEFAULT_HALT_POLL_NS / 1000} µs, the kernel's default, for this run and put back after (--no-idle-polling leaves it)`,
    },
    restore,
  };
}
