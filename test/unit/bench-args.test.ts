import assert from 'node:assert/strict';
import test from 'node:test';
import { type BenchCommand, readBenchArgs } from '../../src/bench/args.js';
import { positiveCount } from '../../src/core/option-values.js';
import { UserError } from '../../src/core/errors.js';

const COMMAND: BenchCommand = {
  name: 'npm run bench:try',
  usage: 'Usage: npm run bench:try -- …\n',
  options: ['label', 'runs', 'from', 'vs'],
  lists: ['from', 'vs'],
  switches: ['resume'],
  example: 'npm run bench:try -- --label x -- --repeats 8',
};

const refused = (argv: string[], code: string, message: RegExp) =>
  assert.throws(
    () => readBenchArgs(COMMAND, argv),
    (error: unknown) => error instanceof UserError && error.code === code && message.test(error.message),
  );

test('a bench refuses an option it does not know, before anything runs, and names it', () => {
  refused(['--lable', 'x'], 'GAUNTLET_USAGE', /unknown option --lable for npm run bench:try/);
  refused(['--repeats', '8'], 'GAUNTLET_USAGE', /--repeats/);
});

test('a bench option without its value is refused as a bad value', () => {
  refused(['--label'], 'GAUNTLET_BAD_OPTION_VALUE', /--label needs a value/);
});

test('what follows the first -- goes to gauntlet untouched, even flags the bench does not know', () => {
  const args = readBenchArgs(COMMAND, ['--label', 'x', '--', '--repeats', '8', '--', '--weird']);
  assert.notEqual(args, 'help');
  if (args === 'help') return;
  assert.equal(args.values.label, 'x');
  assert.deepEqual(args.passOn, ['--repeats', '8', '--', '--weird']);
});

test('a list option takes every word up to the next option; other words stay positional', () => {
  const args = readBenchArgs(COMMAND, ['polka', 'a', 'b', '--from', 'r1', 'r2', '--vs', 'r3', '--label', 'l', 'p']);
  if (args === 'help') return assert.fail('not asked for help');
  assert.deepEqual(args.lists, { from: ['r1', 'r2'], vs: ['r3'] });
  assert.deepEqual(args.positionals, ['polka', 'a', 'b', 'p']);
  assert.equal(args.values.label, 'l');
  assert.equal(args.values.from, undefined);
});

test('--help and -h ask for the usage', () => {
  assert.equal(readBenchArgs(COMMAND, ['--help']), 'help');
  assert.equal(readBenchArgs(COMMAND, ['--label', 'x', '-h']), 'help');
  assert.notEqual(readBenchArgs(COMMAND, ['--', '--help']), 'help');
});

test('a count is a whole number above 0', () => {
  assert.equal(positiveCount('3', '--runs'), 3);
  for (const bad of ['0', '1.5', 'three', '-2', ''])
    assert.throws(
      () => positiveCount(bad, '--runs'),
      (error: unknown) => error instanceof UserError && error.code === 'GAUNTLET_BAD_OPTION_VALUE',
      bad,
    );
});

test('a switch takes no value: the word after it stays positional, and a value given to it is refused', () => {
  const args = readBenchArgs(COMMAND, ['--resume', 'polka', '--from', 'r1']);
  if (args === 'help') return assert.fail('not asked for help');
  assert.equal(args.values.resume, 'yes');
  assert.deepEqual(args.positionals, ['polka']);
  assert.deepEqual(args.lists.from, ['r1']);
  refused(['--resume=yes'], 'GAUNTLET_BAD_OPTION_VALUE', /--resume takes no value/);
});
