/**
 * The pipe to an agent: the ssh client that started `gauntlet agent` on another host, or, for
 * the load host `local` (this machine's own share of a split load), an agent served in this
 * process. Either way lines go in and come out, and ending the input makes the agent stop
 * everything it started.
 */
import { PassThrough } from 'node:stream';
import { startGroup } from '../proc/process-group.js';
import { serveAgent } from './agent.js';

export interface ChannelExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AgentChannel {
  /** The agent's stdin. */
  input: NodeJS.WritableStream;
  /** The agent's stdout. */
  output: NodeJS.ReadableStream;
  exited: Promise<ChannelExit>;
  hasExited(): boolean;
  /** The last lines ssh and the agent wrote to stderr (empty in process). */
  lastOutput(): string;
  /** Stops it at once (ssh's process group). */
  stop(graceMs: number): Promise<void>;
}

/** `command args…`: the ssh client, in its own process group, the agent at its far end. */
export function sshChannel(command: string, args: string[]): AgentChannel {
  const ssh = startGroup({ command, args, talk: true, tailLines: 20 });
  return {
    input: ssh.child.stdin!,
    output: ssh.child.stdout!,
    exited: ssh.exited,
    hasExited: () => ssh.hasExited(),
    lastOutput: () => ssh.output.text(),
    stop: (graceMs) => ssh.stop(graceMs),
  };
}

/** An agent served by this process: its k6 runs as this machine's child, without SSH. */
export function inProcessChannel(): AgentChannel {
  const input = new PassThrough();
  const output = new PassThrough();
  let done = false;
  // no SSH_CONNECTION: the gauntlet driving the run may itself be in an SSH session
  const exited = serveAgent({ input, output, env: {} }).then(
    () => ({ code: 0, signal: null }),
    () => ({ code: 1, signal: null }),
  );
  void exited.then(() => {
    done = true;
    output.end();
  });
  return {
    input,
    output,
    exited,
    hasExited: () => done,
    lastOutput: () => '',
    stop: async () => {
      input.end();
      await exited;
    },
  };
}
