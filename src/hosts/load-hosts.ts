/**
 * Several load hosts (`--load-hosts a,b,…`): one k6 load split over them with k6's execution
 * segments, each share run by the `gauntlet agent` on its host (k6-jobs.ts). Every share starts
 * paused; once all wait, gauntlet resumes them together. The server's window opens at the
 * first host's start marker and closes at the last host's end marker; counts are added up and
 * latency percentiles come from the hosts' mixed distributions (engines/k6/merge.ts).
 *
 * To the trials this is one engine, "k6", whose generator is elsewhere: its CPU comes back in
 * the measurement instead of being read here. The load host `local` is this machine: its share
 * runs under an agent in this process, without SSH.
 */
import { UserError } from '../core/errors.js';
import type { Engine, EngineHooks, EngineMeasurement, EngineRunOptions, LoadSpec } from '../engines/engine.js';
import { checkK6Spec, k6Engine, k6LoadScripts, profileOf } from '../engines/k6/engine.js';
import { executionSegments } from '../engines/k6/job.js';
import { type K6HostRun, mergeK6Runs } from '../engines/k6/merge.js';
import { QUANTILE_STATS } from '../engines/k6/quantiles.js';
import type { LoadHostRecord } from '../model/schema.js';
import { AgentConnection, LOCAL_HOST } from './agent-connection.js';
import { LOOPBACK } from './local-host.js';
import type { K6JobReply } from './k6-jobs.js';

export interface LoadHostsOptions {
  /** ssh destinations, as `--server-host` takes one. */
  destinations: string[];
  /** The command that runs gauntlet on each load host (default: the same node and gauntlet, at the same paths). */
  gauntletCommand?: string;
}

export class LoadHosts {
  private nextJob = 1;
  readonly engine: Engine;

  private readonly agents: AgentConnection[];

  /** Not connected yet: `engine` can be planned with, and runs once connect() succeeded. */
  constructor(options: LoadHostsOptions) {
    this.agents = options.destinations.map(
      (destination) =>
        new AgentConnection({ destination, role: 'load host', gauntletCommand: options.gauntletCommand }),
    );
    const agents = this.agents;
    this.engine = {
      ...k6Engine,
      description: `k6 split over ${agents.length} load hosts (${this.names.join(', ')})`,
      unavailableReason: () => undefined,
      version: () => [...new Set(agents.map((agent) => agent.hello?.k6 ?? 'unknown'))].join(', '),
      describeFlags: (spec) =>
        `${k6Engine.describeFlags(spec)}; split over ${agents.length} load hosts by --execution-segment, started together`,
      run: (spec, hooks, options) => this.run(spec, hooks, options),
      close: async () => undefined,
    };
  }

  /** Connects to every load host's agent and checks each has k6 (on failure, closes those that connected). */
  async connect(): Promise<void> {
    const connected = await Promise.allSettled(this.agents.map((agent) => agent.connect()));
    const failed = connected.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) {
      await this.close();
      throw failed.reason;
    }
    const without = this.agents.find((agent) => agent.hello?.k6 === 'missing');
    if (without) {
      await this.close();
      throw new UserError(
        'GAUNTLET_ENGINE_UNAVAILABLE',
        `load host ${without.name} has no k6`,
        "install k6 there as here: scripts/install-tools.sh builds it into gauntlet's cache, or put k6 on that host's PATH",
      );
    }
  }

  get names(): string[] {
    return this.agents.map((agent) => agent.name);
  }

  /**
   * The address every load host reaches this one at (where SSH arrived from), for targets that
   * run here; undefined when they see it at different addresses.
   */
  commonClientAddress(): string | undefined {
    // `local` is this machine: it reaches the targets wherever the others do
    const remote = this.agents.filter((agent) => agent.name !== LOCAL_HOST);
    if (remote.length === 0) return LOOPBACK;
    const seen = new Set(remote.map((agent) => agent.hello?.client));
    const [only] = seen;
    return seen.size === 1 && only ? only : undefined;
  }

  /** What the result records of each load host. */
  records(): LoadHostRecord[] {
    return this.agents.map((agent) => ({ name: agent.name, k6: agent.hello?.k6 ?? 'unknown', ...agent.hello!.facts }));
  }

  /** Told when a load host's connection drops mid-run. */
  onLost(listener: (error: Error) => void): void {
    for (const agent of this.agents) agent.onLost(listener);
  }

  async close(): Promise<void> {
    await Promise.all(this.agents.map((agent) => agent.close()));
  }

  private async run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement> {
    checkK6Spec(spec); // one connection per load host at least: refused before connecting (api/load-hosts.ts)
    const scripts = k6LoadScripts(spec, QUANTILE_STATS);
    const started = Date.now();
    if (scripts.warmup) await this.together(scripts.warmup, undefined, options);
    const rest = { ...options, deadlineMs: Math.max(1000, options.deadlineMs - (Date.now() - started)) };
    const runs = await this.together(scripts.measured, hooks, rest);
    return mergeK6Runs(runs, profileOf(spec));
  }

  /** Runs `script` on every load host, each on its segment, all started at once; with hooks, its window is measured. */
  private async together(
    script: string,
    hooks: EngineHooks | undefined,
    options: EngineRunOptions,
  ): Promise<K6HostRun[]> {
    const job = this.nextJob++;
    const segments = executionSegments(this.agents.length);
    let ready = 0;
    let started = 0;
    let ended = 0;
    const stopAll = () => {
      for (const agent of this.agents) void agent.ask({ op: 'k6-stop', job }).catch(() => undefined);
    };
    const unsubscribe = this.agents.map((agent) =>
      agent.onEvent((event) => {
        if (!('job' in event) || event.job !== job) return;
        if (event.event === 'k6-ready' && ++ready === this.agents.length) {
          // every share waits: start them together
          for (const each of this.agents) void each.ask({ op: 'k6-go', job }).catch(() => undefined);
        } else if (event.event === 'k6-window' && event.edge === 'start' && ++started === 1) hooks?.windowStart(0);
        else if (event.event === 'k6-window' && event.edge === 'end' && ++ended === this.agents.length)
          hooks?.windowEnd();
      }),
    );
    options.signal?.addEventListener('abort', stopAll, { once: true });
    try {
      const replies = this.agents.map(
        (agent, i) =>
          agent.ask({
            op: 'k6-run',
            job,
            script,
            segment: segments[i],
            deadlineMs: options.deadlineMs,
            measured: hooks !== undefined,
            // this machine's share keeps to the generator's cores, off the targets'
            ...(agent.name === LOCAL_HOST && options.cores && { cores: options.cores }),
          }) as Promise<K6JobReply>,
      );
      // one share failing stops the others: a split load is whole or not at all
      for (const reply of replies) reply.catch(stopAll);
      const settled = await Promise.allSettled(replies);
      const failed = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      return settled.map((outcome, i) => ({
        host: this.agents[i].name,
        ...(outcome as PromiseFulfilledResult<K6JobReply>).value,
      }));
    } finally {
      options.signal?.removeEventListener('abort', stopAll);
      for (const off of unsubscribe) off();
    }
  }
}
