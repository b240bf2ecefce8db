#!/usr/bin/env node
/**
 * Runs the built tests (dist/test) in groups, so that `npm test` fits in minutes on 2 cores:
 *
 *   node scripts/run-tests.mjs          every test: `npm test` (after the tool check, lint and build)
 *   node scripts/run-tests.mjs --fast   the unit tests and the fake-engine pipeline: `npm run test:fast`
 *   node scripts/run-tests.mjs FILE…    only these test files (dist/test/…/*.test.js), grouped the same way
 *
 * The groups, one after another:
 *   1. quiet: unit tests and the integration tests that put no load on a server (refusals,
 *      reports, fake-engine runs): several files at once.
 *   2. loads: integration tests that load real servers but only check what a run records,
 *      two files at once.
 *   3. alone: integration tests that judge a process group's CPU time (settle), check a
 *      setting a run changes on the whole machine (idle polling, on a haltpoll guest), or need the checker's share of
 *      a window's requests to catch a target wrong in 1 of 100 (checks-under-load: beside two
 *      other loads, h2load's windows gave it too few), which another test at the same time would
 *      disturb: one file at a time.
 * A new integration file runs alone until it is listed in QUIET or LOADS.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'test');

/** Integration files that start no load generator on a real server, longest first. */
const QUIET = [
  'cli-errors',
  'agent',
  'pipeline',
  'compare',
  'html-report',
  'warmup',
  'inproc-run',
  'brokers',
  'history',
];
/** Integration files that load real servers and assert on what a run records, not on the figures; longest first. */
const LOADS = [
  'published',
  'instructions',
  'load-hosts',
  'fanout',
  'services-brokers',
  'ab',
  'saas',
  'trust',
  'services-suite',
  'runtimes',
  'k6',
  'h2',
  'turns',
  'calibrate',
  'noise-probe',
  'failures',
  'math-add',
  'cluster',
  'engines',
  'interrupt',
];
/**
 * The run test checks that a run puts the machine's halt polling back; on a haltpoll guest
 * another run at the same time would change it under the test, so there it runs alone.
 */
const haltPolling = (() => {
  try {
    return readFileSync('/sys/devices/system/cpu/cpuidle/current_governor_ro', 'utf8').trim() === 'haltpoll';
  } catch {
    return false;
  }
})();
if (!haltPolling) LOADS.splice(1, 0, 'run');

/** How many files run at once in the quiet and the loads group. */
const QUIET_CONCURRENCY = 3;
const LOADS_CONCURRENCY = 2;

const testFiles = (dir) =>
  readdirSync(join(dist, dir))
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => join(dist, dir, name));
const nameOf = (file) => basename(file, '.test.js');
const isUnit = (file) => relative(dist, file).startsWith('unit');

/** The files among `files` named in `names`, in the order of `names` (the longest start first). */
const listed = (files, names) => names.flatMap((name) => files.filter((f) => !isUnit(f) && nameOf(f) === name));

function groups(files) {
  // the integration files first, so that the short unit files fill in around them
  const quiet = [...listed(files, QUIET), ...files.filter(isUnit)];
  const loads = listed(files, LOADS);
  const alone = files.filter((f) => !quiet.includes(f) && !loads.includes(f));
  return [
    { name: 'quiet', files: quiet, concurrency: QUIET_CONCURRENCY },
    { name: 'loads', files: loads, concurrency: LOADS_CONCURRENCY },
    { name: 'alone', files: alone, concurrency: 1 },
  ].filter((group) => group.files.length > 0);
}

const args = process.argv.slice(2);
const fast = args.includes('--fast');
const named = args.filter((arg) => !arg.startsWith('--'));
const files =
  named.length > 0
    ? named.map((file) => join(root, file))
    : fast
      ? [...testFiles('unit'), join(dist, 'integration', 'pipeline.test.js')]
      : [...testFiles('unit'), ...testFiles('integration')];

if (fast) console.log('# the tests as last built in dist/ (npm run build after a change)');
/** The machine's busy and total CPU time so far (ms, all cores): how full a group kept the cores. */
const cpuTimes = () =>
  cpus().reduce(
    (sum, { times }) => {
      const total = times.user + times.nice + times.sys + times.idle + times.irq;
      return { busy: sum.busy + total - times.idle, total: sum.total + total };
    },
    { busy: 0, total: 0 },
  );

let failed = false;
for (const group of groups(files)) {
  const started = Date.now();
  const cpuBefore = cpuTimes();
  console.log(`\n# ${group.name}: ${group.files.length} file(s), ${group.concurrency} at a time`);
  const ran = spawnSync(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(root, 'scripts', 'test-file-times.mjs')}`,
      '--test-reporter-destination=stdout',
      `--test-concurrency=${group.concurrency}`,
      ...group.files.map((f) => relative(root, f)),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  const cpuAfter = cpuTimes();
  const busy = (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total);
  console.log(
    `# ${group.name}: ${ran.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s, the cores ${Math.round(busy * 100)} % busy`,
  );
  if (ran.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
