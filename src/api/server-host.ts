/**
 * `--server-host`: where a run's targets run. Without it, this machine; with it, another host
 * reached over SSH (hosts/remote-host.ts), connected before the first target starts and closed
 * after the last, also when the run fails.
 */
import { UserError } from '../core/errors.js';
import type { Host } from '../hosts/host.js';
import { LocalHost, localHost } from '../hosts/local-host.js';
import { connectServerHost } from '../hosts/remote-host.js';
import type { ServiceName } from '../suites/types.js';

export interface ServerHostOptions {
  /** `user@host[:port]` or an ssh_config alias (default: GAUNTLET_SERVER_HOST; unset: this machine). */
  serverHost?: string;
  /** The command that runs gauntlet on the server host (default: this node and gauntlet, at the same paths). */
  serverGauntlet?: string;
}

/** The server host asked for, by option or GAUNTLET_SERVER_HOST; undefined: this machine. */
export function serverHostOf(options: ServerHostOptions): string | undefined {
  const named = options.serverHost ?? process.env.GAUNTLET_SERVER_HOST;
  return named === undefined || named.trim() === '' ? undefined : named.trim();
}

/**
 * Refuses what cannot run across two hosts yet, before anything starts: services beside the
 * targets, turns, counts under Valgrind, and a worker count taken from this host's cores.
 */
export function refuseOnServerHost(
  options: ServerHostOptions,
  run: { suite: string; services: ServiceName[]; turns?: boolean; cost?: string; workers?: number | string },
): void {
  const host = serverHostOf(options);
  if (!host) return;
  const otherSuite = 'drop --server-host, or run the hello, h2 or saas suite (memory store) without --turns';
  const [why, hint] =
    run.services.length > 0
      ? [`the ${run.suite} suite's targets need ${run.services.join(', ')} beside them`, otherSuite]
      : run.turns
        ? ['--turns stops and starts the targets on their core from this host', otherSuite]
        : run.cost === 'instructions'
          ? ['--cost instructions counts under Valgrind on this machine', otherSuite]
          : String(run.workers) === 'auto'
            ? [
                "--workers auto counts this host's cores, not the server host's",
                'give the server host its number of workers: --workers <n>',
              ]
            : [];
  if (why) throw new UserError('GAUNTLET_SERVER_HOST_UNSUITED', `--server-host ${host} cannot run this: ${why}`, hint);
}

/**
 * Runs `body` on the run's host, and closes a server host's connection after it whatever happens.
 * `localAddress`: where targets on this machine listen (load hosts reach them there; default loopback).
 */
export async function withHost<T>(
  options: ServerHostOptions & { idlePolling?: boolean },
  body: (host: Host) => Promise<T>,
  localAddress?: string,
): Promise<T> {
  const destination = serverHostOf(options);
  if (!destination) return body(localAddress ? new LocalHost(localAddress) : localHost);
  const host = await connectServerHost({
    destination,
    gauntletCommand: options.serverGauntlet,
    idlePolling: options.idlePolling,
  });
  try {
    return await body(host);
  } finally {
    await host.close();
  }
}
