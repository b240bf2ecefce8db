/**
 * `--load-hosts a,b,…`: the k6 load split over several hosts (hosts/load-hosts.ts). What k6
 * cannot split is refused before anything connects; the hosts are connected before the first
 * target starts and closed after the last, also when the run fails.
 */
import { UserError } from '../core/errors.js';
import type { Host } from '../hosts/host.js';
import { LoadHosts } from '../hosts/load-hosts.js';
import { type ServerHostOptions, serverHostOf, withHost } from './server-host.js';
import { scenarioProtocol } from '../suites/protocol.js';
import type { Scenario } from '../suites/types.js';

export interface LoadHostsOptions {
  /** ssh destinations (default: GAUNTLET_LOAD_HOSTS, comma-separated; unset: the load comes from here). */
  loadHosts?: string[];
  /** The command that runs gauntlet on those hosts (default: this node and gauntlet, at the same paths). */
  serverGauntlet?: string;
}

/** The load hosts asked for, by option or GAUNTLET_LOAD_HOSTS; undefined: the load comes from here. */
export function loadHostsOf(options: LoadHostsOptions): string[] | undefined {
  const named = options.loadHosts ?? process.env.GAUNTLET_LOAD_HOSTS?.split(',');
  const hosts = named?.map((host) => host.trim()).filter((host) => host !== '');
  return hosts && hosts.length > 0 ? hosts : undefined;
}

/** Refuses what k6 cannot split over the load hosts, before anything connects or starts. */
export function refuseOnLoadHosts(
  options: LoadHostsOptions,
  run: {
    suite: string;
    scenarios: Scenario[];
    engine?: string;
    turns?: boolean;
    cost?: string;
    connections?: number;
    bench?: boolean;
  },
): void {
  const hosts = loadHostsOf(options);
  if (!hosts) return;
  const http2 = run.scenarios.find((scenario) => scenarioProtocol(scenario) !== 'http1');
  const twice = hosts.find((host, i) => hosts.indexOf(host) !== i);
  const why = run.bench
    ? `the ${run.suite} suite measures in-process, with no load to split`
    : run.engine !== undefined && run.engine !== 'auto' && run.engine !== 'k6'
      ? `--engine ${run.engine}: only k6 splits a load over hosts`
      : http2
        ? `k6 sends HTTP/1.1 only, and scenario ${http2.name} speaks ${scenarioProtocol(http2)}`
        : run.turns
          ? '--turns runs two loads at once from this host'
          : run.cost === 'instructions'
            ? '--cost instructions counts under Valgrind with a load from this machine'
            : twice
              ? `${twice} is named twice: each host runs one share`
              : run.connections !== undefined && run.connections < hosts.length
                ? `${run.connections} connection(s) cannot be split over ${hosts.length} hosts`
                : undefined;
  if (why)
    throw new UserError(
      'GAUNTLET_LOAD_HOSTS_UNSUITED',
      `--load-hosts ${hosts.join(',')} cannot run this: ${why}`,
      'use --engine k6 (or auto) on an HTTP/1.1 suite (hello, saas, fanout) with at least one connection per load host, or drop --load-hosts',
    );
}

/**
 * The run's load hosts, not yet connected (their engine can be planned with), and the load
 * options as the run plans with them: every load on k6 (one request in flight per connection).
 */
export function loadHostsPlan<T extends LoadHostsOptions & { engine?: string }>(
  options: T,
): { loadHosts?: LoadHosts; loadOptions: T } {
  const destinations = loadHostsOf(options);
  if (!destinations) return { loadOptions: options };
  return {
    loadHosts: new LoadHosts({ destinations, gauntletCommand: options.serverGauntlet }),
    loadOptions: { ...options, engine: 'k6' },
  };
}

/**
 * Runs `body` with the load hosts connected, on the host the targets run on (withHost), and
 * closes both after it whatever happens. Targets on this machine then listen where the load
 * hosts reach it.
 */
export async function withRunHosts<T>(
  options: ServerHostOptions & { idlePolling?: boolean },
  loadHosts: LoadHosts | undefined,
  body: (host: Host) => Promise<T>,
): Promise<T> {
  if (!loadHosts) return withHost(options, body);
  await loadHosts.connect();
  try {
    return await withHost(options, body, serverHostOf(options) ? undefined : localTargetAddress(loadHosts));
  } finally {
    await loadHosts.close();
  }
}

/** Where targets on this machine listen so that every load host reaches them: the address each sees this machine at. */
export function localTargetAddress(loadHosts: LoadHosts): string {
  const address = loadHosts.commonClientAddress();
  if (!address)
    throw new UserError(
      'GAUNTLET_LOAD_HOSTS_UNSUITED',
      `the load hosts ${loadHosts.names.join(', ')} reach this machine at different addresses, so no one address serves them all`,
      'run the targets on a --server-host every load host reaches at one address, or give load hosts on one network',
    );
  return address;
}
