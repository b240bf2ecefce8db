/**
 * The parent's side of a bench child: starts it in its own process group on the chosen runtime
 * (pinned to the server cores), sends it one case at a time and reads its CPU time from /proc
 * at the edges of the window the child announces, and the CPU of the services the case uses.
 */
import { fileURLToPath } from 'node:url';
import { pinnedCommand } from '../proc/pinning.js';
import { groupMembers, usageOf, type UsageSnapshot } from '../proc/proc-stat.js';
import { startGroup, type GroupProcess } from '../proc/process-group.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { CaseSamples, ChildMessage, RunCaseMessage } from './messages.js';

export const CHILD_FILE = fileURLToPath(new URL('./child.js', import.meta.url));

/** A process group whose CPU is read beside the child's: a broker, redis-server. */
export interface SampledGroup {
  name: string;
  pgid: number;
}

export interface CaseOutcome {
  ok: boolean;
  samples?: CaseSamples;
  facts?: Record<string, number>;
  /** CPU seconds of the child and of the case's own processes over the window. */
  cpuSeconds?: number;
  /** CPU seconds of each sampled service over the window. */
  serviceCpuSeconds?: Record<string, number>;
  windowMs?: number;
  wrongAnswer?: boolean;
  reason?: string;
}

export class BenchChild {
  private readonly process: GroupProcess;
  private listener?: (message: ChildMessage) => void;

  constructor(runtime: Runtime, cores: string | undefined, env: Record<string, string>) {
    const { command, args } = runtime.command(CHILD_FILE);
    const pinned = pinnedCommand(cores, command, args);
    this.process = startGroup({ ...pinned, ipc: true, env: { ...process.env, ...runtime.env, ...env }, tailLines: 60 });
    this.process.child.on('message', (message: ChildMessage) => this.listener?.(message));
  }

  get pid(): number {
    return this.process.pid;
  }

  /** Runs one case; resolves with its figures or why it failed. Bounded by timeoutMs. */
  runCase(message: Omit<RunCaseMessage, 'type'>, sampled: SampledGroup[], timeoutMs: number): Promise<CaseOutcome> {
    return new Promise((resolve) => {
      let before: { child: UsageSnapshot; services: UsageSnapshot[] } | undefined;
      let after: { child: UsageSnapshot; services: UsageSnapshot[] } | undefined;
      /** The case's own process groups (a service process), counted as the child's: announced with its window. */
      let caseGroups: number[] = [];
      const read = () => ({
        child: usageOf([this.process.pid, ...caseGroups].flatMap((pgid) => groupMembers(pgid))),
        services: sampled.map((s) => usageOf(groupMembers(s.pgid))),
      });
      let settled = false;
      // Only this case's own listener is removed: an exit noticed later must not touch the next case.
      const finish = (outcome: CaseOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.listener === listener) this.listener = undefined;
        resolve(outcome);
      };
      const timer = setTimeout(
        () =>
          finish({ ok: false, reason: `no answer within ${Math.round(timeoutMs / 1000)} s (the child is stopped)` }),
        timeoutMs,
      );
      void this.process.exited.then(({ code, signal }) =>
        finish({
          ok: false,
          reason: `the child exited (code ${code}, signal ${signal}) during the case:\n${this.process.output.text()}`,
        }),
      );
      const listener = (reply: ChildMessage) => {
        if (reply.type === 'window-start') {
          caseGroups = reply.groups ?? [];
          before = read();
          this.process.child.send({ type: 'go' });
        } else if (reply.type === 'window-end') {
          after = read();
        } else if (reply.type === 'failed') {
          finish({ ok: false, wrongAnswer: reply.wrongAnswer, reason: reply.reason });
        } else if (reply.type === 'done') {
          if (!before || !after) return finish({ ok: false, reason: 'the child did not announce its window' });
          const a = after;
          const b = before;
          finish({
            ok: true,
            samples: reply.samples,
            facts: reply.facts,
            windowMs: a.child.atMs - b.child.atMs,
            cpuSeconds: a.child.cpuSeconds - b.child.cpuSeconds,
            serviceCpuSeconds: Object.fromEntries(
              sampled.map((s, i) => [s.name, a.services[i].cpuSeconds - b.services[i].cpuSeconds]),
            ),
          });
        }
      };
      this.listener = listener;
      // A child that died meanwhile is reported by its exit, not by a throw here.
      this.process.child.send({ type: 'run', ...message }, () => undefined);
    });
  }

  alive(): boolean {
    return !this.process.hasExited();
  }

  lastOutput(): string {
    return this.process.output.text();
  }

  async stop(): Promise<void> {
    if (!this.process.hasExited()) this.process.child.send({ type: 'exit' }, () => undefined);
    await this.process.stop(2000);
  }
}
