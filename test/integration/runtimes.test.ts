import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { machineNodeId } from '../../src/runtimes/runtime.js';
import {
  cliFile,
  fixtureTargetsDir,
  leftoverProcesses,
  newMark,
  processesMarked,
  projectRoot,
  runCli,
  runFolder,
  savedResult,
  TEST_MARK_VAR,
} from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured, isMeasured } from '../helpers/measured.js';

const NODE24_BINARY = join(projectRoot, 'node_modules', 'node24', 'bin', 'node');
/** npm fetches a runtime's 30–50 MB tarball: bounded, not timed. */
const INSTALL_TIMEOUT_MS = 300_000;

/**
 * A second runtime beside node@24 that needs no download: the machine's node when its line is
 * in the registry (node@20 here), else node@22 installed into the test's own cache folder.
 */
async function secondRuntime(
  runtimesDir: string,
): Promise<{ id: string; label: string; version: string; binary: string }> {
  const machine = machineNodeId();
  if (machine !== 'node' && machine !== 'node@24')
    return {
      id: machine,
      label: machine.replace('@', ''),
      version: process.versions.node,
      binary: realpathSync(process.execPath),
    };
  const added = await runCli(
    ['runtimes', 'add', 'node@22'],
    { GAUNTLET_RUNTIMES_DIR: runtimesDir },
    INSTALL_TIMEOUT_MS,
  );
  assert.equal(added.code, 0, added.stderr);
  return {
    id: 'node@22',
    label: 'node22',
    version: '22.23.3',
    binary: join(runtimesDir, 'node22', 'node_modules', 'node22', 'bin', 'node'),
  };
}

/** The executable and arguments of a live process. */
function processOf(pid: number): { exe: string; args: string } {
  try {
    return {
      exe: readlinkSync(`/proc/${pid}/exe`),
      args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '),
    };
  } catch {
    return { exe: '', args: '' };
  }
}

