/** Temporary folders: gone when their maker exits, even by Ctrl-C, and swept up when it was killed outright. */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { makeTempFolder, removeTempFolder, sweepTempFolders } from '../../src/proc/temp-folders.js';
import { projectRoot } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dir.js';

const module = pathToFileURL(join(projectRoot, 'dist', 'src', 'proc', 'temp-folders.js')).href;

test('a folder made by a process that exits on a signal handler is removed with it', () => {
  // As a run stopped by Ctrl-C: the folder's finally never runs, the process exits with 130.
  const child = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { makeTempFolder } from '${module}';
       const dir = makeTempFolder('h2load');
       console.log(dir);
       process.on('SIGINT', () => process.exit(130));
       process.kill(process.pid, 'SIGINT');
       setTimeout(() => {}, 5000);`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(child.status, 130, child.stderr);
  const dir = child.stdout.trim();
  assert.match(dir, new RegExp(`gauntlet-h2load\\.pid${child.pid}-`));
  assert.equal(existsSync(dir), false);
});

test("the folders of a gauntlet killed outright are swept up, a running one's and others' are kept", () => {
  const root = tempDir('sweep');
  const deadPid = Number(execFileSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }));
  const dead = join(root, `gauntlet-redis-server.pid${deadPid}-Ab12Cd`);
  const alive = join(root, `gauntlet-wrk.pid${process.ppid}-Ab12Cd`);
  const other = join(root, 'gauntlet-count-ab-Ab12Cd');
  for (const dir of [dead, alive, other]) mkdirSync(dir);
  assert.deepEqual(sweepTempFolders(root), [dead]);
  assert.equal(existsSync(dead), false);
  assert.ok(existsSync(alive), 'its maker still runs');
  assert.ok(existsSync(other), 'not a folder of this kind');
});

test('a folder is removed at once when its maker is done with it', () => {
  const dir = makeTempFolder('wrk');
  assert.ok(existsSync(dir));
  removeTempFolder(dir);
  assert.equal(existsSync(dir), false);
});
