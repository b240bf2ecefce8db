/**
 * A server host reached over SSH: gauntlet starts `gauntlet agent` there with the user's own ssh
 * (their keys, known_hosts and ssh_config) and asks it, one JSON line at a time, to start, meter
 * and stop targets. The agent answers with its host's clock and /proc, so the two hosts' clocks
 * never need to agree. The ssh client runs in its own process group like every child: when
 * gauntlet exits, or the connection drops, the agent's stdin closes and it stops what it started.
 */
import { createInterface } from 'node:readline';
import { UserError } from '../core/errors.js';
import { projectRoot } from '../core/paths.js';
import type { CoreSets } from '../proc/pinning.js';
import { startGroup, type GroupProcess } from '../proc/process-group.js';
import type { Settled } from '../proc/settle.js';
import type { MachineFacts } from '../model/schema.js';
import { gauntletVersion } from '../results/environment.js';
import {
  type AgentAsk,
  type AgentHello,
  type AgentReply,
  mapLaunchPaths,
  ROOT_TOKEN,
  replySchema,
} from './agent-messages.js';
import {
  type Host,
  type HostProcess,
  type Launch,
  type LinkFigures,
  type ServerHostRecord,
  type StartedTarget,
  type VariantInstall,
  TargetStartError,
  type WindowMeter,
  type WindowUsage,
} from './host.js';
import { measureLink } from './link-probe.js';

/** How long ssh and the agent may take to say hello. */
const HELLO_TIMEOUT_MS = 30_000;

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

