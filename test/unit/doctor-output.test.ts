/** `gauntlet doctor` fits 120 columns: a short table, then the install commands of what is missing below it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DoctorCheck, doctorChecks, doctorLines, shortVersion } from '../../src/cli/doctor-checks.js';

test('doctor: every check in one short row, the install commands of the missing ones below the table', () => {
  // This machine's checks, with every optional one made missing: the longest install commands there are.
  const checks: DoctorCheck[] = doctorChecks().map((c) =>
    c.required ? c : { ...c, found: false, version: 'not found', detail: 'not found' },
  );
  const lines = doctorLines(checks);
  for (const line of lines) assert.ok([...line].length <= 120, `${[...line].length} characters: ${line}`);
  const rule = lines.findIndex((line) => /^ {2}─+/.test(line));
  const below = lines.indexOf('To install what is missing:');
  assert.ok(rule > 0 && below > rule + checks.length, 'the install commands come after the table');
  const table = lines.slice(0, rule + 1 + checks.length).join('\n');
  assert.doesNotMatch(table, /apt-get|go install/, 'no install command inside the table');
  const rest = lines.slice(below).join('\n');
  assert.match(rest, /^ {2}wrk +apt-get install -y wrk$/m);
  assert.match(rest, /^ {2}k6 +go install go\.k6\.io\/k6@/m);
  assert.match(rest, /sudo bash \S*install-tools\.sh/);
  assert.match(table, /^ {2}missing +wrk +not found +HTTP\/1\.1 engine/m);
});

test('doctor: nothing missing, nothing to install', () => {
  const checks = doctorChecks().map((c) => ({ ...c, found: true }));
  assert.equal(doctorLines(checks).at(-1), 'Nothing is missing.');
});

test('doctor: versions in a few characters', () => {
  assert.equal(shortVersion('wrk debian/4.1.0-3+b2 [epoll] Copyright (C) 2012 Will Glozer'), '4.1.0-3+b2');
  assert.equal(shortVersion('Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0'), '7.0.15');
  assert.equal(shortVersion('OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)'), '3.0.19');
  assert.equal(shortVersion('readable'), 'readable');
});
