/**
 * Runs across two hosts, simulated on this machine (test/helpers/two-hosts.ts): gauntlet and its
 * load generator in one network namespace on one core, the targets in another on the other
 * core, started by `gauntlet agent` through a real sshd. Nothing may be left in either namespace.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  fixtureTargetsDir,
  projectRoot,
  resultOf,
  runCli,
  runFolder,
  savedResult,
  startRunUntilTrials,
} from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { canSimulateTwoHosts, type TwoHosts, twoHostsUp } from '../helpers/two-hosts.js';
import { assertMeasured, isMeasured } from '../helpers/measured.js';

const skip = canSimulateTwoHosts();
const short = ['--scenarios', 'json', '--duration', '1', '--warmup', '1', '--quiet'];

describe('two hosts: targets on a server host over SSH, load from another', { skip }, () => {
  let hosts: TwoHosts;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    hosts = await twoHostsUp();
    env = { GAUNTLET_SSH_COMMAND: hosts.sshCommand, GAUNTLET_TARGET_DIRS: fixtureTargetsDir };
  });
  after(async () => {
    await hosts?.down();
  });

  /** Waits until neither namespace holds a process of ours (the agent and its targets stop on their own). */
  async function nothingLeft(): Promise<{ load: number[]; server: number[] }> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const left = { load: await hosts.pidsIn(hosts.loadNs), server: await hosts.pidsIn(hosts.serverNs) };
      if ((left.load.length === 0 && left.server.length === 0) || Date.now() > deadline) return left;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const describeLeft = (pids: number[]) =>
    pids.map((pid) => {
      try {
        return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
      } catch {
        return `${pid} (gone)`;
      }
    });

  /** `gauntlet run` from the load host with the targets on the server host, writing under `out`. */
  const runAcross = (targets: string, repeats: number, out: string) =>
    runCli(
      [
        'run',
        '--server-host',
        hosts.server,
        '--targets',
        targets,
        '--repeats',
        String(repeats),
        ...short,
        '--out',
        out,
      ],
      env,
      180_000,
      hosts.inLoad,
    );

  it('run ranks three targets measured on the server host, their CPU read there', async () => {
    const out = tempDir('two-hosts-run');
    const run = await runAcross('node-http,fastify,express5', 2, out);
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    const result = resultOf(out);
    const server = result.environment.serverHost;
    assert.ok(server, 'the result records the server host');
    assert.equal(server.name, hosts.server);
    assert.equal(server.address, hosts.serverAddress, 'the load went to the server namespace');
    assert.deepEqual(server.allowedCores.join(','), hosts.serverCores, "the agent's cores: sshd's, on the server side");
    assert.ok(server.link && server.link.rttMs > 0 && server.link.bytesPerSec > 0, 'the link was measured');
    assert.deepEqual(result.environment.allowedCores.join(','), hosts.loadCores, 'gauntlet ran on the load side');
    assert.match(result.environment.pinning.note, new RegExp(`targets on ${hosts.server}`));
    const ranked = result.summaries
      .filter((s) => s.scenario === 'json')
      .map((s) => s.target)
      .sort();
    assert.deepEqual(ranked, ['express5', 'fastify', 'node-http']);
    for (const trial of result.trials) {
      assertMeasured(trial);
      const cpu = trial.measurement!.server;
      assert.ok(cpu.cpuSeconds > 0 && cpu.cpuUsPerRequest > 0, `${trial.target}: CPU read on the server host`);
      assert.ok(cpu.rssSeries.length >= 2, 'memory sampled through the window');
    }
    for (const start of result.starts ?? []) assert.ok(start.warmup.blocks.length >= 1, 'warm-up metered there');
    assert.match(run.stdout, new RegExp(`targets on ${hosts.server}`), 'the report names the server host');
    assert.deepEqual(await nothingLeft(), { load: [], server: [] });
  });

  it('verify checks the targets on the server host, and names the wrong one', async () => {
    const verify = await runCli(
      ['verify', '--server-host', hosts.server, '--targets', 'node-http,wrong-body', '--scenarios', 'json', '--json'],
      env,
      60_000,
      hosts.inLoad,
    );
    assert.equal(verify.code, 3, verify.stderr);
    const verdicts = (JSON.parse(verify.stdout) as { verdicts: Array<{ target: string; ok: boolean }> }).verdicts;
    assert.deepEqual(
      verdicts.map((v) => [v.target, v.ok]),
      [
        ['node-http', true],
        ['wrong-body', false],
      ],
    );
    assert.deepEqual(await nothingLeft(), { load: [], server: [] });
  });

  it('a target that answers wrongly on the server host is refused, the others ranked', async () => {
    const out = tempDir('two-hosts-wrong');
    const run = await runAcross('node-http,wrong-body', 1, out);
    const result = resultOf(out);
    const refused = result.verification.find((v) => v.target === 'wrong-body');
    assert.equal(refused?.ok, false, run.stderr);
    assert.ok(result.trials.some((t) => t.target === 'node-http' && t.status === 'ok'));
    assert.ok(!result.trials.some((t) => t.target === 'wrong-body' && t.status === 'ok'));
    assert.deepEqual(await nothingLeft(), { load: [], server: [] });
  });

  it('ab across the hosts calls a slower release slower', async () => {
    const out = tempDir('two-hosts-ab');
    const packages = join(projectRoot, 'test', 'fixtures', 'packages');
    const run = await runCli(
      [
        'ab',
        'slowpoke',
        `slowpoke@file:${packages}/slowpoke-fast`,
        `slowpoke@file:${packages}/slowpoke-slow`,
        '--server-host',
        hosts.server,
        '--repeats',
        '6',
        '--connections',
        '10',
        '--scenarios',
        'text',
        '--duration',
        '0.5',
        '--warmup',
        '1',
        '--quiet',
        '--out',
        out,
      ],
      env,
      180_000,
      hosts.inLoad,
    );
    assert.equal(run.code, 1, `a regression fails the exit code\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /REGRESSION: slower/);
    assert.ok(savedResult(runFolder(out)).environment.serverHost, 'A and B ran on the server host');
    assert.deepEqual(await nothingLeft(), { load: [], server: [] });
  });

  it('a dropped SSH connection stops the run with what it has, and leaves nothing on either host', async () => {
    const out = tempDir('two-hosts-drop');
    const args = ['run', '--server-host', hosts.server, '--targets', 'node-http,polka', '--repeats', '20', ...short];
    const { child, exited, dir } = await startRunUntilTrials(args, out, 1, { wrap: hosts.inLoad, env });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // the ssh client gauntlet started: the only ssh in the load namespace
    const ssh = (await hosts.pidsIn(hosts.loadNs)).filter((pid) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('ssh\0'),
    );
    assert.equal(ssh.length, 1, `one ssh client: ${describeLeft(ssh)}`);
    process.kill(ssh[0], 'SIGKILL');
    assert.equal(await exited, 130, `the run ends as interrupted\n${stderr}`);
    const result = savedResult(dir);
    assert.equal(result.complete, false);
    assert.match(result.interruption ?? '', /SSH connection to .* closed/);
    assert.ok(result.trials.some(isMeasured), 'the finished trials are kept');
    const left = await nothingLeft();
    assert.deepEqual({ load: describeLeft(left.load), server: describeLeft(left.server) }, { load: [], server: [] });
  });

  it('Ctrl-C stops the run and everything it started on both hosts', async () => {
    const out = tempDir('two-hosts-sigint');
    const args = ['run', '--server-host', hosts.server, '--targets', 'node-http,polka', '--repeats', '20', ...short];
    const { child, exited, dir } = await startRunUntilTrials(args, out, 1, { wrap: hosts.inLoad, env });
    child.kill('SIGINT');
    assert.equal(await exited, 130);
    const result = savedResult(dir);
    assert.match(result.interruption ?? '', /SIGINT/);
    const left = await nothingLeft();
    assert.deepEqual({ load: describeLeft(left.load), server: describeLeft(left.server) }, { load: [], server: [] });
  });

  it('an unreachable server host is a coded error naming the ssh command', async () => {
    const run = await runCli(
      ['run', '--server-host', 'root@10.213.0.99:1', '--targets', 'node-http', ...short],
      { GAUNTLET_SSH_COMMAND: `${hosts.sshCommand} -o ConnectTimeout=2` },
      60_000,
      hosts.inLoad,
    );
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, /GAUNTLET_SERVER_HOST_UNREACHABLE/);
    assert.match(run.stderr, /ssh -F .* -p 1 root@10\.213\.0\.99 true/);
  });
});
