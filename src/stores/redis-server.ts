/**
 * A real Redis for the saas database variant: redis-server started by gauntlet on a free
 * loopback port, in its own process group, with nothing saved to disk; seeded with the
 * tokens, sessions and login the saas apps read; stopped with the run.
 */
import { UserError } from '../core/errors.js';
import { freePort } from '../proc/free-port.js';
import { startGroup, type GroupProcess } from '../proc/process-group.js';
import { PASSWORD, SESSION, TOKEN, USER } from '../suites/saas/contract.js';
import { REDIS_KEYS } from '../targets/_lib/saas-store.js';

export interface RunningRedis {
  url: string;
  process: GroupProcess;
  stop(): Promise<void>;
}

/** ioredis, loaded when a Redis is started: a CLI that starts none does not pay for loading it. */
const ioredis = () => import('ioredis');

async function seed(url: string): Promise<void> {
  const { Redis } = await ioredis();
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const user = JSON.stringify(USER);
  await redis
    .multi()
    .set(REDIS_KEYS.token(TOKEN), user)
    .set(REDIS_KEYS.session(SESSION), user)
    .hset(REDIS_KEYS.login(USER.email), { password: PASSWORD, session: SESSION })
    .exec();
  await redis.quit();
}

async function waitForPing(url: string, proc: GroupProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const { Redis } = await ioredis();
  for (;;) {
    if (proc.hasExited())
      throw new UserError('GAUNTLET_REDIS_FAILED', `redis-server exited at start:\n${proc.output.text()}`);
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      if ((await redis.ping()) === 'PONG') {
        await redis.quit();
        return;
      }
    } catch {
      redis.disconnect();
    }
    if (Date.now() > deadline)
      throw new UserError(
        'GAUNTLET_REDIS_FAILED',
        `redis-server did not answer within ${timeoutMs} ms:\n${proc.output.text()}`,
      );
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  const proc = startGroup({
    command: 'redis-server',
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ],
  });
  const url = `redis://127.0.0.1:${port}`;
  try {
    await waitForPing(url, proc, 10_000);
    await seed(url);
  } catch (error) {
    await proc.stop(500);
    if (/ENOENT|could not start/.test(proc.output.text())) {
      throw new UserError(
        'GAUNTLET_NO_REDIS',
        'redis-server is not installed',
        'apt-get install -y redis-server (see gauntlet doctor)',
      );
    }
    throw error;
  }
  return { url, process: proc, stop: () => proc.stop(2000) };
}
