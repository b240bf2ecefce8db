/**
 * A `gauntlet agent` on another host, reached with the user's own ssh (their keys, known_hosts
 * and ssh_config): requests go one JSON line at a time over the session's stdin, replies and
 * events come back on its stdout. The ssh client runs in its own process group like every
 * child: when gauntlet exits, or the connection drops, the agent's stdin closes and it stops
 * what it started. A server host (remote-host.ts) and a load host (load-hosts.ts) each hold one.
 */
import { createInterface } from 'node:readline';
import { UserError } from '../core/errors.js';
import { projectRoot } from '../core/paths.js';
import { EngineFailure } from '../engines/engine-failure.js';
import { gauntletVersion } from '../results/environment.js';
import { type AgentAsk, type AgentEvent, type AgentHello, type AgentReply, replySchema } from './agent-messages.js';
import { TargetStartError } from './host.js';
import { type AgentChannel, type ChannelExit, inProcessChannel, sshChannel } from './agent-channel.js';

/** How long ssh and the agent may take to say hello. */
const HELLO_TIMEOUT_MS = 30_000;

/** What the host is to the run: it names the host in messages and picks the error codes. */
export type AgentRole = 'server host' | 'load host';

/** The option that named the host, for messages. */
const OPTION: Record<AgentRole, string> = { 'server host': '--server-host', 'load host': '--load-hosts' };

/** The coded error of a host that could not be reached, runs another version, or was lost: the role picks the code. */
function hostError(
  role: AgentRole,
  what: 'unreachable' | 'version' | 'lost',
  message: string,
  hint: string,
): UserError {
  const server = role === 'server host';
  switch (what) {
    case 'unreachable':
      return server
        ? new UserError('GAUNTLET_SERVER_HOST_UNREACHABLE', message, hint)
        : new UserError('GAUNTLET_LOAD_HOST_UNREACHABLE', message, hint);
    case 'version':
      return server
        ? new UserError('GAUNTLET_SERVER_HOST_VERSION', message, hint)
        : new UserError('GAUNTLET_LOAD_HOST_VERSION', message, hint);
    case 'lost':
      return server
        ? new UserError('GAUNTLET_SERVER_HOST_LOST', message, hint)
        : new UserError('GAUNTLET_LOAD_HOST_LOST', message, hint);
  }
}

export interface AgentConnectionOptions {
  /** `user@host[:port]`, or an alias of the user's ssh_config. */
  destination: string;
  role: AgentRole;
  /** The command that runs gauntlet there (`agent` is appended); default: this node and this gauntlet, at the same paths. */
  gauntletCommand?: string;
  /** Let that host's idle cores poll for the run where they halt at once (absent: leave them). */
  idlePolling?: boolean;
}

/** The load host that is this machine: its share runs here, without SSH. */
export const LOCAL_HOST = 'local';

/** ssh's arguments for a destination `user@host[:port]` (`[v6]:port` too). */
export function sshArgs(destination: string, option = '--server-host'): string[] {
  const match = /^(?<dest>(?:[^@\s]+@)?(?:\[[^\]]+\]|[^:\s]+))(?::(?<port>\d+))?$/.exec(destination);
  if (!match?.groups)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `${option} "${destination}" is not user@host[:port]`,
      'give the host as ssh would take it: user@host, user@host:2222 or an alias from ~/.ssh/config',
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

/** What runs gauntlet on the other host by default: the same node and gauntlet, at the same paths. */
export function defaultGauntletCommand(): string {
  return `${quote(process.execPath)} ${quote(`${projectRoot}/dist/src/cli/main.js`)}`;
}

export class AgentConnection {
  readonly name: string;
  hello?: AgentHello;
  private channel?: AgentChannel;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly eventListeners: Array<(event: AgentEvent) => void> = [];
  private readonly lostListeners: Array<(error: Error) => void> = [];
  private readonly closedListeners: Array<(error: Error) => void> = [];
  private closing = false;
  private lostError?: Error;

  constructor(private readonly options: AgentConnectionOptions) {
    this.name = options.destination;
  }

