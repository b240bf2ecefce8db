// npm's postinstall: installs deps/nest-10/lib (NestJS 10, @nestjs/axios 3, nestjs-undici) from its own
// lockfile, apart from gauntlet's node_modules (see deps/nest-10/package.json for why). Skipped where
// the folder is absent (gauntlet installed from its npm package: the fanout NestJS targets are then
// listed as not installed).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = join(dirname(fileURLToPath(import.meta.url)), '..', 'deps', 'nest-10', 'lib');
if (existsSync(join(lib, 'package-lock.json'))) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', lib, '--ignore-scripts', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
