/**
 * Generated blocks inside hand-written pages: the text between `<!-- name:start -->` and
 * `<!-- name:end -->` belongs to the generator, everything around it to the page's author.
 */

const start = (name: string) => `<!-- ${name}:start -->`;
const end = (name: string) => `<!-- ${name}:end -->`;

/** The page with the block `name` replaced by `body`; a missing or doubled marker is the page author's slip, named with the file. */
export function replaceBlock(page: string, name: string, body: string, file: string): string {
  const from = page.indexOf(start(name));
  const to = page.indexOf(end(name));
  if (from < 0 || to < from || page.indexOf(start(name), from + 1) >= 0)
    throw new Error(`${file}: needs exactly one ${start(name)} … ${end(name)} pair for npm run docs:reference`);
  return `${page.slice(0, from)}${start(name)}\n${body.trimEnd()}\n${page.slice(to)}`;
}

/** The page with every block replaced, in the order given. */
export function replaceBlocks(page: string, blocks: Record<string, string>, file: string): string {
  return Object.entries(blocks).reduce((text, [name, body]) => replaceBlock(text, name, body, file), page);
}
