/** `gauntlet help [topic]`: the manual's pages in the terminal, and a command's help by its name. */
import type { Command } from 'commander';
import { helpPage, helpTopics, isHelpTopic, unknownTopic } from '../../docs/help-topics.js';

export function registerHelp(program: Command): void {
  program
    .command('help')
    .summary('the manual, by topic')
    .description('print a page of the manual (docs/<topic>.md), or list the topics')
    .argument('[topic]', "a topic, or a command's name for its --help")
    .addHelpText(
      'after',
      `
Examples:
  gauntlet help                 the topics
  gauntlet help statistics      how intervals and verdicts are computed
  gauntlet help run             the same as gauntlet run --help
  gauntlet help engines | less`,
    )
    .action((topic: string | undefined) => {
      if (topic === undefined) {
        console.log(topicList());
        return;
      }
      if (isHelpTopic(topic)) {
        console.log(helpPage(topic));
        return;
      }
      const command = program.commands.find((c) => c.name() === topic && c.name() !== 'help');
      if (!command) throw unknownTopic(topic);
      command.outputHelp();
    });
}

function topicList(): string {
  const topics = helpTopics();
  const width = Math.max(0, ...topics.map((topic) => topic.name.length));
  return [
    'Topics (gauntlet help <topic>):',
    ...topics.map((topic) => `  ${topic.name.padEnd(width)}  ${topic.title}`),
    '',
    "A command's options: gauntlet <command> --help, or gauntlet help <command>.",
  ].join('\n');
}
