/**
 * A node:test reporter that, at the end of a group, prints the files that took longest: the sum
 * of each file's top-level tests (they run one after another within a file), so a contributor
 * sees where `npm test`'s minutes go. scripts/run-tests.mjs adds it beside the spec reporter.
 */
import { relative } from 'node:path';

/** How many of the slowest files to name. */
const SHOWN = 8;

export default async function* fileTimes(source) {
  const msByFile = new Map();
  for await (const event of source) {
    if ((event.type !== 'test:pass' && event.type !== 'test:fail') || event.data.nesting !== 0) continue;
    const file = event.data.file ?? '(unknown file)';
    msByFile.set(file, (msByFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
  }
  if (msByFile.size === 0) return;
  const slowest = [...msByFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  yield `# the slowest files (their tests' time, one after another):\n`;
  for (const [file, ms] of slowest) {
    yield `#   ${String(Math.round(ms / 1000)).padStart(4)} s  ${relative(process.cwd(), file)}\n`;
  }
}
