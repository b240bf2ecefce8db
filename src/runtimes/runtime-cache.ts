/**
 * Where runtimes other than gauntlet's own dependency live, and how they get there: each in
 * its own folder of the cache (`.gauntlet/runtimes/<label>/`, or GAUNTLET_RUNTIMES_DIR), put
 * there by npm from the registry package that holds the binary. Nothing is downloaded from
 * anywhere else, and no install script runs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { UserError } from '../core/errors.js';
import { findPackageDir, projectRoot } from '../core/paths.js';
import { cacheAlias, type KnownRuntime } from './known-runtimes.js';

const run = promisify(execFile);
/** A runtime's tarball is 30–50 MB: enough for a slow line, bounded for CI. */
const INSTALL_TIMEOUT_MS = 600_000;

export function runtimesDir(): string {
  const configured = process.env.GAUNTLET_RUNTIMES_DIR;
  return configured ? resolve(configured) : join(projectRoot, '.gauntlet', 'runtimes');
}

export function cacheFolder(runtime: KnownRuntime): string {
  return join(runtimesDir(), cacheAlias(runtime));
}

/** The package folder holding the binary: the cache's, or gauntlet's own node_modules for its dependency. */
function packageFolder(runtime: KnownRuntime): string {
  if (runtime.dependencyAlias)
    return findPackageDir(runtime.dependencyAlias) ?? join(projectRoot, 'node_modules', runtime.dependencyAlias);
  return join(cacheFolder(runtime), 'node_modules', cacheAlias(runtime));
}

/** The binary, when the package there holds exactly the pinned version (a bumped table means reinstall). */
export function installedBinary(runtime: KnownRuntime): string | undefined {
  const folder = packageFolder(runtime);
  const manifest = join(folder, 'package.json');
  const binary = join(folder, runtime.binary);
  if (!existsSync(manifest) || !existsSync(binary)) return undefined;
  const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
  return name === runtime.npmPackage && version === runtime.version ? binary : undefined;
}

/** What npm installs: the package under an alias, so several node versions can sit side by side. */
export function npmSpec(runtime: KnownRuntime): string {
  return `${cacheAlias(runtime)}@npm:${runtime.npmPackage}@${runtime.version}`;
}

/** The command a person types to install it. */
export function installHint(runtime: KnownRuntime): string {
  return runtime.dependencyAlias ? 'npm install' : `gauntlet runtimes add ${runtime.id}`;
}

/** The binaries on the registry are linux-x64 builds (glibc for Deno). */
export function platformProblem(): string | undefined {
  if (process.platform === 'linux' && process.arch === 'x64') return undefined;
  return `gauntlet installs runtimes from their linux-x64 npm packages; this is ${process.platform}-${process.arch}`;
}

export async function installRuntime(runtime: KnownRuntime): Promise<string> {
  const problem = platformProblem();
  if (problem)
    throw new UserError(
      'GAUNTLET_RUNTIME_PLATFORM',
      `cannot install ${runtime.id}: ${problem}`,
      "run on Linux x64, or use the machine's own node (--runtime with its node@<major>)",
    );
  if (runtime.dependencyAlias) {
    throw new UserError(
      'GAUNTLET_RUNTIME_MISSING',
      `${runtime.id} comes with gauntlet's own dependencies (${runtime.dependencyAlias}) and is not installed`,
      "run npm install in gauntlet's folder",
    );
  }
  const folder = cacheFolder(runtime);
  mkdirSync(folder, { recursive: true });
  try {
    await run(
      'npm',
      ['install', '--prefix', folder, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', npmSpec(runtime)],
      { timeout: INSTALL_TIMEOUT_MS },
    );
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new UserError(
      'GAUNTLET_RUNTIME_INSTALL',
      `npm could not install ${runtime.id} (${runtime.npmPackage}@${runtime.version}):\n${stderr}`,
      'check the network access to the npm registry, then retry',
    );
  }
  const binary = installedBinary(runtime);
  if (!binary)
    throw new UserError(
      'GAUNTLET_RUNTIME_INSTALL',
      `npm installed ${npmSpec(runtime)} into ${folder}, but ${runtime.binary} is not there`,
    );
  return binary;
}