test('one interleaved run on two runtimes: each target on each, the exact runtime per trial, the matrix in the report', async () => {
  const runtimesDir = tempDir('runtimes-empty');
  const other = await secondRuntime(runtimesDir);
  const out = tempDir('runtimes-run');
  const mark = newMark();
  const args = [
    'run',
    '--targets',
    'node-http,fastify,not-on-node24',
    '--runtime',
    `node@24,${other.id}`,
    '--scenarios',
    'json',
    '--repeats',
    '2',
    '--duration',
    '0.5',
    '--warmup',
    '1',
    '--out',
    out,
    '--quiet',
  ];
  const child = spawn(process.execPath, [cliFile, ...args], {
    env: {
      ...process.env,
      GAUNTLET_RUNTIMES_DIR: runtimesDir,
      GAUNTLET_TARGET_DIRS: fixtureTargetsDir,
      [TEST_MARK_VAR]: mark,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  // Which binary really ran each app: read from /proc while the run goes on.
  const ran = new Map<string, Set<string>>();
  let done = false;
  void exited.then(() => (done = true));
  while (!done) {
    for (const pid of processesMarked(mark)) {
      const { exe, args: line } = processOf(pid);
      const app = /targets\/([^/]+)\/hello\.js/.exec(line)?.[1];
      // Before it execs the runtime, the pinned process is still taskset.
      if (app && exe && !exe.endsWith('/taskset')) ran.set(app, (ran.get(app) ?? new Set()).add(exe));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(await exited, 0, stderr);

  const dir = runFolder(out);
  const result = savedResult(dir);
  const variants = ['node-http', 'fastify'].flatMap((t) => [`${t}@node24`, `${t}@${other.label}`]);
  assert.deepEqual(result.plan.targets.filter((t) => variants.includes(t)).sort(), [...variants].sort());
  assert.equal(
    result.trials.filter((t) => variants.includes(t.target)).length,
    variants.length * 2 + 2,
    'every variant, twice; the baseline (node-http@node24) again in each round',
  );
  for (const trial of result.trials) {
    assertMeasured(trial);
    const expected = trial.target.endsWith('@node24')
      ? { id: 'node@24', version: '24.21.0' }
      : { id: other.id, version: other.version };
    assert.equal(trial.runtime?.id, expected.id, trial.target);
    assert.equal(trial.runtime?.version, expected.version, `${trial.target} records the exact version it ran on`);
    assert.equal(trial.runtime?.name, 'node');
  }
  assert.deepEqual(
    result.environment.runtimes?.map((r) => `${r.id} ${r.version}`),
    [`node@24 24.21.0`, `${other.id} ${other.version}`],
  );
  assert.equal(result.plan.runtime, `node 24.21.0, node ${other.version}`);
  assert.equal(result.plan.baseline, 'node-http@node24');

  // The apps ran on the binaries their variants name: node24 from gauntlet's dependencies, and the other.
  for (const app of ['node-http', 'fastify']) {
    assert.deepEqual(
      [...(ran.get(app) ?? [])].sort(),
      [realpathSync(NODE24_BINARY), other.binary].sort(),
      `the binaries ${app} ran on`,
    );
  }
  assert.deepEqual([...(ran.get('not-on-node24') ?? [])], [other.binary], 'never started on node24');

  // The excluded pair never started, and says why wherever a reader looks.
  assert.deepEqual(
    result.unavailable.map((u) => u.target),
    ['not-on-node24@node24'],
  );
  assert.match(result.unavailable[0].reason, /does not run on node 24\.21\.0: fixture: stands for a package/);
  assert.equal(
    result.trials.some((t) => t.target === 'not-on-node24@node24'),
    false,
  );
  assert.ok(
    result.trials.some((t) => t.target === `not-on-node24@${other.label}` && isMeasured(t)),
    'it runs on the other runtime',
  );

  const matrix = result.acrossScenarios?.runtimes;
  assert.ok(matrix, 'a run on two runtimes carries the runtime matrix');
  assert.deepEqual(
    matrix.runtimes.map((r) => r.id),
    ['node@24', other.id],
  );
  const fastify = matrix.cells.find((c) => c.target === 'fastify' && c.scenario === 'json')!;
  assert.ok(fastify.runtimes[0].requestsPerSec! > 0 && fastify.runtimes[1].requestsPerSec! > 0);
  assert.ok(fastify.runtimes[1].vsReference?.requestsPerSec, 'the other runtime against node@24');
  assert.ok(
    fastify.runtimes[0].vsBaseline?.requestsPerSec && fastify.runtimes[1].vsBaseline?.requestsPerSec,
    'fastify against node-http on each runtime',
  );

  const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
  assert.match(markdown, /## Runtimes: json/);
  assert.match(
    markdown,
    new RegExp(`\\| Target +\\| req/s node24 +\\| req/s ${other.label} +\\| req/s ${other.label} vs node24`),
  );
  assert.match(markdown, /## Frameworks against node-http, per runtime: json/);
  assert.match(markdown, /\* \*\*not-on-node24@node24\*\* \(not-run\): unavailable: does not run on node 24\.21\.0/);
  assert.match(markdown, /\*\*Runtime:\*\* node 24\.21\.0, node /);
  assert.deepEqual(await leftoverProcesses(mark), []);
});

test('a target on a runtime its manifest excludes is refused with the reason, and list says so', async () => {
  const env = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };
  const run = await runCli(
    ['run', '--targets', 'not-on-node24', '--runtime', 'node@24', '--repeats', '1', '--quiet'],
    env,
  );
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /none of the chosen targets can run the hello suite on node@24:\n {2}not-on-node24: does not run on node 24\.21\.0: fixture: stands for a package/,
  );
  const verify = await runCli(['verify', '--targets', 'not-on-node24'], env);
  assert.equal(verify.code, 2, 'node@24 is the default runtime of verify too');
  assert.match(verify.stderr, /not-on-node24: does not run on node 24\.21\.0/);
  // Beside a target that runs, it is skipped with the reason (and never taken as the baseline).
  const beside = await runCli(['verify', '--targets', 'not-on-node24,koa', '--scenarios', 'json'], env);
  assert.equal(beside.code, 0, beside.stdout + beside.stderr);
  assert.match(beside.stdout, /^ok {5}koa$/m);
  assert.match(beside.stdout, /^skip {3}not-on-node24: does not run on node 24\.21\.0: fixture/m);

  const list = await runCli(['list', '--json'], env);
  assert.equal(list.code, 0, list.stderr);
  const listing = JSON.parse(list.stdout) as {
    targets: Array<{ name: string; unsupportedRuntimes: Array<{ runtime: string; reason: string }> }>;
    runtimes: Array<{ id: string; default: boolean }>;
  };
  assert.deepEqual(
    listing.targets.find((t) => t.name === 'not-on-node24')?.unsupportedRuntimes.map((u) => u.runtime),
    ['node@24'],
  );
  assert.deepEqual(
    listing.runtimes.filter((r) => r.default).map((r) => r.id),
    ['node@24'],
  );
});

test('runtimes add installs from npm into the cache folder GAUNTLET_RUNTIMES_DIR names; a missing runtime is refused with that command', async () => {
  const runtimesDir = tempDir('runtimes-add');
  const env = { GAUNTLET_RUNTIMES_DIR: runtimesDir };
  const refused = await runCli(['verify', '--targets', 'node-http', '--runtime', 'bun'], env);
  assert.ok(refused.code !== 0 && refused.code !== null, 'refused, with the exit code of a missing tool');
  assert.match(
    refused.stderr,
    /runtime bun \(bun 1\.4\.5\) is not installed\n {2}install it with: gauntlet runtimes add bun/,
  );

  const added = await runCli(['runtimes', 'add', 'bun'], env, INSTALL_TIMEOUT_MS);
  assert.equal(added.code, 0, added.stderr);
  const binary = join(runtimesDir, 'bun', 'node_modules', 'bun', 'bin', 'bun');
  assert.ok(existsSync(binary), `${binary} is there`);
  assert.match(added.stdout, /bun: bun 1\.4\.5 installed/);

  const listed = await runCli(['runtimes', 'list', '--json'], env);
  const rows = (
    JSON.parse(listed.stdout) as { runtimes: Array<{ id: string; installed: boolean; runs?: string; source?: string }> }
  ).runtimes;
  const bun = rows.find((r) => r.id === 'bun')!;
  assert.equal(bun.installed, true);
  assert.equal(bun.runs, 'bun 1.4.5');
  assert.ok(bun.source?.includes(runtimesDir), "from the test's own cache, not the user's");

  // The installed binary really serves a target (verification only: no load).
  const verified = await runCli(['verify', '--targets', 'node-http', '--scenarios', 'json', '--runtime', 'bun'], env);
  assert.equal(verified.code, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /^on bun 1\.4\.5\nok {5}node-http$/m);

  const again = await runCli(['runtimes', 'add', 'bun'], env);
  assert.match(again.stdout, /bun: bun 1\.4\.5 is installed/, 'a second add installs nothing');

  // --install-runtimes installs what is missing instead of refusing.
  const freshDir = tempDir('runtimes-install-flag');
  const installed = await runCli(
    ['verify', '--targets', 'node-http', '--scenarios', 'json', '--runtime', 'bun', '--install-runtimes'],
    { GAUNTLET_RUNTIMES_DIR: freshDir },
    INSTALL_TIMEOUT_MS,
  );
  assert.equal(installed.code, 0, installed.stdout + installed.stderr);
  assert.match(installed.stderr, /installing bun \(bun@npm:@oven\/bun-linux-x64@1\.4\.5\)/);
  assert.ok(existsSync(join(freshDir, 'bun', 'node_modules', 'bun', 'bin', 'bun')));
});
