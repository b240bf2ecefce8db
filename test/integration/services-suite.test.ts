import assert from 'node:assert/strict';
import { test } from 'node:test';
import { knownRuntime } from '../../src/runtimes/known-runtimes.js';
import { runtimeStatus } from '../../src/runtimes/resolve-runtime.js';
import { leftoverProcesses, resultOf, runCli, savedResult, startRunUntilTrials } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const short = ['--repeats', '2', '--duration', '0.05', '--warmup', '0.02', '--quiet'];

test('a short run of every in-process part on both Moleculer lines: every case measured, tables printed, nothing left running', async () => {
  const out = tempDir('services');
  const parts = 'local-calls,middlewares,metrics,cachers,validators,events';
  const run = await runCli(['run', '--suite', 'services', '--scenarios', parts, '--out', out, ...short], {}, 240_000);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  const result = resultOf(out);
  const summaries = result.bench!.summaries;
  const failed = summaries.filter((s) => s.status !== 'measured');
  assert.deepEqual(
    failed.map((s) => `${s.target} ${s.case}: ${s.reason}`),
    [],
  );
  // Each line on its own runtime, said in the result.
  const runtimeOf = (target: string) => result.targets.find((t) => t.name === target)?.runtime?.id;
  assert.equal(runtimeOf('moleculer-0.15'), 'node@24');
  // 0.14 runs on node@20 when it is here (the machine's node or installed), else on node@24, and says so.
  const node20 = runtimeStatus(knownRuntime('node@20')!).runtime !== undefined;
  assert.equal(runtimeOf('moleculer-0.14'), node20 ? 'node@20' : 'node@24');
  for (const table of ['local-calls', 'middlewares', 'metrics', 'cachers', 'validators', 'events']) {
    for (const target of ['moleculer-0.15', 'moleculer-0.14']) {
      assert.ok(
        summaries.some((s) => s.scenario === table && s.target === target && s.reference && s.vsReference),
        `${table} on ${target}`,
      );
    }
  }
  const redis = summaries.find((s) => s.case === 'redis' && s.target === 'moleculer-0.14')!;
  assert.ok(redis.services?.redis, 'redis-server CPU per op is recorded beside the client');
  assert.match(run.stdout, /Suite: Call with param validator/);
  assert.match(run.stdout, /With validator fails/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('serializer tables: every serializer each line ships round-trips, with its encoded size; Avro, ProtoBuf, Thrift only on 0.14', async () => {
  const out = tempDir('serializers');
  const run = await runCli(
    [
      'run',
      '--suite',
      'services',
      '--scenarios',
      'serializers-event-10b,serializers-request-100kb',
      '--out',
      out,
      ...short,
    ],
    {},
    240_000,
  );
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  const result = resultOf(out);
  const summaries = result.bench!.summaries;
  const names = (target: string) =>
    [...new Set(summaries.filter((s) => s.target === target).map((s) => s.case))].sort();
  assert.deepEqual(names('moleculer-0.14'), ['Avro', 'CBOR', 'JSON', 'MsgPack', 'Notepack', 'ProtoBuf', 'Thrift']);
  assert.deepEqual(names('moleculer-0.15'), ['CBOR', 'JSON', 'JSONExt', 'MsgPack', 'Notepack']);
  for (const s of summaries) {
    assert.equal(s.status, 'measured', `${s.target} ${s.scenario} ${s.case}: ${s.reason}`);
    assert.ok((s.facts?.encodedBytes ?? 0) > (s.scenario.endsWith('100kb') ? 70_000 : 100), `${s.case} encoded size`);
  }
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('Ctrl-C during a bench run keeps the finished case windows, writes a partial result, exits 130 and stops every child', async () => {
  const out = tempDir('services-sigint');
  const { child, exited, mark, dir } = await startRunUntilTrials(
    [
      'run',
      '--suite',
      'services',
      '--scenarios',
      'local-calls,middlewares',
      '--targets',
      'moleculer-0.14',
      '--repeats',
      '20',
      '--duration',
      '0.3',
      '--warmup',
      '0',
      '--quiet',
    ],
    out,
    3,
    { kind: 'bench-trial' },
  );
  child.kill('SIGINT');
  assert.equal(await exited, 130);
  const result = savedResult(dir);
  assert.equal(result.complete, false);
  assert.ok(result.bench!.trials.length >= 3);
  assert.ok(result.bench!.trials.length < 2 * 6 * 20, 'it stopped early');
  assert.deepEqual(await leftoverProcesses(mark), []);
});
