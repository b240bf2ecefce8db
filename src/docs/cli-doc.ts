/**
 * docs/cli.md, rendered from the commander program itself (every command, its usage, its
 * arguments and options with their defaults, its examples), so that the page cannot drift
 * from `--help` (a unit test compares the two). The program is passed in: src/cli builds it.
 */
import type { EventEmitter } from 'node:events';
import { join } from 'node:path';
import type { Command, Help } from 'commander';
import { projectRoot } from '../core/paths.js';

export const CLI_DOC_FILE = join(projectRoot, 'docs', 'cli.md');

/** A table cell: pipes escaped, angle brackets kept visible outside code. */
const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const codeCell = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;

/** Every command under the program, depth first, with the words that call it. */
function commandsOf(command: Command, path: string[] = []): Array<{ path: string[]; command: Command }> {
  return command.commands.flatMap((sub) => {
    const subPath = [...path, sub.name()];
    return [{ path: subPath, command: sub }, ...commandsOf(sub, subPath)];
  });
}

/** What the command prints after its help (examples, exit codes), as addHelpText gave it. */
function afterHelp(command: Command): string {
  let text = '';
  // A Command is an EventEmitter (its typings leave that out): addHelpText listens for this event.
  (command as unknown as EventEmitter).emit('afterHelp', {
    error: false,
    command,
    write: (chunk: string) => (text += chunk),
  });
  return text.trim();
}

function argumentRows(command: Command, help: Help): string[] {
  const args = help.visibleArguments(command);
  if (args.length === 0) return [];
  return [
    '| argument | what it is |',
    '|---|---|',
    ...args.map((arg) => `| ${codeCell(help.argumentTerm(arg))} | ${cell(help.argumentDescription(arg))} |`),
    '',
  ];
}

/** The options under their --help headings, in the order --help shows them; --help itself left out. */
function optionSections(command: Command, help: Help): string[] {
  const groups = new Map<string, string[]>();
  for (const option of help.visibleOptions(command)) {
    if (option.long === '--help') continue;
    const heading = (option.helpGroupHeading ?? 'Options:').replace(/:$/, '');
    const row = `| ${codeCell(help.optionTerm(option))} | ${cell(help.optionDescription(option))} |`;
    groups.set(heading, [...(groups.get(heading) ?? []), row]);
  }
  const single = groups.size === 1;
  return [...groups].flatMap(([heading, rows]) => [
    ...(single ? [] : [`**${heading}**`, '']),
    '| option | what it does |',
    '|---|---|',
    ...rows,
    '',
  ]);
}

function commandSection(path: string[], command: Command): string[] {
  const help = command.createHelp();
  const after = afterHelp(command);
  return [
    `## gauntlet ${path.join(' ')}`,
    '',
    help.commandDescription(command),
    '',
    '```',
    help.commandUsage(command),
    '```',
    '',
    ...argumentRows(command, help),
    ...optionSections(command, help),
    ...(after ? ['```', after, '```', ''] : []),
  ];
}

export function renderCliDoc(program: Command): string {
  const commands = commandsOf(program);
  return [
    '# Command line',
    '',
    '<!-- Generated from the command definitions in src/cli by `npm run docs:cli`: edit those, not this page. -->',
    '',
    "Every command with its options and their defaults, as `gauntlet <command> --help` prints them. `gauntlet help <topic>` prints this page and the manual's other pages in the terminal.",
    '',
    '| command | what it does |',
    '|---|---|',
    ...commands.map(
      ({ path, command }) =>
        `| [\`gauntlet ${path.join(' ')}\`](#gauntlet-${path.join('-')}) | ${cell(command.summary() || command.description())} |`,
    ),
    '',
    '```',
    afterHelp(program),
    '```',
    '',
    ...commands.flatMap(({ path, command }) => commandSection(path, command)),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
}
