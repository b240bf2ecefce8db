/**
 * The store behind the saas suite's handlers: who a token or a session belongs to, and the
 * projects. Every target calls it the same way, so the database variant changes only this:
 *   GAUNTLET_STORE unset or "memory"  in-process maps (the raw HTTP lifecycle)
 *   GAUNTLET_STORE="delay:1"          the same, with every call taking 1 ms (a simulated Redis)
 *   GAUNTLET_STORE="redis://host:port" a real Redis, seeded by gauntlet (see REDIS_KEYS)
 * Calls are async in every mode, as a real store's are. The 1 ms delay is the simulated Redis of
 * the Moost vs NestJS benchmark (https://github.com/prostojs/router-benchmark).
 */
import { PASSWORD, SESSION, TOKEN, USER } from '../../suites/saas/contract.js';

export interface User {
  id: string;
  name: string;
  email: string;
}

export interface SaasStore {
  userForToken(token: string | undefined): Promise<User | undefined>;
  userForSession(session: string | undefined): Promise<User | undefined>;
  /** The session id for valid credentials. */
  login(email: unknown, password: unknown): Promise<string | undefined>;
  projectName(projectId: string): Promise<string>;
}

function memoryStore(): SaasStore {
  const tokens = new Map([[TOKEN, { ...USER }]]);
  const sessions = new Map([[SESSION, { ...USER }]]);
  return {
    userForToken: async (token) => (token ? tokens.get(token) : undefined),
    userForSession: async (session) => (session ? sessions.get(session) : undefined),
    login: async (email, password) => (email === USER.email && password === PASSWORD ? SESSION : undefined),
    projectName: async (projectId) => `Project ${projectId}`,
  };
}

function delayed(store: SaasStore, ms: number): SaasStore {
  const wait = () => new Promise<void>((resolve) => setTimeout(resolve, ms));
  return {
    userForToken: async (token) => {
      await wait();
      return store.userForToken(token);
    },
    userForSession: async (session) => {
      await wait();
      return store.userForSession(session);
    },
    login: async (email, password) => {
      await wait();
      return store.login(email, password);
    },
    projectName: async (projectId) => {
      await wait();
      return store.projectName(projectId);
    },
  };
}

/** The keys a Redis store reads; gauntlet writes them before the run (src/stores/redis-server.ts). */
export const REDIS_KEYS = {
  token: (token: string) => `token:${token}`,
  session: (session: string) => `session:${session}`,
  login: (email: string) => `login:${email}`,
  project: (projectId: string) => `project:${projectId}:name`,
};

/** ioredis is loaded only by apps told to use Redis, so the other modes carry none of it. */
function redisStore(url: string): SaasStore {
  const connected = import('ioredis').then(
    ({ Redis }) => new Redis(url, { enableAutoPipelining: true, maxRetriesPerRequest: 1 }),
  );
  const user = (json: string | null): User | undefined => (json ? (JSON.parse(json) as User) : undefined);
  return {
    userForToken: async (token) => (token ? user(await (await connected).get(REDIS_KEYS.token(token))) : undefined),
    userForSession: async (session) =>
      session ? user(await (await connected).get(REDIS_KEYS.session(session))) : undefined,
    login: async (email, password) => {
      if (typeof email !== 'string') return undefined;
      const record = await (await connected).hgetall(REDIS_KEYS.login(email));
      return record.password === password ? record.session : undefined;
    },
    projectName: async (projectId) =>
      (await (await connected).get(REDIS_KEYS.project(projectId))) ?? `Project ${projectId}`,
  };
}

export function storeFromEnv(spec = process.env.GAUNTLET_STORE ?? 'memory'): SaasStore {
  if (spec === 'memory') return memoryStore();
  const delay = /^delay:(\d+(?:\.\d+)?)$/.exec(spec);
  if (delay) return delayed(memoryStore(), Number(delay[1]));
  if (spec.startsWith('redis://')) return redisStore(spec);
  throw new Error(`GAUNTLET_STORE="${spec}" is not a store this app knows (memory, delay:<ms>, redis://host:port)`);
}

/** Bearer token from an Authorization header value. */
export function bearerToken(header: string | undefined): string | undefined {
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}
