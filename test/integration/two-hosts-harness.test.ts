/**
 * The two-host harness itself (scripts/two-hosts.sh through test/helpers/two-hosts.ts): ssh from
 * the load host reaches the server host, commands run there in the server namespace on the
 * server core, and down() leaves nothing behind.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { canSimulateTwoHosts, type TwoHosts, twoHostsUp } from '../helpers/two-hosts.js';

const exec = promisify(execFile);

/** Runs `remote` on the server host, over ssh from the load host. */
async function onServer(hosts: TwoHosts, remote: string): Promise<string> {
  const { command, args } = hosts.inLoad('ssh', ['-F', hosts.sshConfig, hosts.server, remote]);
  const { stdout } = await exec(command, args, { timeout: 30_000 });
  return stdout;
}

/** Alive and not a zombie. */
const alive = (pid: number): boolean => {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

describe('two simulated hosts', { skip: canSimulateTwoHosts() }, () => {
  let hosts: TwoHosts;
  let upMs = 0;

  before(async () => {
    const started = Date.now();
    hosts = await twoHostsUp();
    upMs = Date.now() - started;
  });

  after(async () => {
    await hosts?.down();
  });

  it('prints the hosts it made', (t) => {
    t.diagnostic(`up took ${upMs} ms`);
    assert.equal(hosts.server, 'server');
    assert.equal(hosts.serverAddress, '10.213.0.2');
    assert.equal(hosts.sshCommand, `ssh -F ${hosts.sshConfig}`);
    assert.ok(existsSync(hosts.sshConfig));
    assert.match(hosts.loadCores, /^\d+(,\d+)*$/);
    assert.match(hosts.serverCores, /^\d+$/);
  });

  it('ssh from the load host runs commands on the server core, in the server namespace', async () => {
    const status = await onServer(hosts, 'cat /proc/self/status');
    assert.equal(/^Cpus_allowed_list:\s*(\S+)$/m.exec(status)?.[1], hosts.serverCores);
    const addresses = await onServer(hosts, 'ip -o -4 addr');
    assert.match(addresses, /inet 10\.213\.0\.2\/24/);
    assert.doesNotMatch(addresses, /inet 10\.213\.0\.1\//);
  });

  it('down() stops every process in both namespaces and deletes them', async () => {
    const sshdPid = Number(readFileSync(`${hosts.dir}/sshd.pid`, 'utf8').trim());
    assert.ok(alive(sshdPid), 'sshd runs before down()');
    await hosts.down();
    assert.deepEqual(await hosts.pidsIn(hosts.loadNs), []);
    assert.deepEqual(await hosts.pidsIn(hosts.serverNs), []);
    assert.equal(alive(sshdPid), false, 'sshd stopped');
    const { stdout } = await exec('ip', ['netns', 'list']);
    const names = stdout.split('\n').map((line) => line.split(' ')[0]);
    assert.ok(!names.includes(hosts.loadNs) && !names.includes(hosts.serverNs), stdout);
    assert.equal(existsSync(hosts.dir), false);
  });
});
