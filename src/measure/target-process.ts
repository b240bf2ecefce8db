/**
 * Starts one target app in its own process group on a free loopback port and waits until
 * it answers HTTP (or HTTP/2, h2c or over TLS, when asked: the app reads GAUNTLET_PROTOCOL
 * and, for TLS, the run's throwaway certificate from GAUNTLET_TLS_CERT and GAUNTLET_TLS_KEY).
 * A target that exits or never answers gives an error quoting its output.
 */
import type { LoadProtocol } from '../engines/engine.js';
import type { Runtime } from '../runtimes/runtime.js';
import { appFile, type Target } from '../targets/registry.js';
import { freePort } from '../proc/free-port.js';
import { waitUntilAnswering } from '../http/http-probe.js';
import { pinnedCommand } from '../proc/pinning.js';
import { startGroup, type GroupProcess } from '../proc/process-group.js';
import { runCertificate } from '../http/tls-cert.js';

export const HOST = '127.0.0.1';

export interface RunningTarget {
  target: Target;
  baseUrl: string;
  port: number;
  /** What it serves: HTTP/1.1, h2c or HTTP/2 over TLS (https baseUrl). */
  protocol: LoadProtocol;
  process: GroupProcess;
}

export class TargetStartError extends Error {
  constructor(
    message: string,
    readonly lastOutput: string,
    readonly exitCode?: number | null,
  ) {
    super(message);
  }
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
}

/** The environment that tells an HTTP/2 app what to serve (none for HTTP/1.1). */
async function protocolEnv(protocol: LoadProtocol): Promise<Record<string, string>> {
  if (protocol === 'http1') return {};
  if (protocol === 'h2c') return { GAUNTLET_PROTOCOL: 'h2c' };
  const tls = await runCertificate();
  return { GAUNTLET_PROTOCOL: 'h2', GAUNTLET_TLS_CERT: tls.certFile, GAUNTLET_TLS_KEY: tls.keyFile };
}

export async function startTarget(options: StartTargetOptions): Promise<RunningTarget> {
  const { target, suite } = options;
  const runtime = target.runtime ?? options.runtime; // a runtime variant brings its own
  const app = appFile(target, suite);
  if (!app) throw new TargetStartError(`${target.name} has no app for the ${suite} suite`, '');
  const protocol = options.protocol ?? 'http1';
  const extraEnv = await protocolEnv(protocol);
  const port = await freePort(HOST);
  const run = runtime.command(app, options.v8Flags);
  const { command, args } = pinnedCommand(options.cores, run.command, run.args);
  const proc = startGroup({
    command,
    args,
    env: {
      ...process.env,
      ...runtime.env,
      ...target.env,
      NODE_ENV: 'production',
      GAUNTLET_HOST: HOST,
      GAUNTLET_PORT: String(port),
      ...extraEnv,
    },
  });
  const baseUrl = `${protocol === 'h2' ? 'https' : 'http'}://${HOST}:${port}`;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc.exited.then((how) => (exit = how));
  try {
    await waitUntilAnswering(
      baseUrl,
      options.readyTimeoutMs,
      () => (exit ? `exited with ${exit.signal ?? `code ${exit.code}`} before answering` : undefined),
      protocol,
    );
  } catch (error) {
    await proc.stop(500);
    const output = proc.output.text();
    throw new TargetStartError(
      `${target.name} did not start: ${(error as Error).message}${output ? `\n--- last output of ${target.name} ---\n${output}` : ' (it printed nothing)'}`,
      output,
      exit?.code,
    );
  }
  return { target, baseUrl, port, protocol, process: proc };
}
