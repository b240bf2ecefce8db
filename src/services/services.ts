/**
 * Services: processes a run needs besides its targets (Redis behind the saas store today; an
 * upstream, NATS and MQTT for the suites to come). A suite declares which it needs for the
 * options of a run (Suite.services); `run`, `verify` and `ab` start them through the API, each
 * in its own process group on a free loopback port, ready before the first target and stopped
 * after the last, also when the run fails or is interrupted.
 */
import { startRedis } from '../stores/redis-server.js';
import type { ServiceName } from '../suites/types.js';

export type { ServiceName };

export interface RunningService {
  name: ServiceName;
  /** Where targets reach it (redis://127.0.0.1:port). */
  url: string;
  /** Its process (the leader of its process group), pinned by the run's core plan. */
  pid: number;
  stop(): Promise<void>;
}

const starters: Record<ServiceName, () => Promise<RunningService>> = {
  redis: async () => {
    const redis = await startRedis();
    return { name: 'redis', url: redis.url, pid: redis.process.pid, stop: redis.stop };
  },
};

export interface Services {
  /** The URL of a started service; undefined when the run did not need it. */
  url(name: ServiceName): string | undefined;
  /** The services that are running, in start order. */
  running(): Array<Pick<RunningService, 'name' | 'pid'>>;
  stopAll(): Promise<void>;
}

/** The services a suite declares for a run with these stores (verify and ab use the in-memory store, which needs none). */
export function suiteServices(
  suite: { services?(options: { stores: Array<{ kind: string }> }): ServiceName[] },
  stores: Array<{ kind: string }> = [{ kind: 'memory' }],
): ServiceName[] {
  return suite.services?.({ stores }) ?? [];
}

/** Starts each named service once; if one fails, the ones already started are stopped before the error goes on. */
export async function startServices(names: ServiceName[]): Promise<Services> {
  const running: RunningService[] = [];
  const stopAll = async () => {
    await Promise.all(running.splice(0).map((service) => service.stop()));
  };
  try {
    for (const name of new Set(names)) running.push(await starters[name]());
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    url: (name) => running.find((s) => s.name === name)?.url,
    running: () => running.map(({ name, pid }) => ({ name, pid })),
    stopAll,
  };
}

/** Runs `body` with the services started, and stops them whatever happens. */
export async function withServices<T>(names: ServiceName[], body: (services: Services) => Promise<T>): Promise<T> {
  const services = await startServices(names);
  try {
    return await body(services);
  } finally {
    await services.stopAll();
  }
}
