/**
 * One k6 load split over two load hosts, simulated on this machine (test/helpers/two-hosts.ts
 * with a second load namespace): gauntlet drives from the first load namespace, k6 runs under
 * the `gauntlet agent` of each load host (the first reached over its own sshd too), the targets
 * on the server host or on gauntlet's own. The merged figures must add up to the hosts' shares,
 * and nothing may be left in any namespace.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { findK6 } from '../../src/engines/k6/locate.js';
import type { Result } from '../../src/model/schema.js';
import { resultOf, runCli, savedResult, startRunUntilTrials } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { canSimulateTwoHosts, type TwoHosts, twoHostsUp } from '../helpers/two-hosts.js';
import { isMeasured } from '../helpers/measured.js';

const skip = canSimulateTwoHosts() ?? (findK6() ? undefined : 'k6 is not installed (scripts/install-tools.sh)');
const short = ['--scenarios', 'json', '--duration', '1', '--warmup', '1', '--connections', '20', '--quiet'];

describe('several load hosts: one k6 load split over two hosts, merged', { skip }, () => {
  let hosts: TwoHosts;
  let env: NodeJS.ProcessEnv;
  let loadHosts: string;

  before(async () => {
    hosts = await twoHostsUp(undefined, { loadHosts: 2 });
    env = { GAUNTLET_SSH_COMMAND: hosts.sshCommand };
    loadHosts = (hosts.loadHosts ?? []).join(',');
  });
  after(async () => {
    await hosts?.down();
  });

  const namespaces = () => [hosts.loadNs, hosts.serverNs, hosts.load2Ns as string];

  /** Waits until no namespace holds a process of ours; returns what is left in each, described. */
  async function left(): Promise<Record<string, string[]>> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found: Record<string, number[]> = {};
      for (const ns of namespaces()) found[ns] = await hosts.pidsIn(ns);
      const none = Object.values(found).every((pids) => pids.length === 0);
      if (none || Date.now() > deadline)
        return Object.fromEntries(
          Object.entries(found).map(([ns, pids]) => [
            ns,
            pids.map((pid) => {
              try {
                return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
              } catch {
                return `${pid} (gone)`;
              }
            }),
          ]),
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const nothing = () => Object.fromEntries(namespaces().map((ns) => [ns, []]));

  /** Every measured trial's figures are the sum of its hosts' shares, and its percentiles lie among theirs. */
  function assertMerged(result: Result, names = hosts.loadHosts): void {
    const measured = result.trials.filter((t) => t.measurement);
    assert.ok(measured.length > 0, 'trials were measured');
    for (const trial of measured) {
      const m = trial.measurement!;
      const shares = m.loadHosts ?? [];
      assert.deepEqual(
        shares.map((s) => s.host),
        names,
        'each load host has its share',
      );
      assert.equal(
        m.requests,
        shares.reduce((sum, s) => sum + s.requests, 0),
        'the requests add up',
      );
      assert.equal(
        m.errors,
        shares.reduce((sum, s) => sum + s.errors, 0),
        'the errors add up',
      );
      const statuses = Object.values(m.statusCounts).reduce((sum, n) => sum + n, 0);
      assert.equal(statuses, m.requests, 'every response has its status');
      for (const share of shares)
        assert.ok(
          share.requests > m.requests * 0.2,
          `${share.host} made its share: ${share.requests} of ${m.requests}`,
        );
      const p50s = shares.map((s) => s.latencyMs.p50);
      assert.ok(
        m.latencyMs.p50 >= Math.min(...p50s) * 0.99 && m.latencyMs.p50 <= Math.max(...p50s) * 1.01,
        `merged p50 ${m.latencyMs.p50} lies among the hosts' ${p50s.join(', ')}`,
      );
      assert.equal(m.latencyMs.max, Math.max(...shares.map((s) => s.latencyMs.max)));
      assert.ok(m.server.cpuSeconds > 0, "the server's CPU was read over the window");
    }
  }

  it('run with the targets on the server host: counts add up, both load hosts recorded', async () => {
    const out = tempDir('load-hosts-run');
    const run = await runCli(
      [
        'run',
        '--load-hosts',
        loadHosts,
        '--server-host',
        hosts.server,
        '--targets',
        'node-http,fastify',
        '--repeats',
        '1',
        ...short,
        '--out',
        out,
      ],
      env,
      180_000,
      hosts.inLoad,
    );
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const result = resultOf(out);
    assert.deepEqual(
      result.environment.loadHosts?.map((h) => h.name),
      hosts.loadHosts,
    );
    assert.equal(result.environment.engine.name, 'k6');
    assert.match(result.environment.pinning.note, /k6 on load hosts load1, load2/);
    assertMerged(result);
    assert.deepEqual(await left(), nothing());
  });

  it("run with the targets and a share of the load on gauntlet's own host (local), the other share where it reaches them", async () => {
    const out = tempDir('load-hosts-local');
    const run = await runCli(
      ['run', '--load-hosts', 'local,load2', '--targets', 'node-http', '--repeats', '1', ...short, '--out', out],
      env,
      180_000,
      hosts.inLoad,
    );
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const result = resultOf(out);
    assert.equal(result.environment.serverHost, undefined);
    assertMerged(result, ['local', 'load2']);
    assert.deepEqual(await left(), nothing());
  });

  it('a dropped connection to a load host stops the run with what it has, and leaves nothing anywhere', async () => {
    const out = tempDir('load-hosts-drop');
    const args = [
      'run',
      '--load-hosts',
      loadHosts,
      '--server-host',
      hosts.server,
      '--targets',
      'node-http,polka',
      '--repeats',
      '20',
      ...short,
    ];
    const { child, exited, dir } = await startRunUntilTrials(args, out, 1, { wrap: hosts.inLoad, env });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // the ssh client to the second load host, among the three gauntlet started
    const ssh = (await hosts.pidsIn(hosts.loadNs)).filter((pid) => {
      const words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return words[0] === 'ssh' && words.includes('load2');
    });
    assert.equal(ssh.length, 1, 'one ssh client to load2');
    process.kill(ssh[0], 'SIGKILL');
    assert.equal(await exited, 130, `the run ends as interrupted\n${stderr}`);
    const result = savedResult(dir);
    assert.equal(result.complete, false);
    assert.match(result.interruption ?? '', /SSH connection to load host load2 closed/);
    assert.ok(result.trials.some(isMeasured), 'the finished trials are kept');
    assert.deepEqual(await left(), nothing());
  });

  it('Ctrl-C stops the run and every k6 on the load hosts', async () => {
    const out = tempDir('load-hosts-sigint');
    const args = ['run', '--load-hosts', loadHosts, '--targets', 'node-http,polka', '--repeats', '20', ...short];
    const { child, exited, dir } = await startRunUntilTrials(args, out, 1, { wrap: hosts.inLoad, env });
    child.kill('SIGINT');
    assert.equal(await exited, 130);
    assert.match(savedResult(dir).interruption ?? '', /SIGINT/);
    assert.deepEqual(await left(), nothing());
  });
});
