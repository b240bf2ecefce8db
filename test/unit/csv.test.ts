import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SUMMARY_COLUMNS, TRIAL_COLUMNS, csvField, resultToCsv } from '../../src/report/csv.js';
import { FAILED_TRIAL_REASON, reportResult } from '../helpers/report-result.js';

/** A strict RFC 4180 reader: CRLF records, quoted fields with doubled quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i++;
      for (;;) {
        assert.ok(i < text.length, 'a quoted field is closed');
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
      assert.ok(text[i] === ',' || text.startsWith('\r\n', i), `after a closing quote comes a comma or CRLF, at ${i}`);
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      assert.ok(
        text[i] !== '"' && text[i] !== '\n' && text[i] !== '\r',
        `bare quote or line break outside quotes at ${i}`,
      );
      field += text[i++];
    }
  }
  assert.equal(field, '', 'the text ends with CRLF');
  assert.equal(record.length, 0);
  return records;
}

function asObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  for (const row of rows) assert.equal(row.length, header.length, 'every row has as many fields as the header');
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
}

test('csv fields are quoted only when needed, quotes doubled', () => {
  assert.equal(csvField('plain'), 'plain');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField('two\nlines'), '"two\nlines"');
  assert.equal(csvField('cr\r'), '"cr\r"');
  assert.equal(csvField(undefined), '');
  assert.equal(csvField(61234.5), '61234.5', 'numbers carry no thousands separators');
  assert.equal(csvField(Number.NaN), '');
  assert.equal(csvField(true), 'true');
});

test('one trial row per trial, with its measurement, flags and reasons intact', () => {
  const result = reportResult();
  const { trials } = resultToCsv(result);
  assert.ok(trials.endsWith('\r\n'), 'records end with CRLF (parseCsv refuses a bare line break outside quotes)');
  assert.deepEqual(parseCsv(trials)[0], [...TRIAL_COLUMNS]);
  const rows = asObjects(trials);
  assert.equal(rows.length, result.trials.length);

  const failed = rows.find((r) => r.status === 'failed')!;
  assert.equal(
    failed.reason,
    FAILED_TRIAL_REASON,
    'a reason with a comma, quotes and a line break survives the round trip',
  );
  assert.equal(failed.req_per_s, '', 'a failed trial has no figures');

  for (const [row, source] of rows.map((r, i) => [r, result.trials[i]] as const)) {
    assert.equal(row.target, source.target);
    assert.equal(row.scenario, source.scenario);
    assert.equal(row.round, String(source.round));
    assert.equal(row.flags, source.flags.join(';'));
    const m = source.measurement;
    if (!m) continue;
    assert.ok(Math.abs(Number(row.req_per_s) - m.requestsPerSec) < 0.01, 'req/s as a plain number');
    assert.equal(Number(row.latency_p50_ms), m.latencyMs.p50);
    assert.ok(Math.abs(Number(row.latency_p99_9_ms) - m.latencyMs.p99_9) < 0.001);
    assert.ok(Math.abs(Number(row.server_cpu_us_per_req) - m.server.cpuUsPerRequest) < 0.001);
    assert.equal(Number(row.server_peak_rss_bytes), m.server.peakRssBytes);
    assert.equal(Number(row.generator_cpu_cores), m.generator.cpuCores);
    assert.equal(Number(row.errors), m.errors);
    assert.equal(Number(row.timeouts), m.timeouts);
    assert.equal(Number(row.unexpected_statuses), m.unexpectedStatus);
  }
  assert.ok(rows.some((r) => r.flags === 'generator-bound'));
  assert.ok(rows.some((r) => r.status === 'invalid' && r.flags === 'errors' && r.errors === '12'));
});

test("a fanout trial's upstream count and CPU have their columns; other suites leave them empty", () => {
  const result = reportResult();
  const upstream = {
    calls: 5005,
    expectedCalls: 5000,
    allowedBelow: 500,
    allowedAbove: 1000,
    ok: true,
    cpuSeconds: 0.2,
    cpuUsPerRequest: 200,
    cpuCores: 0.1,
  };
  const at = result.trials.findIndex((t) => t.measurement);
  result.trials[at] = { ...result.trials[at], measurement: { ...result.trials[at].measurement!, upstream } };
  const rows = asObjects(resultToCsv(result).trials);
  assert.deepEqual(
    [
      rows[at].upstream_calls,
      rows[at].upstream_expected_calls,
      rows[at].upstream_count_ok,
      rows[at].upstream_cpu_us_per_req,
    ],
    ['5005', '5000', 'true', '200'],
  );
  assert.ok(rows.every((r, i) => i === at || r.upstream_calls === ''));
});

test('one summary row per target and scenario, including cells without figures', () => {
  const result = reportResult();
  const { summaries } = resultToCsv(result);
  assert.deepEqual(parseCsv(summaries)[0], [...SUMMARY_COLUMNS]);
  const rows = asObjects(summaries);
  assert.equal(rows.length, result.summaries.length);
  assert.equal(rows.length, result.plan.targets.length * result.plan.scenarios.length);

  const base = rows.find((r) => r.target === 'node-http' && r.scenario === 'text')!;
  const summary = result.summaries.find((s) => s.target === 'node-http' && s.scenario === 'text')!;
  assert.equal(base.status, 'measured');
  assert.equal(base.baseline, 'true');
  assert.equal(base.ratio_to_baseline, '1');
  assert.ok(Math.abs(Number(base.req_per_s_median) - summary.requestsPerSec!.median) < 0.01);
  assert.ok(
    Number(base.req_per_s_min) <= Number(base.req_per_s_median) &&
      Number(base.req_per_s_median) <= Number(base.req_per_s_max),
  );
  assert.ok(Number(base.req_per_s_interval_confidence) > 0 && Number(base.req_per_s_interval_confidence) <= 1);
  assert.ok(Math.abs(Number(base.cpu_us_per_req_median) - summary.cpuUsPerRequest!.median) < 0.001);
  assert.equal(Number(base.latency_median_p99_ms), summary.latencyMs!.p99);
  assert.equal(Number(base.peak_rss_bytes), summary.peakRssBytes);

  const wrong = rows.find((r) => r.target === 'broken' && r.scenario === 'json')!;
  assert.equal(wrong.status, 'failed');
  assert.match(
    wrong.reason,
    /wrong answer to GET \/json: body was \{"hello":"wrong"\}/,
    'quotes inside a reason survive',
  );
  assert.equal(wrong.req_per_s_median, '');

  const missing = rows.filter((r) => r.target === 'mion');
  assert.equal(missing.length, 3);
  assert.ok(missing.every((r) => r.status === 'not-run' && r.reason.includes('not installable')));

  assert.equal(rows.find((r) => r.target === 'express5' && r.scenario === 'json')!.status, 'invalid');
  assert.equal(rows.find((r) => r.target === 'fastify' && r.scenario === 'param')!.flags, 'generator-bound');
});
