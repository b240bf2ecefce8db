/**
 * Starts one target app on a host (this machine by default, or a server host over SSH) and waits
 * until it answers HTTP (or HTTP/2, h2c or over TLS, when asked: the host tells the app through
 * GAUNTLET_PROTOCOL and, for TLS, a throwaway certificate). A target that exits or never answers
 * gives an error quoting its output.
 */
import type { LoadProtocol } from '../engines/engine.js';
import { type Host, type HostProcess, TargetStartError } from '../hosts/host.js';
import { localHost, targetUrl } from '../hosts/local-host.js';
import type { Runtime } from '../runtimes/runtime.js';
import { appFile, type Target } from '../targets/registry.js';

export { TargetStartError };

export interface RunningTarget {
  target: Target;
  baseUrl: string;
  port: number;
  /** What it serves: HTTP/1.1, h2c or HTTP/2 over TLS (https baseUrl). */
  protocol: LoadProtocol;
  process: HostProcess;
  /** Where it runs: its meters and idle waits are that host's. */
  host: Host;
}

export interface StartTargetOptions {
  target: Target;
  suite: string;
  /** The run's runtime, for a target that carries none of its own. */
  runtime: Runtime;
  cores?: string;
  readyTimeoutMs: number;
  /** Default HTTP/1.1. */
  protocol?: LoadProtocol;
  /** V8 flags for the app's runtime (a run's kept-up targets: KEPT_UP_V8_FLAGS); ignored by bun. */
  v8Flags?: string[];
  /** Default: this machine. */
  host?: Host;
}

export async function startTarget(options: StartTargetOptions): Promise<RunningTarget> {
  const { target, suite } = options;
  const host = options.host ?? localHost;
  const runtime = target.runtime ?? options.runtime; // a runtime variant brings its own
  const app = appFile(target, suite);
  if (!app) throw new TargetStartError(`${target.name} has no app for the ${suite} suite`, '');
  const protocol = options.protocol ?? 'http1';
  const run = runtime.command(app, options.v8Flags);
  const started = await host.start({
    label: target.name,
    command: run.command,
    args: run.args,
    env: { ...runtime.env, ...target.env, NODE_ENV: 'production' },
    protocol,
    readyTimeoutMs: options.readyTimeoutMs,
    cores: options.cores,
  });
  return {
    target,
    baseUrl: targetUrl(protocol, started.address, started.port),
    port: started.port,
    protocol,
    process: started.process,
    host,
  };
}
