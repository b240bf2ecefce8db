import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkEnvironments } from '../../src/compare/environment-match.js';
import { projectRoot } from '../../src/core/paths.js';
import { ROOT_TOKEN } from '../../src/hosts/agent-messages.js';
import { localLaunch, sshArrivalAddress } from '../../src/hosts/agent.js';
import type { Launch } from '../../src/hosts/host.js';
import { sshArgs } from '../../src/hosts/remote-host.js';
import type { Result } from '../../src/model/schema.js';
import { machineLine } from '../../src/report/rows.js';
import { collectWarnings } from '../../src/stats/warnings.js';
import { reportResult } from '../helpers/report-result.js';

test('--server-host takes what ssh takes: user@host, a port after a colon, an IPv6 address in brackets, an alias', () => {
  assert.deepEqual(sshArgs('bench@10.0.0.2'), ['bench@10.0.0.2']);
  assert.deepEqual(sshArgs('bench@10.0.0.2:2222'), ['-p', '2222', 'bench@10.0.0.2']);
  assert.deepEqual(sshArgs('root@[fd00::2]:22'), ['-p', '22', 'root@fd00::2']);
  assert.deepEqual(sshArgs('gauntlet-server'), ['gauntlet-server']);
  assert.throws(() => sshArgs('bench@host:port'), { code: 'GAUNTLET_BAD_OPTION_VALUE' });
  assert.throws(() => sshArgs('two words'), { code: 'GAUNTLET_BAD_OPTION_VALUE' });
});

test("the agent's targets listen where the SSH connection arrived", () => {
  assert.equal(sshArrivalAddress({ SSH_CONNECTION: '10.213.0.1 51234 10.213.0.2 22' }), '10.213.0.2');
  assert.equal(sshArrivalAddress({}), undefined);
});

test("a launch's paths under gauntlet's folder are found under the agent's own, and a missing one is refused by name", () => {
  const launch: Launch = {
    label: 'node-http',
    command: process.execPath,
    args: ['--no-memory-reducer', `${ROOT_TOKEN}/package.json`],
    env: { NODE_PATH: `${ROOT_TOKEN}/node_modules` },
    protocol: 'http1',
    readyTimeoutMs: 1000,
  };
  const here = localLaunch(launch);
  assert.deepEqual(here.args, ['--no-memory-reducer', `${projectRoot}/package.json`]);
  assert.equal(here.env.NODE_PATH, `${projectRoot}/node_modules`);
  assert.throws(() => localLaunch({ ...launch, args: [`${ROOT_TOKEN}/dist/nowhere/hello.js`] }), {
    message: new RegExp(
      `the server host has no ${projectRoot}/dist/nowhere/hello\\.js: install the same gauntlet there`,
    ),
  });
});

/** The report fixture as if its targets had run on a server host, its answers taking `share` of the link. */
function onServerHost(share: number): Result {
  const result = reportResult();
  const fastest = Math.max(...result.trials.map((t) => t.measurement?.bytesPerSec ?? 0));
  return {
    ...result,
    environment: {
      ...result.environment,
      serverHost: {
        name: 'bench@10.0.0.2',
        address: '10.0.0.2',
        hostname: 'server',
        os: 'Linux x64',
        kernel: '6.1.0',
        cpuModel: 'AMD EPYC 9B14',
        cpuCount: 4,
        allowedCores: [0, 1, 2, 3],
        memoryBytes: 16 * 1024 ** 3,
        node: 'v24.21.0',
        gauntletVersion: result.environment.gauntletVersion,
        link: { rttMs: 0.12, bytesPerSec: fastest / share },
      },
    },
  };
}

test('a run on a server host names both machines and the link, and warns when answers near its capacity', () => {
  const far = onServerHost(0.9);
  assert.match(
    machineLine(far),
    /^targets on bench@10\.0\.0\.2 \(Linux x64, AMD EPYC 9B14, 4 cores \(4 usable\), 16 GiB, kernel 6\.1\.0\); load from /,
  );
  assert.match(machineLine(far), /; link 0\.12 ms round trip, \d+ Mbit\/s$/);
  const kinds = (result: Result) => collectWarnings(result, result.summaries).map((w) => w.kind);
  assert.ok(kinds(far).includes('link-bound'));
  assert.ok(!kinds(onServerHost(0.5)).includes('link-bound'), 'half the link is not near it');
  assert.ok(!kinds(reportResult()).includes('link-bound'), 'one machine: no link');
});

test('compare refuses a two-host run against a one-machine run, and server hosts that differ', () => {
  const far = onServerHost(0.5);
  assert.ok(checkEnvironments(reportResult(), far).blocking.some((b) => /server host/.test(b)));
  assert.deepEqual(checkEnvironments(far, far).blocking, []);
  const bigger = onServerHost(0.5);
  bigger.environment.serverHost!.allowedCores = [0, 1, 2, 3, 4, 5, 6, 7];
  assert.ok(checkEnvironments(far, bigger).blocking.some((b) => /server host's usable cores/.test(b)));
});