  /** Starts ssh and the agent (in process for `local`) and checks that both sides run one gauntlet version. */
  async connect(): Promise<AgentHello> {
    const [command, ...own] = sshCommand();
    const remote = `${this.options.gauntletCommand ?? defaultGauntletCommand()} agent`;
    const local = this.options.role === 'load host' && this.options.destination === LOCAL_HOST;
    const destination = local ? [] : sshArgs(this.options.destination, OPTION[this.options.role]);
    // -T: no terminal; BatchMode: fail rather than prompt for a password or a host key
    const channel = local
      ? inProcessChannel()
      : sshChannel(command, [...own, '-T', '-o', 'BatchMode=yes', ...destination, remote]);
    this.channel = channel;
    const lines = createInterface({ input: channel.output });
    lines.on('line', (line) => this.receive(line));
    void channel.exited.then((how) => this.connectionClosed(how));
    const hello = (await Promise.race([
      this.ask({
        op: 'hello',
        version: gauntletVersion(),
        ...(this.options.idlePolling !== undefined && { idlePolling: this.options.idlePolling }),
      }),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`no answer within ${HELLO_TIMEOUT_MS / 1000} s`)), HELLO_TIMEOUT_MS).unref(),
      ),
    ]).catch(async (error: Error) => {
      await channel.stop(500);
      throw hostError(
        this.options.role,
        'unreachable',
        `could not start gauntlet agent on ${this.options.role} ${this.name}: ${error.message}${this.lastWords()}`,
        `check that \`${[command, ...own, ...destination].join(' ')} true\` works without a prompt, and that \`${remote}\` runs there`,
      );
    })) as AgentHello;
    if (hello.version !== gauntletVersion()) {
      await this.close();
      throw hostError(
        this.options.role,
        'version',
        `${this.options.role} ${this.name} runs gauntlet ${hello.version}, this host ${gauntletVersion()}`,
        'install the same gauntlet version on every host',
      );
    }
    this.hello = hello;
    return hello;
  }

  private lastWords(): string {
    const text = this.channel?.lastOutput();
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
      for (const listener of this.eventListeners) listener(message);
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
    engineFailure?: { engine: string; exit?: { code: number | null; signal: string | null }; stderr: string };
  }): Error {
    const failed = error.engineFailure;
    if (failed)
      return new EngineFailure(`on ${this.name}: ${error.message}`, failed.engine, failed.exit, failed.stderr);
    const relayed = error.code && UserError.relayed(error.code, `on ${this.name}: ${error.message}`, error.hint);
    return relayed || new TargetStartError(error.message, error.lastOutput ?? '', error.exitCode);
  }

  private connectionClosed(how: ChannelExit): void {
    const error =
      this.lostError ??
      hostError(
        this.options.role,
        'lost',
        `the SSH connection to ${this.options.role} ${this.name} closed (ssh ${how.signal ?? `exit code ${how.code}`})${this.lastWords()}`,
        'the finished trials are kept; check the connection (ServerAliveInterval in ssh_config) and run again',
      );
    this.lostError = error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    for (const listener of this.closedListeners) listener(error);
    if (!this.closing) for (const listener of this.lostListeners) listener(error);
  }

  /** Sends a request; its promise settles with the agent's reply (rejected when the connection is lost). */
  ask(request: AgentAsk): Promise<unknown> {
    if (this.lostError) return Promise.reject(this.lostError);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.channel?.input.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  }

  /** Events the agent sends unasked (a target's exit, a k6 run's progress). */
  onEvent(listener: (event: AgentEvent) => void): () => void {
    this.eventListeners.push(listener);
    return () => {
      const index = this.eventListeners.indexOf(listener);
      if (index !== -1) this.eventListeners.splice(index, 1);
    };
  }

  /** Told once when the connection drops before close(). */
  onLost(listener: (error: Error) => void): void {
    this.lostListeners.push(listener);
  }

  /** Told once when the session ends, closed or lost: the agent has stopped everything it started. */
  onClosed(listener: (error: Error) => void): void {
    this.closedListeners.push(listener);
  }

  /** The error of a lost connection (undefined while it holds). */
  get lost(): Error | undefined {
    return this.lostError;
  }

  async close(): Promise<void> {
    this.closing = true;
    const channel = this.channel;
    if (!channel || channel.hasExited()) return;
    channel.input.end(); // the agent stops what it started and exits; ssh follows
    const gone = await Promise.race([
      channel.exited.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000).unref()),
    ]);
    if (!gone) await channel.stop(1000);
  }
}
