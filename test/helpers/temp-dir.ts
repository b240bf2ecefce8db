import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folders this test file made: removed when it exits having passed, kept to look at when it failed. */
const made: string[] = [];

function removeIfPassed(code: number): void {
  if (code !== 0) return;
  for (const dir of made) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // a folder a test's process still writes to, or owned elsewhere: the OS cleans /tmp in time
    }
  }
}

/** A new empty folder under the system's temporary directory, named `gauntlet-<prefix>-…`. */
export function tempDir(prefix: string): string {
  if (made.length === 0) process.on('exit', removeIfPassed);
  const dir = mkdtempSync(join(tmpdir(), `gauntlet-${prefix}-`));
  made.push(dir);
  return dir;
}
