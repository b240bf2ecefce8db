/**
 * Idle polling of a virtual machine's cores. A KVM guest whose cpuidle governor is `haltpoll`
 * polls an idle core for up to `guest_halt_poll_ns` before it halts it; at 0 it halts at once,
 * and a halted core is handed back to the host until an interrupt wakes it. On this machine (a
 * KVM guest booted with `haltpoll.guest_halt_poll_ns=0`) the server's core, idle for moments
 * between the generator's batches, halted and was woken again thousands of times a second.
 * Measured with `gauntlet doctor --noise` (node-http, the main job's windows), two probes each
 * way, alternated: at 0, 87–89k req/s at 11.2–11.3 µs of CPU per request, and about 500,000
 * function-call interrupts taken by the server's core per probe; at 200 µs, 113–120k req/s at
 * 8.4–8.8 µs, and 25–40 times fewer interrupts. That cost is the machine's, not the
 * framework's: README, "Idle cores that halt at once".
 *
 * So a run sets the kernel's own default (200 µs) for its duration when it can (root), and
 * puts the value back when it ends, also on Ctrl-C or a crash; `--no-idle-polling` leaves the
 * machine as it is. Machines without the haltpoll governor (bare metal, other hypervisors) are
 * left alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** What a run ran with, as result.json's environment.idlePolling keeps it. */
export interface IdlePollingRecord {
  governor: string;
  /** How long an idle core polled before it halted, ns (0: it halted at once). */
  haltPollNs: number;
  /** The value found before, when gauntlet set haltPollNs for the run. */
  setFrom?: number;
  note: string;
}

/** Where the kernel exposes the two settings; tests point them elsewhere. */
export interface IdlePollingFiles {
  governor: string;
  haltPollNs: string;
}

export const SYSTEM_IDLE_POLLING_FILES: IdlePollingFiles = {
  governor: '/sys/devices/system/cpu/cpuidle/current_governor_ro',
  haltPollNs: '/sys/module/haltpoll/parameters/guest_halt_poll_ns',
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
 * Makes idle cores poll for the run when they halt at once and `wanted` (the default), and
 * says what the run ran with. The value found is put back by `restore()` and, should the run
 * end without reaching it, when the process exits.
 */
export function pollIdleCores(wanted: boolean, files: IdlePollingFiles = SYSTEM_IDLE_POLLING_FILES): IdlePolling {
  const found = readIdlePolling(files);
  if (found.governor !== 'haltpoll' || found.haltPollNs === undefined) return { restore() {} };
  const keep = (note: string): IdlePolling => ({
    record: { governor: found.governor!, haltPollNs: found.haltPollNs!, note },
    restore() {},
  });
  if (!haltsAtOnce(found))
    return keep(`idle cores poll up to ${found.haltPollNs! / 1000} µs before they halt (guest_halt_poll_ns)`);
  if (!wanted) return keep('idle cores halt at once (guest_halt_poll_ns 0), left so by --no-idle-polling');
  try {
    writeFileSync(files.haltPollNs, String(KERNEL_DEFAULT_HALT_POLL_NS));
  } catch (error) {
    return keep(
      `idle cores halt at once (guest_halt_poll_ns 0), and gauntlet could not change it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); as root, ${SET_HALT_POLLING}`,
    );
  }
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off('exit', restore);
    // A value someone else set meanwhile is theirs to keep: only our own is put back.
    if (readIdlePolling(files).haltPollNs !== KERNEL_DEFAULT_HALT_POLL_NS) return;
    try {
      writeFileSync(files.haltPollNs, String(found.haltPollNs));
    } catch {
      // Left at the kernel's default: harmless, and nothing more can be done at exit.
    }
  };
  process.once('exit', restore);
  return {
    record: {
      governor: found.governor,
      haltPollNs: KERNEL_DEFAULT_HALT_POLL_NS,
      setFrom: found.haltPollNs,
      note: `idle cores halted at once (guest_halt_poll_ns 0); set to poll up to ${KERNEL_DEFAULT_HALT_POLL_NS / 1000} µs, the kernel's default, for this run and put back after (--no-idle-polling leaves it)`,
    },
    restore,
  };
}
