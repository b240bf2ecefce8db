/**
 * The topics of `gauntlet help <topic>`: the pages of the manual in docs/, found when asked,
 * so that a page added there is a topic at once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { projectRoot } from '../core/paths.js';

export const DOCS_DIR = join(projectRoot, 'docs');

export interface HelpTopic {
  name: string;
  /** The page's first heading. */
  title: string;
}

/** Every page in docs/, by name, with its title. */
export function helpTopics(): HelpTopic[] {
  if (!existsSync(DOCS_DIR)) return [];
  return readdirSync(DOCS_DIR)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(DOCS_DIR, file), 'utf8');
      return { name: file.slice(0, -'.md'.length), title: /^#\s+(.+)$/m.exec(text)?.[1] ?? '' };
    });
}

export function isHelpTopic(name: string): boolean {
  return helpTopics().some((topic) => topic.name === name);
}

/** The page of a topic as it reads in a terminal: its Markdown without the comments meant for editors. */
export function helpPage(name: string): string {
  const topics = helpTopics();
  if (!topics.some((topic) => topic.name === name)) throw unknownTopic(name, topics);
  return readFileSync(join(DOCS_DIR, `${name}.md`), 'utf8')
    .replace(/<!--[\s\S]*?-->\n*/g, '')
    .trimEnd();
}

export function unknownTopic(name: string, topics: HelpTopic[] = helpTopics()): UserError {
  return new UserError(
    'GAUNTLET_UNKNOWN_TOPIC',
    `no help topic "${name}"`,
    topics.length > 0
      ? `gauntlet help takes one of: ${topics.map((topic) => topic.name).join(', ')}, or a command's name`
      : `no manual pages found in ${DOCS_DIR}; gauntlet <command> --help shows a command's options`,
  );
}
