/**
 * The help stays short and timeless: every option says what it does, its unit and its default
 * in at most 200 characters; no help text cites the README, a commit or a clock time; and
 * docs/cli.md is what the definitions render (npm run docs:cli).
 */
import assert from 'node:assert/strict';
import type { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/program.js';
import { CLI_DOC_FILE, renderCliDoc } from '../../src/docs/cli-doc.js';
import { DATING_PATTERNS } from '../helpers/timeless.js';

const MAX_OPTION_HELP = 200;

/** Words a newcomer cannot follow or that date the text. */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/README/, 'cites the README'],
  [/(?<!-)\bseed \d/i, 'names a seed report'],
  [/How far a ranking holds/i, 'cites a README section'],
  [/main job/i, 'says "main job" for the default run'],
  ...DATING_PATTERNS,
];

function allCommands(command: Command): Command[] {
  return [command, ...command.commands.flatMap(allCommands)];
}

const commandPath = (command: Command): string =>
  command.parent ? `${commandPath(command.parent)} ${command.name()}` : command.name();

/** What the command prints after its help (examples, exit codes). */
function afterHelp(command: Command): string {
  let text = '';
  (command as unknown as EventEmitter).emit('afterHelp', {
    error: false,
    command,
    write: (chunk: string) => (text += chunk),
  });
  return text;
}

const program = buildProgram();
const commands = allCommands(program);

test('every command and subcommand is found', () => {
  const names = commands.map(commandPath);
  for (const name of ['gauntlet run', 'gauntlet ab', 'gauntlet runtimes add', 'gauntlet export k6', 'gauntlet help'])
    assert.ok(names.includes(name), `${name} missing from ${names.join(', ')}`);
});

test(`every option's help, default included, is at most ${MAX_OPTION_HELP} characters`, () => {
  const long: string[] = [];
  for (const command of commands) {
    const help = command.createHelp();
    for (const option of command.options) {
      const text = help.optionDescription(option);
      if (!option.description) long.push(`${commandPath(command)} ${option.flags}: no description`);
      if (text.length > MAX_OPTION_HELP)
        long.push(`${commandPath(command)} ${option.flags}: ${text.length} characters`);
    }
  }
  assert.deepEqual(long, []);
});

test('no help text cites the README or a seed report, or holds a commit hash or a clock time', () => {
  const found: string[] = [];
  for (const command of commands) {
    const help = command.createHelp();
    const texts = [
      command.description(),
      command.summary(),
      afterHelp(command),
      ...help.visibleArguments(command).map((arg) => help.argumentDescription(arg)),
      ...command.options.map((option) => help.optionDescription(option)),
    ];
    for (const text of texts)
      for (const [pattern, why] of FORBIDDEN)
        if (pattern.test(text)) found.push(`${commandPath(command)} ${why}: ${pattern.exec(text)?.[0]}`);
  }
  assert.deepEqual(found, []);
});

test('the forbidden patterns catch what they are meant to', () => {
  const caught = (text: string) => FORBIDDEN.some(([pattern]) => pattern.test(text));
  for (const text of ['see README', 'as seed 001 did', 'Seed 000', 'on 605b630', 'at 14:36', 'the main job'])
    assert.ok(caught(text), text);
  for (const text of ['ramp:0-100/30s', 'http://10.0.0.5:3000', '--seed 42', 'fastify@5.12.8', 'node@24'])
    assert.ok(!caught(text), text);
});

test('docs/cli.md is generated from the command definitions (run npm run docs:cli)', () => {
  assert.equal(
    readFileSync(CLI_DOC_FILE, 'utf8'),
    renderCliDoc(buildProgram()),
    'docs/cli.md is out of date: npm run docs:cli',
  );
});
