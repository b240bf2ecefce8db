/**
 * The machine gauntlet runs on as a host: targets in process groups of their own on a free port
 * of `address` (loopback unless an agent serves another), metered from /proc. A server host's
 * agent is one of these behind SSH (agent.ts).
 */
import { runCertificate } from '../http/tls-cert.js';
import { waitUntilAnswering } from '../http/http-probe.js';
import type { LoadProtocol } from '../engines/engine.js';
import { freePort } from '../proc/free-port.js';
import { GroupSampler } from '../proc/group-sampler.js';
import { type CoreSets, pinnedCommand, planCores } from '../proc/pinning.js';
import { startGroup } from '../proc/process-group.js';
import { waitUntilIdle } from '../proc/settle.js';
import { type Host, type Launch, type StartedTarget, TargetStartError, type WindowMeter } from './host.js';

export const LOOPBACK = '127.0.0.1';

/** The environment that tells an HTTP/2 app what to serve (none for HTTP/1.1). */
async function protocolEnv(protocol: LoadProtocol): Promise<Record<string, string>> {
  if (protocol === 'http1') return {};
  if (protocol === 'h2c') return { GAUNTLET_PROTOCOL: 'h2c' };
  const tls = await runCertificate();
  return { GAUNTLET_PROTOCOL: 'h2', GAUNTLET_TLS_CERT: tls.certFile, GAUNTLET_TLS_KEY: tls.keyFile };
}

/** The URL a target started with `launch` answers on. */
export function targetUrl(protocol: LoadProtocol, address: string, port: number): string {
  return `${protocol === 'h2' ? 'https' : 'http'}://${address}:${port}`;
}

export class LocalHost implements Host {
  readonly name: string;

  constructor(
    readonly address = LOOPBACK,
    name = 'this machine',
  ) {
    this.name = name;
  }

  planCores(local: number[], haveTaskset: boolean, wantPinning: boolean, services: string[]): CoreSets {
    return planCores(local, haveTaskset, wantPinning, services);
  }

  async start(launch: Launch): Promise<StartedTarget> {
    const port = await freePort(this.address);
    const { command, args } = pinnedCommand(launch.cores, launch.command, launch.args);
    const proc = startGroup({
      command,
      args,
      env: {
        ...process.env,
        ...launch.env,
        GAUNTLET_HOST: this.address,
        GAUNTLET_PORT: String(port),
        ...(await protocolEnv(launch.protocol)),
      },
    });
    let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
    void proc.exited.then((how) => (exit = how));
    try {
      await waitUntilAnswering(
        targetUrl(launch.protocol, this.address, port),
        launch.readyTimeoutMs,
        () => (exit ? `exited with ${exit.signal ?? `code ${exit.code}`} before answering` : undefined),
        launch.protocol,
      );
    } catch (error) {
      await proc.stop(500);
      const output = proc.output.text();
      throw new TargetStartError(
        `${launch.label} did not start: ${(error as Error).message}${output ? `\n--- last output of ${launch.label} ---\n${output}` : ' (it printed nothing)'}`,
        output,
        exit?.code,
      );
    }
    return { process: proc, address: this.address, port };
  }

  meter(pid: number, options: { series: boolean }): WindowMeter {
    const sampler = new GroupSampler(pid, options.series ? undefined : 0);
    return {
      begin: () => sampler.start(),
      end: async () => sampler.stop(),
    };
  }

  waitUntilIdle(pids: number[], signal?: AbortSignal, maxMs?: number) {
    return waitUntilIdle(pids, signal, maxMs);
  }

  onLost(): void {
    // this machine is not lost while gauntlet runs on it
  }

  async close(): Promise<void> {
    // targets are stopped by their owners; process-group.ts kills what is left on exit
  }
}

/** The host every run uses unless it names a server host. */
export const localHost = new LocalHost();
