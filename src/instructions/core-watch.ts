/**
 * How much of the counted target's core went to other processes, and to the hypervisor, while
 * it was counted, so a report can mark a count taken on a shared core (docs/instructions.md,
 * "On a busy machine", measures what one did).
 */
import { coreCpuTicks, groupMembers, othersShare, stealShare, usageOf } from '../proc/proc-stat.js';

export interface CoreShare {
  /** Share of the core's time that processes other than the target used. */
  others: number;
  /** Share of the core's time the hypervisor stole. */
  steal: number;
}

/** Above this share of its core taken by others, a count is flagged as counted on a busy core. */
export const BUSY_CORE_SHARE = 0.05;

export class CoreWatch {
  private readonly cores?: number[];
  private before?: { ticks: ReturnType<typeof coreCpuTicks>; targetCpu: number };

  /** `cores`: the target's cores as pinning lists them ("0" or "0,1"); none when it is not pinned. */
  constructor(
    cores: string | undefined,
    private readonly pgid: number,
  ) {
    this.cores = cores?.split(',').map(Number);
  }

  private targetCpu(): number {
    return usageOf(groupMembers(this.pgid), true).cpuSeconds;
  }

  start(): void {
    if (this.cores) this.before = { ticks: coreCpuTicks(this.cores), targetCpu: this.targetCpu() };
  }

  /** The shares since start; undefined where the target is not pinned or /proc has no per-core lines. */
  stop(): CoreShare | undefined {
    if (!this.cores || !this.before) return undefined;
    const ticks = coreCpuTicks(this.cores);
    const others = othersShare(this.before.ticks, ticks, this.targetCpu() - this.before.targetCpu);
    const steal = stealShare(this.before.ticks, ticks);
    return others === undefined || steal === undefined ? undefined : { others, steal };
  }
}
