/** Whether a target can run here, and if not, a reason a person can act on. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findPackageDir, projectRoot } from '../core/paths.js';
import type { Runtime } from '../runtimes/runtime.js';
import { appFile, type Target } from './registry.js';

export interface Availability {
  available: boolean;
  reason?: string;
}

/**
 * Version of an installed package (alias names included), read from node_modules: first in
 * the given roots (an A/B variant's own install), then in gauntlet's.
 */
export function installedVersion(pkg: string, roots: string[] = []): string | undefined {
  return installedManifest(pkg, roots)?.version;
}

/** Name and version of an installed package; the name differs from `pkg` for an alias (express4 → express). `fallBack`: look in gauntlet's own node_modules after the roots. */
export function installedManifest(
  pkg: string,
  roots: string[] = [],
  fallBack = true,
): { name: string; version: string } | undefined {
  for (const root of roots) {
    const file = join(root, 'node_modules', pkg, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { name: string; version: string };
  }
  if (!fallBack) return undefined;
  const dir = findPackageDir(pkg);
  return dir
    ? (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string })
    : undefined;
}

/** What npm installs to get exactly gauntlet's version of a package (aliases kept). */
export function pinnedSpec(pkg: string): string | undefined {
  const manifest = installedManifest(pkg);
  if (!manifest) return undefined;
  return manifest.name === pkg ? `${pkg}@${manifest.version}` : `${pkg}@npm:${manifest.name}@${manifest.version}`;
}

/**
 * What npm installs to get one of a target's packages at the version the target runs: gauntlet's
 * pin, or for a target of the user's, the version its own folder resolves.
 */
export function targetPinnedSpec(target: Target, pkg: string): string | undefined {
  if (!target.external) return pinnedSpec(pkg);
  const version = targetPackageVersion(target, pkg);
  return version && `${pkg}@${version}`;
}

/** The spec gauntlet's package.json declares for a package (a dependency or, for a target installed on demand, a devDependency). */
function declaredSpec(pkg: string): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const version = manifest.dependencies?.[pkg] ?? manifest.devDependencies?.[pkg];
  // an alias keeps its name: express4@npm:express@4.22.3
  return version ? `${pkg}@${version}` : pkg;
}

/** The command that installs a target's missing packages beside gauntlet, at gauntlet's pins. */
export function installCommand(target: Pick<Target, 'installFlags'>, missing: string[]): string {
  return ['npm install', ...missing.map(declaredSpec), ...(target.installFlags ?? [])].join(' ');
}

/**
 * The version of a package as an app in `dir` imports it: from a node_modules up the tree, or
 * the package whose own folder holds `dir` (a target kept in the framework's repository).
 */
function externalPackageVersion(pkg: string, dir: string): string | undefined {
  const installed = findPackageDir(pkg, dir);
  if (installed)
    return (JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string }).version;
  for (let at = dir; ; at = dirname(at)) {
    const file = join(at, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === pkg) return manifest.version;
    }
    if (dirname(at) === at) return undefined;
  }
}

/**
 * The installed version of one of the target's packages. A manifest's packageRoot holds them
 * all: gauntlet's own copy of the same name (another line of the framework) never stands in.
 */
function targetPackageVersion(target: Target, pkg: string): string | undefined {
  if (target.external && !target.packageRoots) return externalPackageVersion(pkg, target.dir) ?? installedVersion(pkg);
  if (target.packageRoot)
    return target.packageRoots?.map((root) => installedManifest(pkg, [root], false)).find((m) => m)?.version;
  return installedVersion(pkg, target.packageRoots);
}

export function targetAvailability(target: Target, suite?: string): Availability {
  if (target.unavailable) return { available: false, reason: target.unavailable };
  if (suite !== undefined && target.unavailableFor?.[suite])
    return { available: false, reason: target.unavailableFor[suite] };
  const missing = target.packages.filter((pkg) => !targetPackageVersion(target, pkg));
  if (missing.length > 0) {
    if (target.packageRoot)
      return {
        available: false,
        reason: `not installed in ${target.packageRoot}: ${missing.join(', ')} (run npm install in gauntlet's folder)`,
      };
    return { available: false, reason: `not installed: ${missing.join(', ')} (${installCommand(target, missing)})` };
  }
  if (suite !== undefined) {
    const app = appFile(target, suite);
    if (!app) return { available: false, reason: `has no app for the ${suite} suite` };
    if (!existsSync(app)) return { available: false, reason: `app ${app} is missing (run npm run build)` };
  }
  return { available: true };
}

/**
 * Whether the target runs on this runtime (gauntlet's own node does not matter: targets run
 * on theirs): what its manifest found it cannot run on, and its lowest node line.
 */
export function runtimeAvailability(
  target: Target,
  runtime: Pick<Runtime, 'id' | 'name' | 'version'>,
  suite?: string,
): Availability {
  const entry = target.unsupportedRuntimes?.find(
    (u) => u.runtime === runtime.id && (suite === undefined || !u.suites || u.suites.includes(suite)),
  );
  if (entry)
    return {
      available: false,
      reason: `does not run on ${runtime.name} ${runtime.version}${entry.suites ? ` (${entry.suites.join(', ')} suite)` : ''}: ${entry.reason}`,
    };
  const nodeMajor = Number(runtime.version.split('.')[0]);
  if (runtime.name === 'node' && target.minNode && nodeMajor < target.minNode) {
    return { available: false, reason: `needs Node >= ${target.minNode}, ${runtime.id} is ${runtime.version}` };
  }
  return { available: true };
}

/** Exact versions of the target's packages; on a runtime, those its app loads there (see packagesOn). */
export function packageVersions(target: Target, runtime?: Pick<Runtime, 'name' | 'version'>): Record<string, string> {
  const packages = runtime && target.packagesOn ? target.packagesOn(runtime) : target.packages;
  return Object.fromEntries(packages.map((pkg) => [pkg, targetPackageVersion(target, pkg) ?? 'missing']));
}
