/**
 * Services: processes a run needs besides its targets (Redis behind the saas store and
 * Moleculer's Redis transporter; the fanout suite's upstream; nats-server and mosquitto for the
 * services suite). A suite declares which it needs for the options of a run (Suite.services); `run`, `verify` and `ab` start them through the API, each
 * in its own process group on a free loopback port, ready before the first target and stopped
 * after the last, also when the run fails or is interrupted.
 */
import { groupMembers, usageOf } from '../proc/proc-stat.js';
import { startRedis } from '../stores/redis-server.js';
import type { ServiceName } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import { startMosquitto } from './mosquitto.js';
import { startNats } from './nats-server.js';
import { type RunningUpstream, startUpstream, type UpstreamOptions } from './upstream/upstream.js';

export type { ServiceName };

export interface RunningService {
  name: ServiceName;
  /** Where targets reach it (redis://127.0.0.1:port, nats://…, mqtt://…). */
  url: string;
  /** Its process (the leader of its process group): pinned by the run's core plan; its group's CPU is the broker's CPU. */
  pid: number;
  /** What every target app is told about it (GAUNTLET_UPSTREAM_URL); stores pass theirs per variant instead. */
  targetEnv?: Record<string, string>;
  /** The upstream's handle: its secret, its count of calls, its process. */
  upstream?: RunningUpstream;
  stop(): Promise<void>;
}

/** How services are started: the upstream's answers. */
export interface ServiceOptions {
  upstream?: UpstreamOptions;
}

const starters: Record<ServiceName, (options: ServiceOptions) => Promise<RunningService>> = {
  redis: async () => {
    const redis = await startRedis();
    return { name: 'redis', url: redis.url, pid: redis.process.pid, stop: redis.stop };
  },
  nats: async () => {
    const nats = await startNats();
    return { name: 'nats', url: nats.url, pid: nats.process.pid, stop: nats.stop };
  },
  mqtt: async () => {
    const mqtt = await startMosquitto();
    return { name: 'mqtt', url: mqtt.url, pid: mqtt.process.pid, stop: mqtt.stop };
  },
  upstream: async (options) => {
    const upstream = await startUpstream(options.upstream);
    return {
      name: 'upstream',
      url: upstream.url,
      pid: upstream.process.pid,
      targetEnv: { GAUNTLET_UPSTREAM_URL: upstream.url },
      upstream,
      stop: upstream.stop,
    };
  },
};

export interface Services {
  /** The URL of a started service; undefined when the run did not need it. */
  url(name: ServiceName): string | undefined;
  /** The services that are running, in start order. */
  running(): Array<Pick<RunningService, 'name' | 'pid'>>;
  /** CPU seconds (user + system) the service's whole process group has used so far; undefined when it is not running. */
  cpuSeconds(name: ServiceName): number | undefined;
  /** The environment every target app gets from the started services. */
  targetEnv(): Record<string, string>;
  /** The upstream, when the suite needed it. */
  upstream(): RunningUpstream | undefined;
  stopAll(): Promise<void>;
}

/** CPU seconds of a process group, summed over its members (a broker may fork helpers). */
export function groupCpuSeconds(pgid: number): number {
  return usageOf(groupMembers(pgid)).cpuSeconds;
}

/** The services a suite declares for a run with these stores (verify and ab use the in-memory store, which needs none). */
export function suiteServices(
  suite: { services?(options: { stores: Array<{ kind: string }> }): ServiceName[] },
  stores: Array<{ kind: string }> = [{ kind: 'memory' }],
): ServiceName[] {
  return suite.services?.({ stores }) ?? [];
}

/** Starts each named service once; if one fails, the ones already started are stopped before the error goes on. */
export async function startServices(names: ServiceName[], options: ServiceOptions = {}): Promise<Services> {
  const running: RunningService[] = [];
  const stopAll = async () => {
    await Promise.all(running.splice(0).map((service) => service.stop()));
  };
  try {
    for (const name of new Set(names)) running.push(await starters[name](options));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const find = (name: ServiceName) => running.find((s) => s.name === name);
  return {
    url: (name) => find(name)?.url,
    running: () => running.map(({ name, pid }) => ({ name, pid })),
    cpuSeconds: (name) => {
      const service = find(name);
      return service ? groupCpuSeconds(service.pid) : undefined;
    },
    targetEnv: () => Object.assign({}, ...running.map((s) => s.targetEnv ?? {})),
    upstream: () => running.find((s) => s.upstream)?.upstream,
    stopAll,
  };
}

/** The targets with the started services' environment added (where the upstream is). */
export function withServiceEnv(targets: Target[], services: Services): Target[] {
  const env = services.targetEnv();
  if (Object.keys(env).length === 0) return targets;
  return targets.map((target) => ({ ...target, env: { ...target.env, ...env } }));
}

/** How the options of run, verify and ab start services. */
export function serviceOptions(options: { upstreamLatencyMs?: number; upstreamPayloadBytes?: number }): ServiceOptions {
  return { upstream: { latencyMs: options.upstreamLatencyMs, payloadBytes: options.upstreamPayloadBytes } };
}

/** Runs `body` with the services started, and stops them whatever happens. */
export async function withServices<T>(
  names: ServiceName[],
  body: (services: Services) => Promise<T>,
  options: ServiceOptions = {},
): Promise<T> {
  const services = await startServices(names, options);
  try {
    return await body(services);
  } finally {
    await services.stopAll();
  }
}
