/**
 * Installs one variant into its own cache folder and builds a target that runs against it:
 * the compiled target app is copied beside the variant's node_modules (inside the project,
 * so every other package still resolves from gauntlet's own node_modules).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from '../core/errors.js';
import { projectRoot, targetsDir } from '../core/paths.js';
import { targetPinnedSpec } from '../targets/availability.js';
import type { Target } from '../targets/registry.js';
import { variantManifest } from './variant-manifest.js';
import type { VariantSpec } from './variant-spec.js';

const run = promisify(execFile);
export const AB_CACHE = join(projectRoot, '.gauntlet', 'ab');

function cacheFolder(base: Target, spec: VariantSpec): string {
  return join(AB_CACHE, `${base.name}_${spec.installSpec}`.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 120));
}

/**
 * The variant (first: it goes into the folder's package.json) plus the target's other packages at gauntlet's own versions, installed side by
 * side: a package that imports the swapped one (@nestjs/platform-fastify imports fastify) then
 * resolves it from the variant's folder too, not from gauntlet's node_modules.
 */
function installSpecs(base: Target, spec: VariantSpec): string[] {
  const companions = base.packages.filter((pkg) => pkg !== spec.packageName).map((pkg) => targetPinnedSpec(base, pkg));
  return [spec.installSpec, ...companions.filter((s): s is string => s !== undefined)];
}

/** Every package of the list is in the folder at the version the list names (nothing to reinstall). */
function installedAsListed(folder: string, specs: string[]): boolean {
  return specs.every((listed) => {
    const at = listed.lastIndexOf('@');
    const pkg = listed.slice(0, listed.indexOf('@', 1));
    return variantVersion(folder, pkg) === listed.slice(at + 1);
  });
}

/** The version installed in the variant's own node_modules (not gauntlet's). */
function variantVersion(folder: string, pkg: string): string | undefined {
  const file = join(folder, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version : undefined;
}

async function install(specs: string[], spec: VariantSpec, folder: string): Promise<void> {
  const version = spec.installSpec.slice(spec.packageName.length + 1);
  // A published exact version never changes: reuse its install. A local checkout is reinstalled each time.
  if (!spec.local && /^\d+\.\d+\.\d+$/.test(version) && installedAsListed(folder, specs)) return;
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // type: module, because the copied target apps are compiled ES modules. The override puts the
  // variant everywhere in the tree, also under packages that pin their own copy of it.
  // ("$name" makes the override follow the direct dependency, the only form npm accepts for one.)
  const manifest = variantManifest({
    name: 'gauntlet-ab-variant',
    type: 'module',
    dependencies: { [spec.packageName]: version },
    overrides: { [spec.packageName]: `$${spec.packageName}` },
  });
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await npmInstall(folder, ['--legacy-peer-deps', ...specs.slice(1)], spec.text);
}

/** npm install of these specs into a variant's folder; a failure is the user's (a version or path that is not there). */
export async function npmInstall(folder: string, specs: string[], what: string): Promise<void> {
  try {
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--install-links', '--save-exact', '--loglevel=error', ...specs],
      { cwd: folder, timeout: 300_000 },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? (error as Error).message;
    throw new UserError(
      'GAUNTLET_VARIANT_INSTALL',
      `npm could not install ${what}:\n${stderr.trim()}`,
      'check the version exists (npm view NAME versions) or the path holds a package.json',
    );
  }
}

/**
 * Lays out the compiled tree beside the variant's node_modules as gauntlet's own dist/src:
 * the target's folder and the shared `_` folders of targets/ are copied, so their packages
 * resolve from the variant first; everything else (suites, …) is linked, so the apps' relative
 * imports of the suite contracts still land.
 */
function copyApp(base: Target, folder: string): string {
  const srcCopy = join(folder, 'dist', 'src');
  const targetsCopy = join(srcCopy, 'targets');
  rmSync(join(folder, 'dist'), { recursive: true, force: true });
  rmSync(join(folder, 'targets'), { recursive: true, force: true }); // the layout of earlier versions
  mkdirSync(targetsCopy, { recursive: true });
  const srcDir = dirname(targetsDir);
  for (const entry of readdirSync(srcDir)) {
    if (entry !== 'targets') symlinkSync(join(srcDir, entry), join(srcCopy, entry));
  }
  for (const entry of readdirSync(targetsDir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith('_'))
      cpSync(join(targetsDir, entry.name), join(targetsCopy, entry.name), { recursive: true });
  }
  cpSync(base.dir, join(targetsCopy, base.name), { recursive: true });
  return targetsCopy;
}

export async function variantTarget(base: Target, spec: VariantSpec, label: string): Promise<Target> {
  if (base.packageRoot) {
    // Its app imports its packages through that folder, so a variant installed here would not be the one that runs.
    throw new UserError(
      'GAUNTLET_VARIANT_PACKAGE',
      `ab cannot swap ${spec.packageName} under ${base.name}: its packages come from ${base.packageRoot}, not from gauntlet's node_modules`,
      `A/B another target, or change the pin in ${base.packageRoot}/package.json between two runs and use gauntlet compare`,
    );
  }
  if (!base.packages.includes(spec.packageName)) {
    throw new UserError(
      'GAUNTLET_VARIANT_PACKAGE',
      `${spec.text} replaces ${spec.packageName}, which target ${base.name} does not use`,
      `${base.name} uses: ${base.packages.join(', ') || 'no packages'}`,
    );
  }
  const folder = cacheFolder(base, spec);
  await install(installSpecs(base, spec), spec, folder);
  const targetsCopy = copyApp(base, folder);
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
