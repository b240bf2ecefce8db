/**
 * Installs one variant into its own cache folder and builds a target that runs against it:
 * the compiled target app is copied beside the variant's node_modules (inside the project,
 * so every other package still resolves from gauntlet's own node_modules).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from '../core/errors.js';
import { projectRoot, targetsDir } from '../core/paths.js';
import type { Target } from '../targets/registry.js';
import type { VariantSpec } from './variant-spec.js';

const run = promisify(execFile);
export const AB_CACHE = join(projectRoot, '.gauntlet', 'ab');

function cacheFolder(spec: VariantSpec): string {
  return join(AB_CACHE, spec.installSpec.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 120));
}

/** The version installed in the variant's own node_modules (not gauntlet's). */
function variantVersion(folder: string, pkg: string): string | undefined {
  const file = join(folder, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version : undefined;
}

async function install(spec: VariantSpec, folder: string): Promise<void> {
  const version = spec.installSpec.slice(spec.packageName.length + 1);
  // A published exact version never changes: reuse its install. A local checkout is reinstalled each time.
  if (!spec.local && /^\d+\.\d+\.\d+$/.test(version) && variantVersion(folder, spec.packageName) === version) return;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // type: module, because the copied target apps are compiled ES modules.
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify({ name: 'gauntlet-ab-variant', private: true, type: 'module' }, null, 2)}\n`);
  try {
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--legacy-peer-deps', '--install-links', '--save-exact', '--loglevel=error', spec.installSpec],
      { cwd: folder, timeout: 300_000 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? (error as Error).message;
    throw new UserError('GAUNTLET_VARIANT_INSTALL', `npm could not install ${spec.text}:\n${stderr.trim()}`, 'check the version exists (npm view NAME versions) or the path holds a package.json');
  }
}

export async function variantTarget(base: Target, spec: VariantSpec, label: string): Promise<Target> {
  if (!base.packages.includes(spec.packageName)) {
    throw new UserError(
      'GAUNTLET_VARIANT_PACKAGE',
      `${spec.text} replaces ${spec.packageName}, which target ${base.name} does not use`,
      `${base.name} uses: ${base.packages.join(', ') || 'no packages'}`,
    );
  }
  const folder = cacheFolder(spec);
  await install(spec, folder);
  // The app and the _lib it imports, copied so that module resolution finds the variant first.
  const targetsCopy = join(folder, 'targets');
  rmSync(targetsCopy, { recursive: true, force: true });
  cpSync(join(targetsDir, '_lib'), join(targetsCopy, '_lib'), { recursive: true });
  cpSync(base.dir, join(targetsCopy, base.name), { recursive: true });
  if (variantVersion(folder, spec.packageName) === undefined) {
    throw new UserError('GAUNTLET_VARIANT_INSTALL', `${spec.text} did not install ${spec.packageName} into ${folder}`);
  }
  return {
    ...base,
    name: label,
    title: `${base.title} ${label}`,
    description: `${base.description} (variant ${spec.text})`,
    dir: join(targetsCopy, base.name),
    packageRoots: [folder],
  };
}
