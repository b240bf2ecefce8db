import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { h2loadEngine } from '../../src/engines/h2load/engine.js';
import { haltsAtOnce, KERNEL_DEFAULT_HALT_POLL_NS, readIdlePolling } from '../../src/proc/idle-polling.js';
import { leftoverProcesses, projectRoot, resultOf, runCli, runFolder, savedResult } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';
import { assertMeasured } from '../helpers/measured.js';

const TARGETS = ['node-http', 'fastify', 'koa'];

test('a short real run of three targets: verified, repeated, measured, reported', async () => {
  const out = tempDir('run');
  const idleBefore = readIdlePolling();
  const run = await runCli([
    'run',
    '--targets',
    TARGETS.join(','),
    '--scenarios',
    'text,json,param',
    '--repeats',
    '2',
    // half-second windows: the test checks what a run records, and a window this short still holds thousands of answers
    '--duration',
    '0.5',
    '--warmup',
    '1',
    '--out',
    out,
    '--seed',
    '5',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const dir = runFolder(out);
  const result = savedResult(dir);

  assert.equal(result.complete, true);
  // node-http, the baseline, is visited twice per scenario and round
  assert.equal(result.trials.length, (TARGETS.length + 1) * 3 * 2, 'every target x scenario x repeat ran');
  // Targets stay up for the run: each is verified once, at its start; the baseline runs one process per visit.
  assert.deepEqual(
    result.verification
      .filter((v) => v.ok && v.phase === 'start')
      .map((v) => v.target)
      .sort(),
    [...TARGETS, 'node-http'].sort(),
  );
  const starts = result.starts ?? [];
  assert.equal(starts.length, TARGETS.length + 1, 'one start per target, two of the baseline');
  assert.deepEqual(
    starts.filter((s) => s.target === 'node-http').map((s) => s.process),
    [1, 2],
  );
  for (const scenario of ['text', 'json', 'param'])
    for (const round of [1, 2])
      assert.deepEqual(
        result.trials
          .filter((t) => t.target === 'node-http' && t.scenario === scenario && t.round === round)
          .map((t) => t.process)
          .sort(),
        [1, 2],
        `${scenario}, round ${round}: one visit to each of the baseline's processes`,
      );
  for (const trial of result.trials)
    assert.equal(trial.answerSize?.ok, true, `${trial.target}/${trial.scenario} answered the verified size under load`);
  for (const trial of result.trials) {
    assert.notEqual(trial.status, 'failed', `${trial.target}/${trial.scenario}: ${trial.reason}`);
    const m = trial.measurement!;
    assert.ok(m.requests > 1000, `${trial.target}/${trial.scenario} got only ${m.requests} responses`);
    assert.equal(m.statusCounts['200'], m.requests, 'every response was a 200');
    assert.ok(m.server.cpuUsPerRequest > 0 && m.server.cpuSeconds > 0, 'server CPU was sampled');
    assert.ok(m.server.peakRssBytes > 10e6, 'server RSS was sampled');
    assert.ok(m.server.rssSeries.length >= 2, 'an RSS series was recorded');
    assert.ok(m.generator.cpuCores > 0, 'generator CPU was sampled');
    assert.ok(m.latencyMs.p99 >= m.latencyMs.p50);
  }
  // Rounds interleave: round 1 of every target comes before any round 2.
  const lastOfRound1 = Math.max(...result.trials.filter((t) => t.round === 1).map((t) => t.index));
  const firstOfRound2 = Math.min(...result.trials.filter((t) => t.round === 2).map((t) => t.index));
  assert.ok(lastOfRound1 < firstOfRound2);

  const summary = result.summaries.find((s) => s.target === 'fastify' && s.scenario === 'json')!;
  assert.equal(summary.status, 'measured');
  assert.ok(summary.ratioToBaseline! > 0);
  assert.equal(result.summaries.find((s) => s.target === 'node-http' && s.scenario === 'json')!.ratioToBaseline, 1);

  // Exact versions from the lockfile reach the environment manifest.
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  assert.equal(result.environment.packages.fastify, pkg.dependencies.fastify);
  // --engine auto: hello's loads are pipelined GETs, which h2load carries timing each request, else node-http1.
  const engine = h2loadEngine.unavailableReason() ? 'node-http1' : 'h2load';
  assert.equal(result.environment.engine.name, engine);
  assert.deepEqual(new Set(result.trials.map((t) => t.engine)), new Set([engine]), 'every trial records its engine');
  assert.deepEqual(Object.keys(result.environment.scenarioEngines ?? {}).sort(), ['json', 'param', 'text']);
  assert.equal(result.plan.seed, 5);
  // Idle cores that halt at once poll for the run (as root) and halt at once again after it.
  assert.deepEqual(readIdlePolling(), idleBefore, 'the halt polling setting is put back');
  if (idleBefore.governor !== 'haltpoll') assert.equal(result.environment.idlePolling, undefined);
  else if (haltsAtOnce(idleBefore) && process.getuid?.() === 0)
    assert.deepEqual(
      { ns: result.environment.idlePolling?.haltPollNs, from: result.environment.idlePolling?.setFrom },
      { ns: KERNEL_DEFAULT_HALT_POLL_NS, from: 0 },
    );
  else assert.equal(result.environment.idlePolling?.haltPollNs, idleBefore.haltPollNs);

  assert.match(run.stdout, /scenario json/);
  // the narrow table heads a column with two lines: "CPU" over "µs/req"
  assert.match(run.stdout, /CPU[^\n]*\n[^\n]*µs\/req/);
  const markdown = readFileSync(join(dir, 'report.md'), 'utf8');
  assert.match(markdown, /\| Target +\| +Version/);
  assert.match(markdown, /\| fastify +\|/);

  // The saved result renders again.
  const again = await runCli(['report', join(dir, 'result.json'), '--markdown', join(out, 'again.md')]);
  assert.equal(again.code, 0, again.stderr);
  assert.ok(existsSync(join(out, 'again.md')));
  assert.match(again.stdout, /koa/);

  assert.deepEqual(await leftoverProcesses(run.mark), [], 'no target or generator outlived the run');
});

test('--until-stable adds rounds until the intervals reach 95 %, and says which cells never settled', async () => {
  const out = tempDir('stable');
  const settled = await runCli([
    'run',
    '--targets',
    'node-http',
    '--scenarios',
    'text',
    '--repeats',
    '2',
    '--warmup',
    '0',
    '--until-stable',
    '50',
    '--budget',
    '120',
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(settled.code, 0, settled.stderr);
  const result = resultOf(out);
  // A 95 % interval of the median needs 6 repeats; without a warm-up the first, cold trial may need a few more.
  assert.ok(Math.max(...result.trials.map((t) => t.round)) >= 6);
  assert.ok(result.summaries[0].requestsPerSec!.interval.confidence >= 0.95);
  assert.ok(!result.warnings.some((w) => w.kind === 'unsettled'));

  const out2 = tempDir('unstable');
  const budget = await runCli([
    'run',
    '--targets',
    'node-http',
    '--scenarios',
    'text',
    '--repeats',
    '2',
    '--warmup',
    '0',
    '--until-stable',
    '0.001',
    '--budget',
    '1',
    '--out',
    out2,
    '--quiet',
  ]);
  assert.equal(budget.code, 0, budget.stderr);
  const spent = resultOf(out2);
  assert.ok(spent.trials.length <= 3, 'no round is added once the budget is spent');
  assert.ok(spent.warnings.some((w) => w.kind === 'unsettled' && /node-http\/text never settled/.test(w.message)));
});

test('--budget ends the planned rounds, whole, once one more would end past it, and the report says so', async () => {
  const out = tempDir('budget');
  const cut = await runCli([
    'run',
    '--targets',
    'node-http,polka',
    '--scenarios',
    'text',
    '--repeats',
    '4',
    '--warmup',
    '0',
    '--duration',
    '0.25',
    // already spent when round 1 ends (the starts alone take longer): only the minimum, half the planned rounds, runs
    '--budget',
    '1',
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(cut.code, 0, cut.stderr);
  const result = resultOf(out);
  assert.deepEqual(result.plan.roundBudget, { sec: 1, minRounds: 2 });
  assert.deepEqual([...new Set(result.trials.map((t) => t.round))], [1, 2]);
  for (const round of [1, 2])
    assert.deepEqual(
      new Set(result.trials.filter((t) => t.round === round).map((t) => t.target)),
      new Set(['node-http', 'polka']),
      'every round kept is whole',
    );
  assert.equal(result.complete, true);
  const markdown = readFileSync(join(runFolder(out), 'report.md'), 'utf8');
  assert.match(markdown, /2 interleaved rounds \(4 planned; one more would have ended past the run's budget of 1 s\)/);
});

test('a named engine runs the same trial through gauntlet, and one that cannot carry the load is refused', async () => {
  const out = tempDir('wrk');
  const run = await runCli([
    'run',
    '--targets',
    'node-http',
    '--scenarios',
    'text,param',
    '--engine',
    'wrk',
    '--repeats',
    '1',
    '--warmup',
    '0',
    // wrk has no warm-up of its own: a trial's warm-up is a wrk run of a whole second before it
    '--trial-warmup',
    '0',
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  assert.equal(result.environment.engine.name, 'wrk');
  for (const trial of result.trials) {
    assertMeasured(trial);
    assert.ok(trial.measurement!.generator.cpuCores > 0, 'the generator CPU was read over the window');
    assert.equal(trial.measurement!.statusCounts['200'], trial.measurement!.requests);
    assert.equal(trial.measurement!.latencyPer, 'batch', 'pipelined through wrk: one latency per batch');
    assert.ok(
      trial.measurement!.latencyMs.p99 > 0,
      'no zero percentiles (wrk 4.1 leaves them after its own correction)',
    );
  }
  assert.match(run.stdout, /latency here is per pipelined batch of 10 requests/);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
  const refused = await runCli(['run', '--suite', 'saas', '--engine', 'h2load']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /engine h2load cannot carry this load/);
});

test('a target whose status lines have no reason phrase (h3) is measured by an engine that reads them, and the report says so', async (t) => {
  if (h2loadEngine.unavailableReason()) return t.skip('h2load is not installed: every engine reads h3');
  const out = tempDir('no-reason');
  const run = await runCli([
    'run',
    '--targets',
    'node-http,h3',
    '--scenarios',
    'text',
    '--repeats',
    '1',
    '--warmup',
    '0',
    '--out',
    out,
    '--quiet',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const trial = (target: string) => result.trials.find((x) => x.target === target)!;
  assert.equal(result.environment.scenarioEngines?.text.name, 'h2load');
  assert.equal(trial('node-http').engine, 'h2load');
  assert.equal(trial('node-http').engineFallback, undefined);
  assertMeasured(trial('h3'));
  assert.equal(
    trial('h3').engine,
    'node-http1',
    'the cheapest engine that times each pipelined request and reads the status',
  );
  assert.match(trial('h3').engineFallback?.reason ?? '', /h2load cannot read its HTTP\/1\.1 status lines/);
  assert.equal(trial('h3').measurement!.statusCounts['200'], trial('h3').measurement!.requests);
  assert.match(run.stdout, /h3 measured by node-http1/);

  // Named, h2load cannot measure h3: its trial fails saying why, the others run.
  const namedOut = tempDir('no-reason-h2load');
  const named = await runCli([
    'run',
    '--targets',
    'node-http,h3',
    '--scenarios',
    'text',
    '--repeats',
    '1',
    '--warmup',
    '0',
    '--engine',
    'h2load',
    '--out',
    namedOut,
    '--quiet',
  ]);
  assert.equal(named.code, 0, named.stderr);
  const namedResult = resultOf(namedOut);
  const h3 = namedResult.trials.find((x) => x.target === 'h3')!;
  assert.equal(h3.status, 'failed');
  assert.match(
    h3.reason ?? '',
    /engine h2load cannot carry this load: it has no reading status lines without a reason phrase/,
  );
  assertMeasured(namedResult.trials.find((x) => x.target === 'node-http'));
  assert.deepEqual(await leftoverProcesses(named.mark), []);
});

test('--processes 2: every target started twice, each process measured once in every round, and none left behind', async () => {
  const out = tempDir('run-processes');
  const run = await runCli([
    'run',
    '--targets',
    'node-http,polka',
    '--processes',
    '2',
    '--repeats',
    '3',
    '--duration',
    '0.5',
    '--warmup',
    '1',
    '--out',
    out,
    '--seed',
    '9',
  ]);
  assert.equal(run.code, 0, run.stderr);
  const result = savedResult(runFolder(out));
  assert.equal(result.plan.processes, 2);
  for (const target of ['node-http', 'polka']) {
    assert.deepEqual(
      (result.starts ?? [])
        .filter((s) => s.target === target)
        .map((s) => s.process)
        .sort(),
      [1, 2],
      `${target} started once per process`,
    );
    for (const round of [1, 2, 3])
      assert.deepEqual(
        result.trials
          .filter((t) => t.target === target && t.round === round && t.status === 'ok')
          .map((t) => t.process)
          .sort(),
        [1, 2],
        `${target}, round ${round}: one trial of each process`,
      );
  }
  const polka = result.summaries.find((s) => s.target === 'polka')!;
  assert.equal(polka.status, 'measured');
  assert.ok(polka.pairedRatio && polka.pairedRatio.median > 0);
  assert.match(run.stdout, /every target in 2 processes/);
  assert.deepEqual(await leftoverProcesses(run.mark), [], 'no process of either target outlived the run');
});

test("--v8-flags: the targets start with them after gauntlet's own, the result records them and the report says so", async () => {
  const out = tempDir('run-v8-flags');
  const flag = '--max-semi-space-size=37'; // a value nothing else on the machine passes
  const seen = new Set<string>();
  const running = runCli([
    'run',
    '--targets',
    'node-http,fastify',
    '--repeats',
    '1',
    '--warmup',
    '1',
    '--v8-flags',
    flag,
    '--out',
    out,
  ]);
  let done = false;
  void running.finally(() => (done = true));
  while (!done) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        if (args.includes(flag)) seen.add(args.join(' '));
      } catch {
        // gone meanwhile
      }
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const run = await running;
  assert.equal(run.code, 0, run.stderr);
  for (const target of ['node-http', 'fastify'])
    assert.ok(
      [...seen].some((args) => args.includes(`--no-memory-reducer ${flag} `) && args.includes(`/${target}/`)),
      `${target} ran with gauntlet's flag and then the user's: ${[...seen].join('\n')}`,
    );
  const result = savedResult(runFolder(out));
  assert.deepEqual(result.plan.v8Flags, ['--no-memory-reducer', flag]);
  assert.match(run.stdout, new RegExp(`node and deno targets with --no-memory-reducer ${flag}`));
});
