/**
 * The temporary folders of engines, brokers, certificates and counts. Each is named with the
 * process that made it and removed when that process exits, also on Ctrl-C, which ends the run
 * before a `finally` around an engine's trial runs. A gauntlet killed outright leaves its folders;
 * the next gauntlet process that makes one sweeps up those whose maker is gone.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** `gauntlet-<kind>.pid<pid>-<random>`: the kind may hold dashes (redis-server). */
const FOLDER_NAME = /^gauntlet-[a-z0-9-]+\.pid(\d+)-[A-Za-z0-9]+$/;

const made = new Set<string>();
let swept = false;

/** A new, private folder under the system's temporary folder, removed when this process exits. */
export function makeTempFolder(kind: string): string {
  if (!swept) {
    swept = true;
    sweepTempFolders();
  }
  const dir = mkdtempSync(join(tmpdir(), `gauntlet-${kind}.pid${process.pid}-`));
  made.add(dir);
  return dir;
}

export function removeTempFolder(dir: string): void {
  made.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // someone else's process
  }
}

/** Removes the folders under `root` left by gauntlet processes that are gone; returns their paths. */
export function sweepTempFolders(root = tmpdir()): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(FOLDER_NAME.exec(name)?.[1]);
    if (!pid || pid === process.pid || running(pid)) continue;
    const dir = join(root, name);
    try {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // not ours to remove
    }
  }
  return removed;
}

process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
});