/** ssh's arguments for a destination `user@host[:port]` (`[v6]:port` too). */
export function sshArgs(destination: string): string[] {
  const match = /^(?<dest>(?:[^@\s]+@)?(?:\[[^\]]+\]|[^:\s]+))(?::(?<port>\d+))?$/.exec(destination);
  if (!match?.groups)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--server-host "${destination}" is not user@host[:port]`,
      'give the server host as ssh would take it: user@host, user@host:2222 or an alias from ~/.ssh/config',
    );
  const dest = match.groups.dest.replace(/\[(.+)\]/, '$1');
  return [...(match.groups.port ? ['-p', match.groups.port] : []), dest];
}

/** The ssh command and its own options: GAUNTLET_SSH_COMMAND, as git's GIT_SSH_COMMAND, else `ssh`. */
function sshCommand(): string[] {
  const words = (process.env.GAUNTLET_SSH_COMMAND ?? 'ssh').trim().split(/\s+/);
  return words.length > 0 && words[0] !== '' ? words : ['ssh'];
}

const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/** What runs gauntlet on the server host by default: the same node and gauntlet, at the same paths. */
export function defaultGauntletCommand(): string {
  return `${quote(process.execPath)} ${quote(`${projectRoot}/dist/src/cli/main.js`)}`;
}

/** Paths under gauntlet's folder travel as $GAUNTLET_ROOT/…, found there under the agent's own. */
function portable(value: string): string {
  return value.split(projectRoot).join(ROOT_TOKEN);
}

export class RemoteHost implements Host {
  readonly name: string;
  facts?: MachineFacts;
  private idlePolling?: AgentHello['idlePolling'];
  private ssh?: GroupProcess;
  private address = '';
  private nextId = 1;
  private nextMeter = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly exits = new Map<number, (exit: Exit, output: string) => void>();
  private readonly lostListeners: Array<(error: Error) => void> = [];
  private closing = false;
  private lostError?: Error;

  constructor(private readonly options: ServerHostOptions) {
    this.name = options.destination;
  }

  /** Starts ssh and the agent and checks that both sides run one gauntlet version. */
  async connect(): Promise<void> {
    const [command, ...own] = sshCommand();
    const remote = `${this.options.gauntletCommand ?? defaultGauntletCommand()} agent`;
    // -T: no terminal; BatchMode: fail rather than prompt for a password or a host key
    const args = [...own, '-T', '-o', 'BatchMode=yes', ...sshArgs(this.options.destination), remote];
    const ssh = startGroup({ command, args, talk: true, tailLines: 20 });
    this.ssh = ssh;
    const lines = createInterface({ input: ssh.child.stdout! });
    lines.on('line', (line) => this.receive(line));
    void ssh.exited.then((how) => this.connectionClosed(how));
    const hello = (await Promise.race([
      this.ask({ op: 'hello', version: gauntletVersion(), idlePolling: this.options.idlePolling ?? true }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${HELLO_TIMEOUT_MS / 1000} s`)), HELLO_TIMEOUT_MS).unref(),
      ),
    ]).catch(async (error: Error) => {
      await ssh.stop(500);
      throw new UserError(
        'GAUNTLET_SERVER_HOST_UNREACHABLE',
        `could not start gauntlet agent on ${this.name}: ${error.message}${this.lastWords()}`,
        `check that \`${[command, ...own, ...sshArgs(this.options.destination)].join(' ')} true\` works without a prompt, and that \`${remote}\` runs there`,
      );
    })) as AgentHello;
    if (hello.version !== gauntletVersion()) {
      await this.close();
      throw new UserError(
        'GAUNTLET_SERVER_HOST_VERSION',
        `${this.name} runs gauntlet ${hello.version}, this host ${gauntletVersion()}`,
        'install the same gauntlet version on both hosts',
      );
    }
    this.address = hello.address;
    this.facts = hello.facts;
    this.idlePolling = hello.idlePolling;
  }

  private lastWords(): string {
    const text = this.ssh?.output.text();
    return text ? `\n--- last output of ssh and the agent ---\n${text}` : '';
  }

  private receive(line: string): void {
    let message: AgentReply;
    try {
      message = replySchema.parse(JSON.parse(line));
    } catch {
      return; // not ours: a login banner or a stray line
    }
    if ('event' in message) {
      this.exits.get(message.pid)?.(
        { code: message.code, signal: message.signal as NodeJS.Signals | null },
        message.output,
      );
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(this.errorOf(message.error));
  }

  /** An error the agent reported: a UserError of the catalogue as the same error, naming the host; else a start's failure. */
  private errorOf(error: {
    message: string;
    code?: string;
    hint?: string;
    lastOutput?: string;
    exitCode?: number | null;
  }): Error {
    const relayed = error.code && UserError.relayed(error.code, `on ${this.name}: ${error.message}`, error.hint);
    return relayed || new TargetStartError(error.message, error.lastOutput ?? '', error.exitCode);
  }

  private connectionClosed(how: Exit): void {
    const error =
      this.lostError ??
      new UserError(
        'GAUNTLET_SERVER_HOST_LOST',
        `the SSH connection to ${this.name} closed (ssh ${how.signal ?? `exit code ${how.code}`})${this.lastWords()}`,
        'the finished trials are kept; check the connection (ServerAliveInterval in ssh_config) and run again',
      );
    this.lostError = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    // the agent stopped everything it started: every remote target is gone
    for (const exited of this.exits.values()) exited({ code: null, signal: null }, error.message);
    this.exits.clear();
    if (!this.closing) for (const listener of this.lostListeners) listener(error);
  }

  private ask(request: AgentAsk): Promise<unknown> {
    if (this.lostError) return Promise.reject(this.lostError);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ssh?.child.stdin?.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  }

  /** The targets take the server host's cores (those its agent may use); the load generator every core here. */
  planCores(local: number[], haveTaskset: boolean, wantPinning: boolean): CoreSets {
    const server = `targets on ${this.name}, cores ${this.facts?.allowedCores.join(',') ?? '?'}`;
    if (!wantPinning || !haveTaskset)
      return { pinned: false, note: `${server}; load generator and gauntlet on any core here` };
    const engine = local.join(',');
    return { pinned: true, engine, note: `${server}; load generator and gauntlet on core ${engine} here` };
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
    this.lostListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    const ssh = this.ssh;
    if (!ssh || ssh.hasExited()) return;
    ssh.child.stdin?.end(); // the agent stops its targets and exits; ssh follows
    const gone = await Promise.race([
      ssh.exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
    ]);
    if (!gone) await ssh.stop(1000);
  }
}

/** Connects to a server host's agent (the error says what went wrong when it cannot). */
export async function connectServerHost(options: ServerHostOptions): Promise<RemoteHost> {
  const host = new RemoteHost(options);
  await host.connect();
  return host;
}
