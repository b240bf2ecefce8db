/**
 * The services suite's brokers: each started on a free loopback port, answering its own
 * protocol, its CPU readable, and gone (process group and temp folder) once stopped; a missing
 * broker binary is a UserError with its code.
 */
import assert from 'node:assert/strict';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Redis } from 'ioredis';
import mqtt from 'mqtt';
import { connect } from 'nats';
import { UserError } from '../../src/core/errors.js';
import { tempDir } from '../helpers/temp-dir.js';
import { liveGroupCount } from '../../src/proc/process-group.js';
import { type ServiceName, startServices } from '../../src/backends/services.js';

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The configuration files a broker was started with (its temp folder), from its command line. */
function configFileOf(pid: number): string | undefined {
  const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  const i = args.indexOf('-c');
  return i >= 0 ? args[i + 1] : undefined;
}

const talk: Record<'nats' | 'mqtt' | 'redis', (url: string) => Promise<string>> = {
  async nats(url) {
    const nc = await connect({ servers: url, reconnect: false });
    const sub = nc.subscribe('gauntlet.echo', { max: 1 });
    void (async () => {
      for await (const m of sub) m.respond(m.data);
    })();
    const reply = await nc.request('gauntlet.echo', new TextEncoder().encode('ping'), { timeout: 2000 });
    await nc.close();
    return new TextDecoder().decode(reply.data);
  },
  async mqtt(url) {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const got = new Promise<string>((resolve) =>
      client.on('message', (_topic, payload) => resolve(payload.toString())),
    );
    await client.subscribeAsync('gauntlet/echo');
    await client.publishAsync('gauntlet/echo', 'ping');
    const text = await got;
    await client.endAsync();
    return text;
  },
  async redis(url) {
    const redis = new Redis(url, { lazyConnect: true });
    await redis.connect();
    const pong = await redis.ping();
    await redis.quit();
    return pong === 'PONG' ? 'ping' : pong;
  },
};

for (const name of ['nats', 'mqtt', 'redis'] as const) {
  test(`${name}: started on a free loopback port, answers its protocol, leaves nothing behind`, async () => {
    const services = await startServices([name]);
    const url = services.url(name);
    const pgid = services.running().find((s) => s.name === name)?.pid;
    try {
      assert.match(url ?? '', /^[a-z]+:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(pgid && groupAlive(pgid));
      assert.equal(await talk[name](url as string), 'ping');
      const cpu = services.cpuSeconds(name);
      assert.ok(cpu !== undefined && cpu >= 0);
    } catch (error) {
      await services.stopAll();
      throw error;
    }
    const config = name === 'redis' ? undefined : configFileOf(pgid as number);
    if (name !== 'redis') assert.ok(config && existsSync(config), 'the broker reads a generated config file');
    await services.stopAll();
    assert.equal(groupAlive(pgid as number), false, 'the process group is gone');
    if (config) assert.equal(existsSync(config), false, 'the temp folder is removed');
    assert.equal(services.url(name), undefined);
  });
}

for (const [name, envVar] of [
  ['nats', 'GAUNTLET_NATS_SERVER'],
  ['mqtt', 'GAUNTLET_MOSQUITTO'],
] as Array<[ServiceName, string]>) {
  test(`${name}: a missing broker binary is GAUNTLET_NO_BROKER, and the services started before it are stopped`, async () => {
    const before = process.env[envVar];
    const groupsBefore = liveGroupCount();
    process.env[envVar] = '/nonexistent/broker';
    try {
      await assert.rejects(startServices(['redis', name]), (error: unknown) => {
        assert.ok(error instanceof UserError);
        assert.equal(error.code, 'GAUNTLET_NO_BROKER');
        assert.match(error.message, new RegExp(`${envVar}=/nonexistent/broker`));
        assert.match(error.hint ?? '', /apt-get install -y/);
        return true;
      });
      assert.equal(liveGroupCount(), groupsBefore, 'redis, started first, was stopped');
    } finally {
      if (before === undefined) delete process.env[envVar];
      else process.env[envVar] = before;
    }
  });
}

test('a broker that exits at start is GAUNTLET_BROKER_FAILED with its last output', async () => {
  const dir = tempDir('fake-broker');
  const script = join(dir, 'nats-server');
  writeFileSync(script, '#!/bin/sh\necho "fake broker: cannot bind" >&2\nexit 1\n');
  chmodSync(script, 0o755);
  process.env.GAUNTLET_NATS_SERVER = script;
  try {
    await assert.rejects(startServices(['nats']), (error: unknown) => {
      assert.ok(error instanceof UserError);
      assert.equal(error.code, 'GAUNTLET_BROKER_FAILED');
      assert.match(error.message, /exited at start[\s\S]*fake broker: cannot bind/);
      return true;
    });
  } finally {
    delete process.env.GAUNTLET_NATS_SERVER;
  }
});
