import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { projectRoot, tempDir } from '../helpers/cli.js';

const exec = promisify(execFile);

test('npm pack gives a package that a plain npm install takes, where the API and the CLI both work', {
  timeout: 300_000,
}, async () => {
  const dir = tempDir('pack');
  // dist/ is already built by pretest; --ignore-scripts packs it as it is.
  await exec('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: projectRoot });
  const app = join(dir, 'app');
  await exec('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const { version } = (await import(join(projectRoot, 'package.json'), { with: { type: 'json' } })).default as {
    version: string;
  };
  await exec(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--omit=dev',
      join(dir, `gauntlet-bench-${version}.tgz`),
    ],
    {
      cwd: app,
      maxBuffer: 1 << 24,
    },
  );
  writeFileSync(
    join(app, 'use.mjs'),
    `import { verify, RUN_DEFAULTS } from 'gauntlet-bench';
const outcome = await verify({ targets: ['node-http', 'fastify'], scenarios: ['json'] });
console.log(JSON.stringify({ runtimes: outcome.runtimes.map((r) => r.id), verdicts: outcome.verdicts, repeats: RUN_DEFAULTS.repeats }));`,
  );
  const used = JSON.parse((await exec(process.execPath, ['use.mjs'], { cwd: app })).stdout) as {
    runtimes: string[];
    verdicts: Array<{ target: string; ok: boolean }>;
    repeats: number;
  };
  assert.deepEqual(
    used.runtimes,
    ['node@24'],
    'targets run on the default runtime, found in the consumer node_modules',
  );
  assert.deepEqual(
    used.verdicts.map((v) => [v.target, v.ok]),
    [
      ['node-http', true],
      ['fastify', true],
    ],
  );
  assert.equal(used.repeats, 3);
  const cli = await exec(join(app, 'node_modules', '.bin', 'gauntlet'), ['list', '--json'], {
    cwd: app,
    maxBuffer: 1 << 24,
  });
  const listed = JSON.parse(cli.stdout) as { targets: Array<{ name: string; available: boolean; reason?: string }> };
  assert.ok(
    listed.targets.some((t) => t.name === 'fastify' && t.available),
    'the CLI finds the hoisted frameworks',
  );
  // the Wooks 0.6 line installs only with legacy peer deps: left out, with the command that adds it
  const moost = listed.targets.find((t) => t.name === 'moost');
  assert.equal(moost?.available, false);
  assert.match(moost?.reason ?? '', /npm install moost@0\.5\.33 .*wooks@0\.6\.5.* --legacy-peer-deps/);
});
