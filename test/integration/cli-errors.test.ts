import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { join } from 'node:path';
import { cliFile, projectRoot, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

test('an unknown suite is refused, listing the valid ones', async () => {
  const out = await runCli(['run', '--suite', 'nope']);
  assert.equal(out.code, 2);
  assert.match(out.stderr, /unknown suite "nope" for --suite/);
  assert.match(out.stderr, /--suite takes one of: hello/);
});

test('an unknown target is refused, listing the valid ones', async () => {
  const out = await runCli(['run', '--targets', 'fastify,expresss']);
  assert.equal(out.code, 2);
  assert.match(out.stderr, /unknown target "expresss" for --targets/);
  assert.match(out.stderr, /express5/);
});

test('an unknown scenario, engine and flag are refused', async () => {
  const scenario = await runCli(['run', '--scenarios', 'txt']);
  assert.equal(scenario.code, 2);
  assert.match(
    scenario.stderr,
    /unknown scenario of the hello suite "txt".*\n.*--scenarios takes one of: text, json, param/,
  );
  const engine = await runCli(['run', '--engine', 'wrk2']);
  assert.equal(engine.code, 2);
  assert.match(engine.stderr, /unknown engine "wrk2".*\n.*autocannon/);
  const flag = await runCli(['run', '--repeat', '3']);
  assert.notEqual(flag.code, 0);
  assert.match(flag.stderr, /unknown option '--repeat'/);
  assert.match(flag.stderr, /--repeats/);
});

test('a bad number names the flag and what it takes', async () => {
  const out = await runCli(['run', '--repeats', 'three']);
  assert.notEqual(out.code, 0);
  assert.match(out.stderr, /--repeats takes a whole number above 0, got "three"/);
  const duration = await runCli(['run', '--duration', '0']);
  assert.match(duration.stderr, /--duration takes seconds above 0/);
});

test('report refuses a file that is not a result', async () => {
  const out = await runCli(['report', '/etc/hostname']);
  assert.equal(out.code, 2);
  assert.match(out.stderr, /is not JSON/);
});

test('list --json says which targets are available and why not', async () => {
  const out = await runCli(['list', '--json']);
  assert.equal(out.code, 0);
  const listing = JSON.parse(out.stdout) as {
    targets: Array<{ name: string; available: boolean; reason?: string }>;
    engines: Array<{ name: string }>;
  };
  const mion = listing.targets.find((t) => t.name === 'mion')!;
  assert.equal(mion.available, false);
  assert.match(mion.reason!, /npm registry/);
  for (const name of [
    'node-http',
    'express4',
    'express5',
    'fastify',
    'koa',
    'hapi',
    'hono',
    'restify',
    'h3',
    'polka',
    'tuft',
    '0http',
    'elysia',
    'nest-express',
    'nest-fastify',
    'moost',
    'wooks',
    'wooks-0.6',
  ]) {
    assert.equal(listing.targets.find((t) => t.name === name)?.available, true, `${name} should be available`);
  }
  assert.ok(listing.engines.some((e) => e.name === 'autocannon'));
});

test('every command has --help with examples', async () => {
  for (const command of ['run', 'list', 'verify', 'report', 'doctor']) {
    const out = await runCli([command, '--help']);
    assert.equal(out.code, 0, command);
    assert.match(out.stdout, /Examples:/, `${command} --help has no examples`);
  }
});

test('a reader that stops early is not a crash: the command ends quietly with its own exit code', async () => {
  // `true` exits at once, long before node has loaded gauntlet, so every write to stdout
  // meets a closed pipe (EPIPE), as `gauntlet list | head -1` does once head has its line.
  for (const args of ['run --help', 'list']) {
    const out = spawnSync('bash', ['-c', `"${process.execPath}" "${cliFile}" ${args} | true; exit \${PIPESTATUS[0]}`], {
      encoding: 'utf8',
    });
    assert.equal(out.status, 0, `${args}: ${out.stderr}`);
    assert.doesNotMatch(out.stderr, /GAUNTLET_INTERNAL|EPIPE/, args);
  }
});

test('the benches refuse a misspelt option at once, and stop with gauntlet when its run fails', () => {
  const bench = (file: string, args: string[]) =>
    spawnSync(process.execPath, [join(projectRoot, 'dist', 'src', 'bench', file), ...args], {
      encoding: 'utf8',
      timeout: 60_000,
    });
  const misspelt = bench('stability.js', ['--lable', 'x']);
  assert.equal(misspelt.status, 2);
  assert.match(misspelt.stderr, /error GAUNTLET_USAGE: unknown option --lable for npm run bench:stability/);
  assert.doesNotMatch(misspelt.stderr, /run 1 of 2/);
  const help = bench('stability.js', ['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: npm run bench:stability/);
  // --rounds re-reads saved runs: without --from it would silently run the whole job instead
  const roundsAlone = bench('stability.js', ['--rounds', '8']);
  assert.equal(roundsAlone.status, 2);
  assert.match(
    roundsAlone.stderr,
    /error GAUNTLET_USAGE: --rounds and --baseline-visits re-read saved runs, and need --from/,
  );
  assert.doesNotMatch(roundsAlone.stderr, /run 1 of 2/);
  const roundsWord = bench('stability.js', ['--from', 'a', 'b', '--rounds', 'all']);
  assert.equal(roundsWord.status, 2);
  assert.match(roundsWord.stderr, /error GAUNTLET_BAD_OPTION_VALUE: --rounds takes a whole number above 0, got "all"/);
  const missing = bench('stability.js', ['--from', '/nonexistent-run', '/nonexistent-run-2']);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /error GAUNTLET_NO_SUCH_FILE: \/nonexistent-run does not exist/);
  // A flag gauntlet run refuses: the bench passes on its exit code and says where its error is.
  const refused = bench('stability.js', ['--out', tempDir('bench-refused'), '--', '--repats', '8']);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /Did you mean --repeats\?/);
  assert.match(refused.stderr, /npm run bench:stability: gauntlet run exited with 2 \(its error is above\)/);
  // run's own --help measures nothing: refused with a usage error, not a crash
  const runHelp = bench('stability.js', ['--out', tempDir('bench-run-help'), '--', '--help']);
  assert.equal(runHelp.status, 2);
  assert.match(runHelp.stderr, /error GAUNTLET_USAGE: gauntlet run --help measured nothing/);
  assert.doesNotMatch(runHelp.stderr, /GAUNTLET_INTERNAL/);
  const runs = bench('ab-sensitivity.js', ['polka', 'a', 'b', '--runs', 'two']);
  assert.equal(runs.status, 2);
  assert.match(runs.stderr, /error GAUNTLET_BAD_OPTION_VALUE: --runs takes a whole number above 0, got "two"/);
});

test('--v8-flags that are not flags, that node refuses, or on the services suite are refused before anything starts', async () => {
  const notFlag = await runCli(['run', '--targets', 'node-http', '--v8-flags', 'max-semi-space-size=64']);
  assert.equal(notFlag.code, 2);
  assert.match(notFlag.stderr, /--v8-flags takes flags, each starting with "--"; "max-semi-space-size=64" is not one/);
  const refused = await runCli(['run', '--targets', 'node-http', '--v8-flags=--no-such-v8-flag']);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /GAUNTLET_BAD_OPTION_VALUE/);
  assert.match(refused.stderr, /node 24\.\d+\.\d+ does not start with --v8-flags --no-such-v8-flag: .*bad option/);
  assert.doesNotMatch(refused.stdout + refused.stderr, /verif|warm/i, 'nothing was started');
  const services = await runCli(['run', '--suite', 'services', '--v8-flags=--single-threaded']);
  assert.equal(services.code, 2);
  assert.match(services.stderr, /GAUNTLET_OPTION_NOT_FOR_SUITE/);
});

test('what runs on one machine only is refused with --server-host before anything starts or connects', async () => {
  // a destination nothing answers at: a refusal must come before any ssh
  const far = ['--server-host', 'nobody@192.0.2.1'];
  for (const [args, why] of [
    [['run', '--suite', 'fanout'], /the fanout suite's targets need upstream beside them/],
    [['run', '--turns', '--targets', 'node-http,fastify'], /--turns stops and starts the targets/],
    [['run', '--cost', 'instructions', '--targets', 'node-http'], /--cost instructions counts under Valgrind/],
    [['run', '--workers', 'auto'], /--workers auto counts this host's cores/],
  ] as const) {
    const out = await runCli([...args, ...far], {}, 20_000);
    assert.equal(out.code, 2, out.stderr);
    assert.match(out.stderr, /GAUNTLET_SERVER_HOST_UNSUITED/);
    assert.match(out.stderr, why);
  }
});
