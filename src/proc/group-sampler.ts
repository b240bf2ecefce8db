/**
 * Samples a process group while a trial's measured window runs: total CPU seconds (from schedstat), the
 * highest CPU % over any sampling interval, an RSS series for the memory chart, and the bytes it
 * wrote. With no interval it reads only the window's two ends (a warm-up block).
 */
import { groupMembers, usageOf, type UsageSnapshot, writtenBytes } from './proc-stat.js';

export interface GroupUsage {
  wallSeconds: number;
  cpuSeconds: number;
  /** Average cores busy over the window (1.0 = one full core). */
  cpuCores: number;
  /** Highest CPU % of one core over a sampling interval (200 = two full cores). */
  maxCpuPercent: number;
  /** Peak of the sampled RSS, summed over the group. */
  peakRssBytes: number;
  /** [ms since window start, RSS bytes] */
  rssSeries: Array<[number, number]>;
  /** Bytes the group passed to write calls in the window (its answers on its sockets). */
  writtenBytes: number;
}

const MIN_INTERVAL_FOR_PERCENT_SEC = 0.1;

export class GroupSampler {
  private members: number[] = [];
  private first?: UsageSnapshot;
  /** The window's start read from schedstat (usageOf precise): the CPU total; the samples between keep ticks. */
  private preciseFirst?: UsageSnapshot;
  private last?: UsageSnapshot;
  private maxCpuPercent = 0;
  private rssSeries: Array<[number, number]> = [];
  private timer?: NodeJS.Timeout;
  private writtenFirst = 0;

  /** intervalMs 0: no samples between the two ends. */
  constructor(
    private readonly pgid: number,
    private readonly intervalMs = 250,
  ) {}

  start(): void {
    this.members = groupMembers(this.pgid);
    this.writtenFirst = writtenBytes(this.members);
    this.preciseFirst = usageOf(this.members, true);
    this.first = usageOf(this.members);
    this.last = this.first;
    this.rssSeries = [[0, this.first.rssBytes]];
    if (this.intervalMs > 0) this.timer = setInterval(() => this.sample(), this.intervalMs);
  }

  private sample(): void {
    if (!this.first || !this.last) return;
    const now = usageOf(this.members);
    const wall = (now.atMs - this.last.atMs) / 1000;
    // CPU time moves in 10 ms ticks: a short last interval would read as 200 % or 0 %.
    if (wall >= MIN_INTERVAL_FOR_PERCENT_SEC)
      this.maxCpuPercent = Math.max(this.maxCpuPercent, ((now.cpuSeconds - this.last.cpuSeconds) / wall) * 100);
    this.rssSeries.push([Math.round(now.atMs - this.first.atMs), now.rssBytes]);
    this.last = now;
  }

  stop(): GroupUsage {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    const first = this.preciseFirst!;
    const last = usageOf(this.members, true);
    const written = writtenBytes(this.members) - this.writtenFirst;
    const wallSeconds = (last.atMs - first.atMs) / 1000;
    const cpuSeconds = Math.max(0, last.cpuSeconds - first.cpuSeconds);
    return {
      wallSeconds,
      cpuSeconds,
      cpuCores: wallSeconds > 0 ? cpuSeconds / wallSeconds : 0,
      maxCpuPercent: this.maxCpuPercent,
      peakRssBytes: Math.max(...this.rssSeries.map(([, rss]) => rss)),
      rssSeries: this.rssSeries,
      writtenBytes: Math.max(0, written),
    };
  }
}
