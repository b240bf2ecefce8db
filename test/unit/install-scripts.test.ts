import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test } from 'node:test';
import { allowedInstallScripts, variantManifest } from '../../src/ab/variant-manifest.js';
import { projectRoot } from '../../src/core/paths.js';

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
  link?: boolean;
}

/** The installed packages (not gauntlet itself, not its workspace links) whose install script npm would run. */
function packagesWithInstallScripts(): string[] {
  const lock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && entry.hasInstallScript && !entry.link)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

test('every dependency with an install script is named in allowScripts, so npm 12 builds the tree npm 11 does', () => {
  const allowed = allowedInstallScripts();
  const withScripts = packagesWithInstallScripts();
  assert.ok(withScripts.includes('cbor-extract'), 'the lockfile is read: cbor-extract builds cbor-x native decoder');
  const unreviewed = withScripts.filter((name) => !(name in allowed));
  assert.deepEqual(unreviewed, [], 'review these install scripts, then `npm install-scripts approve <pkg>` (or deny)');
  const stale = Object.keys(allowed).filter((name) => !withScripts.includes(name));
  assert.deepEqual(
    stale,
    [],
    'allowScripts names packages no longer installed with a script: `npm install-scripts prune`',
  );
});

test("cbor-x's native decoder was built, so the services suite's CBOR serializer runs what moleculer users run", () => {
  // Without its install script (npm 12 and no allowScripts entry) cbor-x silently decodes strings in JavaScript.
  const load = createRequire(join(projectRoot, 'package.json'));
  assert.equal(typeof (load('cbor-extract') as { extractStrings?: unknown }).extractStrings, 'function');
});

test("an ab variant's folder allows the install scripts gauntlet's own package.json allows", () => {
  const manifest = variantManifest({ name: 'gauntlet-ab-variant', type: 'module' });
  assert.equal(manifest.name, 'gauntlet-ab-variant');
  assert.equal(manifest.private, true);
  assert.deepEqual(manifest.allowScripts, allowedInstallScripts());
  assert.equal((manifest.allowScripts as Record<string, boolean>)['cbor-extract'], true);
});
