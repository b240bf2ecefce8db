/**
 * Finds targets by their folders: every folder under targets/ with a manifest is a target.
 * Adding a framework adds a folder; nothing here changes.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UserError } from '../core/errors.js';
import { projectRoot, targetsDir } from '../core/paths.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { TargetManifest } from './_lib/manifest.js';

export interface Target extends TargetManifest {
  /** Absolute folder of the compiled target. */
  dir: string;
  /** Folders whose node_modules hold this target's own package versions (A/B variants, a manifest's packageRoot). */
  packageRoots?: string[];
  /** Extra environment for the app (a store variant sets GAUNTLET_STORE). */
  env?: Record<string, string>;
  /** What runs the app (a runtime variant's own; absent: the run's runtime). */
  runtime?: Runtime;
  /** Found in a folder of the user's (--target-dir, GAUNTLET_TARGET_DIRS): its packages resolve from its own folder up. */
  external?: boolean;
}

let cache: Target[] | undefined;
/** Folders added by --target-dir (or the API's addTargetDirs), searched after GAUNTLET_TARGET_DIRS. */
const added: string[] = [];

/**
 * Adds folders that hold targets (each a folder with manifest.js), as --target-dir does: a
 * framework author keeps the target in their own repository. Call before the targets are loaded.
 */
export function addTargetDirs(dirs: string[]): void {
  added.push(...dirs.map((dir) => resolve(dir)));
  cache = undefined;
}

/**
 * Folders searched for targets: the built-in ones, then any listed in GAUNTLET_TARGET_DIRS
 * (colon-separated), then those added by --target-dir.
 */
export function targetDirs(): string[] {
  const extra = (process.env.GAUNTLET_TARGET_DIRS ?? '').split(':').filter((dir) => dir !== '');
  return [targetsDir, ...extra, ...added];
}

export async function loadTargets(): Promise<Target[]> {
  if (cache) return cache;
  const found: Target[] = [];
  for (const root of targetDirs()) {
    if (!existsSync(root)) {
      throw new UserError(
        'GAUNTLET_NO_TARGET_DIR',
        `target folder ${root} (from --target-dir or GAUNTLET_TARGET_DIRS) does not exist`,
        'give a folder that holds target folders (each with its manifest.js)',
      );
    }
    found.push(...(await targetsIn(root, root !== targetsDir)));
  }
  const names = new Set<string>();
  for (const target of found) {
    if (names.has(target.name))
      throw new UserError(
        'GAUNTLET_DUPLICATE_TARGET',
        `two targets are named ${target.name}`,
        'rename one of the folders',
      );
    names.add(target.name);
  }
  cache = found.sort((a, b) => a.name.localeCompare(b.name));
  return cache;
}

async function targetsIn(root: string, external: boolean): Promise<Target[]> {
  const found: Target[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('_')) continue;
    const dir = join(root, entry.name);
    const manifestFile = join(dir, 'manifest.js');
    if (!existsSync(manifestFile)) continue;
    const manifest = (await import(pathToFileURL(manifestFile).href)).default as TargetManifest;
    if (manifest.name !== entry.name) {
      throw new Error(`target folder ${entry.name} has a manifest named ${manifest.name}: they must match`);
    }
    found.push({
      ...manifest,
      dir,
      ...(external && { external }),
      ...(manifest.packageRoot ? { packageRoots: [join(projectRoot, manifest.packageRoot)] } : {}),
    });
  }
  return found;
}

export function appFile(target: Target, suite: string): string | undefined {
  const app = target.apps[suite];
  return app ? join(target.dir, app) : undefined;
}
