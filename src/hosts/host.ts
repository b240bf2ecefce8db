/**
 * Where a run's targets run: the machine gauntlet runs on (local-host.ts), or a server host
 * reached over SSH, where `gauntlet agent` does the same work (remote-host.ts). measure/ asks a
 * host to start a target, to meter its group over a window and to wait until it is idle, and
 * never asks which kind of host it is.
 */
import type { LoadProtocol } from '../engines/engine.js';
import type { GroupUsage } from '../proc/group-sampler.js';
import type { CoreSets } from '../proc/pinning.js';
import type { Environment } from '../model/schema.js';
import type { Settled } from '../proc/settle.js';

/** A server host as the result records it: its machine, its idle polling and the link to it. */
export type ServerHostRecord = NonNullable<Environment['serverHost']>;

/** What to run for a target: built on the load host, run on the server host. */
export interface Launch {
  /** For messages: the target's name. */
  label: string;
  command: string;
  args: string[];
  /** The app's own environment, on top of the host's (the host adds its address, port and protocol). */
  env: Record<string, string>;
  /** What the app serves: HTTP/1.1, h2c, or HTTP/2 over TLS with a certificate the host makes. */
  protocol: LoadProtocol;
  readyTimeoutMs: number;
  /** taskset list; undefined: the host's own choice (a server host pins to the cores its agent may use). */
  cores?: string;
}

/** A process group started on a host: what measure/ needs of it, wherever it runs. */
export interface HostProcess {
  /** The group's leader (its process group id) on its host. */
  pid: number;
  /** The last lines it printed (a remote one's arrive with its exit). */
  output: { text(): string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  hasExited(): boolean;
  /** SIGTERM the group, SIGKILL after graceMs; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartedTarget {
  process: HostProcess;
  /** The address the load is sent to (127.0.0.1 on the local host). */
  address: string;
  port: number;
}

/** What a group did over a window, read on its own host by that host's clock. */
export type WindowUsage = GroupUsage;

/** Meters one process group over a window: `begin` marks the start at once (it returns nothing to wait for). */
export interface WindowMeter {
  begin(): void;
  end(): Promise<WindowUsage>;
}

/** The network between the load host and a server host, measured once at the start of a run (link-probe.ts). */
export type LinkFigures = NonNullable<ServerHostRecord['link']>;

/** An `ab` version of a target to install on a server host as it was here (ab/install-variant.ts). */
export interface VariantInstall {
  /** The target whose framework is swapped. */
  target: string;
  /** What npm installs: `fastify@5.11.0`, or `fastify@file:/abs/path` (that path must exist there too). */
  spec: string;
  label: string;
  /** Folders of targets kept outside gauntlet (--target-dir), where the target may be. */
  targetDirs: string[];
}

export interface Host {
  /** How results and messages name it: `this machine`, or the SSH destination. */
  name: string;
  /** The run's core plan, given the cores this machine lets gauntlet use (proc/pinning.ts). */
  planCores(local: number[], haveTaskset: boolean, wantPinning: boolean, services: string[]): CoreSets;
  start(launch: Launch): Promise<StartedTarget>;
  /** `series`: sample CPU % and RSS through the window (a trial's); without, only its two ends (a warm-up block's). */
  meter(pid: number, options: { series: boolean }): WindowMeter;
  /** Waits until these groups together are idle (proc/settle.ts), at most maxMs. */
  waitUntilIdle(pids: number[], signal?: AbortSignal, maxMs?: number): Promise<Settled>;
  /** A server host: what it is and the link to it (measured now), for the result. */
  describe?(): Promise<ServerHostRecord>;
  /** A server host: install an `ab` version there, as `ab` did here (this machine has it already). */
  install?(variant: VariantInstall): Promise<void>;
  /** Called once if the host is lost mid-run (its SSH connection closed): the run stops with what it has. */
  onLost(listener: (error: Error) => void): void;
  /** Stops everything it started; a server host's agent exits. */
  close(): Promise<void>;
}

/** A target that exited or never answered: its message quotes its last output. */
export class TargetStartError extends Error {
  constructor(
    message: string,
    readonly lastOutput: string,
    readonly exitCode?: number | null,
  ) {
    super(message);
  }
}
