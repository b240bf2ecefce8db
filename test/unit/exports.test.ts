/**
 * The export formats, checked against the schemas their projects document
 * (test/helpers/export-schemas.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { UserError } from '../../src/core/errors.js';
import { toBmf, toGithubBenchmark } from '../../src/export/formats.js';
import { metricsOfCounts, metricsOfRun } from '../../src/export/metrics.js';
import { githubBenchmarkFiles, parseExports } from '../../src/export/write-exports.js';
import { validBmf, validGithubBenchmark } from '../helpers/export-schemas.js';
import { countsDocument, measurement, plan, summarizedResult, trial } from '../helpers/synthetic.js';

function timedResult() {
  const p = plan({ targets: ['base', 'other'], scenarios: ['json'], baseline: 'base' });
  const trials = [1, 2, 3].flatMap((round) => [
    trial('base', 'json', round, measurement(10_000 + round * 100)),
    trial('other', 'json', round, measurement(8_000 + round * 100)),
    trial('broken', 'json', round, undefined),
  ]);
  return summarizedResult(p, trials);
}

test('a timed run in BMF: one benchmark per measured cell, its measures in Bencher units, the interval as lower and upper value', () => {
  const bmf = toBmf(metricsOfRun(timedResult()));
  assert.ok(validBmf(bmf), JSON.stringify(validBmf.errors));
  assert.deepEqual(Object.keys(bmf).sort(), ['hello/json/base', 'hello/json/other'], 'a failed cell is left out');
  const other = bmf['hello/json/other'];
  assert.equal(other.throughput.value, 8_200, 'the median req/s');
  assert.ok(other.throughput.lower_value! <= 8_200 && other.throughput.upper_value! >= 8_200);
  assert.equal(other['latency-p50'].value, 9e6, '9 ms in nanoseconds');
  assert.equal(other['latency-p99'].value, 30e6);
  assert.ok(Math.abs(other['cpu-per-request'].value - (1e6 / 8_200) * 1e3) < 1e-6, 'µs per request in nanoseconds');
  assert.equal(other['peak-rss'].value, 80e6);
  assert.ok(other['throughput-vs-baseline'], 'the ranking figure, for the targets beside the baseline');
  assert.equal(
    bmf['hello/json/base']['throughput-vs-baseline'],
    undefined,
    'the baseline is not ranked against itself',
  );
  for (const measures of Object.values(bmf))
    for (const slug of Object.keys(measures))
      assert.ok(slug.length <= 64, `a Bencher measure slug is at most 64 characters: ${slug}`);
});

test('a counted run in BMF: instructions per request, the median over processes between the lowest and the highest', () => {
  const doc = countsDocument([
    ['A', 1, 100_000],
    ['A', 2, 100_400],
    ['A', 3, 100_100],
    ['B', 1, 150_000],
  ]);
  const bmf = toBmf(metricsOfCounts(doc));
  assert.ok(validBmf(bmf), JSON.stringify(validBmf.errors));
  assert.deepEqual(bmf['hello/json/A']['instructions-per-request'], {
    value: 100_100,
    lower_value: 100_000,
    upper_value: 100_400,
  });
});

test('github-action-benchmark: the bigger-is-better and smaller-is-better inputs, each as its README documents', () => {
  const { bigger, smaller } = toGithubBenchmark(metricsOfRun(timedResult()));
  assert.ok(validGithubBenchmark(bigger), JSON.stringify(validGithubBenchmark.errors));
  assert.ok(validGithubBenchmark(smaller), JSON.stringify(validGithubBenchmark.errors));
  assert.deepEqual(
    bigger.map((e) => e.name),
    ['hello/json/base - throughput', 'hello/json/other - throughput', 'hello/json/other - throughput-vs-baseline'],
  );
  assert.ok(smaller.some((e) => e.name === 'hello/json/other - cpu-per-request' && e.unit === 'ns'));
  assert.ok(
    smaller.every((e) => !e.name.endsWith('throughput')),
    'throughput is never smaller-is-better',
  );
  assert.match(bigger[1].range ?? '', /^± [\d.e+]+$/);
  assert.deepEqual(githubBenchmarkFiles('out/bench.json'), {
    bigger: 'out/bench-bigger-is-better.json',
    smaller: 'out/bench-smaller-is-better.json',
  });
});

test('--export takes a format and a file, pair by pair; anything else is refused with its code', () => {
  assert.deepEqual(parseExports(['bmf', 'a.json', 'github-action-benchmark', 'b.json']), [
    { format: 'bmf', file: 'a.json' },
    { format: 'github-action-benchmark', file: 'b.json' },
  ]);
  assert.deepEqual(parseExports(undefined), []);
  assert.throws(
    () => parseExports(['bmf']),
    (e: UserError) => e.code === 'GAUNTLET_BAD_OPTION_VALUE' && /a format and a file/.test(e.message),
  );
  assert.throws(
    () => parseExports(['csv', 'a.csv']),
    (e: UserError) => e.code === 'GAUNTLET_UNKNOWN_VALUE' && /bmf, github-action-benchmark/.test(e.hint ?? ''),
  );
});
