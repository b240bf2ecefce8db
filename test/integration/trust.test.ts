import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fixtureTargetsDir, leftoverProcesses, resultOf, runCli, runFolder } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const withFixtures = { GAUNTLET_TARGET_DIRS: fixtureTargetsDir };
// Every run here visits its baseline once a round (--baseline-visits 1): the tests judge the other target.

test('a target that answers right at verification and wrongly under load is refused and never ranked', async () => {
  const out = tempDir('cheat');
  const run = await runCli(
    [
      'run',
      '--targets',
      'node-http,cheats-under-load',
      '--scenarios',
      'text,json',
      '--repeats',
      '2',
      '--duration',
      '1',
      '--warmup',
      '0',
      '--baseline-visits',
      '1',
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  assert.ok(
    result.verification.some((v) => v.target === 'cheats-under-load' && v.phase === 'start' && v.ok),
    'it passed verification',
  );
  const caught = result.verification.find((v) => v.target === 'cheats-under-load' && v.phase === 'under-load');
  assert.ok(caught && !caught.ok, 'a failed verification under load is recorded');
  assert.ok(
    caught.failures.some((f) => /bytes per response, its verified answers/.test(f.reason)),
    `the bytes per response gave it away: ${JSON.stringify(caught.failures)}`,
  );
  assert.ok(
    caught.failures.some((f) => /right after the \w+ window/.test(f.reason)),
    'the checks sent after the window failed too',
  );
  assert.equal(
    result.trials.filter((t) => t.target === 'cheats-under-load').length,
    1,
    'not measured again once caught',
  );
  for (const scenario of ['text', 'json']) {
    const cell = result.summaries.find((s) => s.target === 'cheats-under-load' && s.scenario === scenario)!;
    assert.equal(cell.status, 'failed', `${scenario} is failed`);
    assert.equal(cell.ratioToBaseline, undefined);
    assert.match(cell.reason!, /under load/);
  }
  assert.doesNotMatch(
    run.stdout.split('scenario text')[1].split('\n').slice(0, 6).join('\n'),
    /cheats-under-load +│/,
    'not in the ranked rows',
  );
  // The honest target's trials carry the size check.
  const honest = result.trials.find((t) => t.target === 'node-http')!;
  assert.equal(honest.answerSize?.ok, true);
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('a window too short for its load is extended, or marked invalid and never ranked, charted or used in a ratio', async () => {
  const out = tempDir('window');
  const run = await runCli(
    [
      'run',
      '--targets',
      'node-http,slow-answers',
      '--scenarios',
      'text,json',
      '--repeats',
      '1',
      '--duration',
      '1',
      '--warmup',
      '0',
      '--connections',
      '10',
      '--pipelining',
      '1',
      '--baseline-visits',
      '1',
      '--out',
      out,
    ],
    withFixtures,
    180_000,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const text = result.trials.find((t) => t.target === 'slow-answers' && t.scenario === 'text')!;
  assert.equal(text.status, 'ok', text.reason);
  assert.equal(text.windowExtended?.fromSec, 1);
  assert.ok(
    text.windowExtended!.toSec > 1 && text.measurement!.requests >= 1000,
    'the longer window held enough responses',
  );
  const json = result.trials.find((t) => t.target === 'slow-answers' && t.scenario === 'json')!;
  assert.equal(json.status, 'invalid');
  assert.ok(json.flags.includes('window-too-short'));
  assert.match(json.reason!, /too short for its load/);
  const cell = result.summaries.find((s) => s.target === 'slow-answers' && s.scenario === 'json')!;
  assert.equal(cell.status, 'invalid');
  assert.equal(cell.ratioToBaseline, undefined, 'an invalid cell is never used in a ratio');
  assert.match(run.stdout, /slow-answers: invalid/, 'it is listed with why, not ranked');
  const markdown = readFileSync(join(runFolder(out), 'report.md'), 'utf8');
  const jsonTable = markdown.split('## json')[1] ?? markdown.split('json')[1];
  assert.doesNotMatch(
    jsonTable
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .join('\n'),
    /slow-answers/,
    'not a row of the json table',
  );
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});

test('the warm-up ends once throughput levels off, and stops at its maximum (saying so) when it never does', async () => {
  const out = tempDir('warmup');
  const run = await runCli(
    [
      'run',
      '--targets',
      'paced,warms-slowly',
      '--baseline',
      'paced',
      '--scenarios',
      'json',
      '--repeats',
      '1',
      '--duration',
      '1',
      '--warmup',
      '6',
      '--connections',
      '10',
      // paced answers 1,000 requests a second on a fixed schedule, a few % of a core, so only its
      // throughput is judged, and it is flat however busy the machine; 10 requests in flight
      // keep the schedule fed (at 100 in flight its CPU cost per request was still falling)
      '--pipelining',
      '1',
      '--baseline-visits',
      '1',
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const starts = result.starts ?? [];
  const slow = starts.find((s) => s.target === 'warms-slowly')!;
  assert.equal(slow.warmup.steady, false, `still rising: ${JSON.stringify(slow.warmup.blocks)}`);
  assert.ok(slow.warmup.seconds >= 5.5, `it ran to the maximum (${slow.warmup.seconds} s)`);
  assert.ok(
    result.warnings.some((w) => w.kind === 'warmup-unsteady' && w.target === 'warms-slowly'),
    'a warning names it',
  );
  const steady = starts.find((s) => s.target === 'paced')!;
  assert.equal(steady.warmup.steady, true, `levelled off: ${JSON.stringify(steady.warmup.blocks)}`);
  assert.ok(steady.warmup.seconds < 5.5, `it ended before the maximum (${steady.warmup.seconds} s)`);
  assert.ok(steady.answerSizes.json.bytesPerResponse > 100, 'the answer size was sampled at the start');
});

test('a target that answers malformed HTTP is reported within seconds, with what it sent', async () => {
  const out = tempDir('malformed');
  const started = Date.now();
  const run = await runCli(
    [
      'run',
      '--targets',
      'node-http,malformed-http',
      '--scenarios',
      'text',
      '--repeats',
      '1',
      '--duration',
      '1',
      '--warmup',
      '0',
      '--baseline-visits',
      '1',
      '--out',
      out,
    ],
    withFixtures,
  );
  assert.equal(run.code, 0, run.stderr);
  const result = resultOf(out);
  const failed = result.trials.find((t) => t.target === 'malformed-http')!;
  assert.equal(failed.status, 'failed');
  assert.match(failed.reason!, /answered malformed HTTP: .*HELLO THERE/);
  assert.ok(Date.now() - started < 25_000, 'not after the 30 s ready timeout');
  assert.deepEqual(await leftoverProcesses(run.mark), []);
});
