/**
 * A server host reached over SSH: gauntlet starts `gauntlet agent` there with the user's own ssh
 * (their keys, known_hosts and ssh_config) and asks it, one JSON line at a time, to start, meter
 * and stop targets. The agent answers with its host's clock and /proc, so the two hosts' clocks
 * never need to agree. The ssh client runs in its own process group like every child: when
 * gauntlet exits, or the connection drops, the agent's stdin closes and it stops what it started.
 */
import { projectRoot } from '../core/paths.js';
import { type CoreSets, GENERATOR_HERE } from '../proc/pinning.js';
import type { Settled } from '../proc/settle.js';
import type { MachineFacts } from '../model/schema.js';
import { AgentConnection } from './agent-connection.js';
import { type AgentHello, mapLaunchPaths, ROOT_TOKEN } from './agent-messages.js';
import type {
  Host,
  HostProcess,
  Launch,
  LinkFigures,
  ServerHostRecord,
  StartedTarget,
  VariantInstall,
  WindowMeter,
  WindowUsage,
} from './host.js';
import { measureLink } from './link-probe.js';

export { defaultGauntletCommand, sshArgs } from './agent-connection.js';

export interface ServerHostOptions {
  /** `user@host[:port]`, or an alias of the user's ssh_config. */
  destination: string;
  /** The command that runs gauntlet on the server host (`agent` is appended); default: this node and this gauntlet, at the same paths. */
  gauntletCommand?: string;
  /** Let the server host's idle cores poll for the run where they halt at once (as --no-idle-polling says for this host). */
  idlePolling?: boolean;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Paths under gauntlet's folder travel as $GAUNTLET_ROOT/…, found there under the agent's own. */
function portable(value: string): string {
  return value.split(projectRoot).join(ROOT_TOKEN);
}

export class RemoteHost implements Host {
  readonly name: string;
  facts?: MachineFacts;
  private idlePolling?: AgentHello['idlePolling'];
  private readonly agent: AgentConnection;
  private address = '';
  private nextMeter = 1;
  private readonly exits = new Map<number, (exit: Exit, output: string) => void>();

  constructor(options: ServerHostOptions) {
    this.name = options.destination;
    this.agent = new AgentConnection({ ...options, role: 'server host', idlePolling: options.idlePolling ?? true });
    this.agent.onEvent((event) => {
      if (event.event === 'exit')
        this.exits.get(event.pid)?.({ code: event.code, signal: event.signal as NodeJS.Signals | null }, event.output);
    });
    // the agent stopped everything it started: every remote target is gone
    this.agent.onClosed((error) => {
      for (const exited of this.exits.values()) exited({ code: null, signal: null }, error.message);
      this.exits.clear();
    });
  }

  /** Starts ssh and the agent and checks that both sides run one gauntlet version. */
  async connect(): Promise<void> {
    const hello = await this.agent.connect();
    this.address = hello.address;
    this.facts = hello.facts;
    this.idlePolling = hello.idlePolling;
  }

  private ask: AgentConnection['ask'] = (request) => this.agent.ask(request);

  /** The targets take the server host's cores (those its agent may use); the load generator every core here. */
  planCores(local: number[], haveTaskset: boolean, wantPinning: boolean): CoreSets {
    const server = `targets on ${this.name}, cores ${this.facts?.allowedCores.join(',') ?? '?'}`;
    if (!wantPinning || !haveTaskset) return { pinned: false, note: `${server}; ${GENERATOR_HERE} on any core here` };
    const engine = local.join(',');
    return { pinned: true, engine, note: `${server}; ${GENERATOR_HERE} on core ${engine} here` };
  }

  async start(launch: Launch): Promise<StartedTarget> {
    const sent = mapLaunchPaths(launch, portable);
    const { pid, port } = (await this.ask({ op: 'start', launch: sent })) as { pid: number; port: number };
    return { process: this.remoteProcess(pid), address: this.address, port };
  }

  private remoteProcess(pid: number): HostProcess {
    let done = false;
    let output = '';
    const exited = new Promise<Exit>((resolve) => {
      this.exits.set(pid, (how, lastOutput) => {
        done = true;
        output = lastOutput;
        this.exits.delete(pid);
        resolve(how);
      });
    });
    return {
      pid,
      output: { text: () => output },
      exited,
      hasExited: () => done,
      stop: async (graceMs?: number) => {
        if (done) return;
        await this.ask({ op: 'stop', pid, graceMs }).catch(() => undefined);
        await exited;
      },
    };
  }

  meter(pid: number, options: { series: boolean }): WindowMeter {
    const meter = this.nextMeter++;
    let begun: Promise<unknown> | undefined;
    return {
      begin: () => {
        begun = this.ask({ op: 'meter-begin', meter, pid, series: options.series });
        begun.catch(() => undefined);
      },
      end: async () => {
        const end = this.ask({ op: 'meter-end', meter });
        await begun;
        return (await end) as WindowUsage;
      },
    };
  }

  async waitUntilIdle(pids: number[], signal?: AbortSignal, maxMs?: number): Promise<Settled> {
    // a host lost meanwhile stops the run (onLost): the wait ends, it does not fail the trial's caller
    const asked = (this.ask({ op: 'settle', pids, maxMs }) as Promise<Settled>).catch(() => ({
      waitedMs: 0,
      idle: false,
    }));
    if (!signal) return asked;
    let onAbort = () => {};
    const aborted = new Promise<Settled>((resolve) => {
      onAbort = () => resolve({ waitedMs: 0, idle: false });
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([asked, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort); // one wait per trial: listeners must not pile up
    }
  }

  async describe(): Promise<ServerHostRecord> {
    const { port } = (await this.ask({ op: 'link' })) as { port: number };
    const link: LinkFigures = await measureLink(this.address, port);
    return {
      name: this.name,
      address: this.address,
      ...this.facts!,
      link,
      ...(this.idlePolling && { idlePolling: this.idlePolling }),
    };
  }

  async install(variant: VariantInstall): Promise<void> {
    await this.ask({
      op: 'install',
      variant: { ...variant, spec: portable(variant.spec), targetDirs: variant.targetDirs.map(portable) },
    });
  }

  onLost(listener: (error: Error) => void): void {
    this.agent.onLost(listener);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Connects to a server host's agent (the error says what went wrong when it cannot). */
export async function connectServerHost(options: ServerHostOptions): Promise<RemoteHost> {
  const host = new RemoteHost(options);
  await host.connect();
  return host;
}
