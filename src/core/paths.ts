/** Where gauntlet's own files are, wherever it is run from. */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/src/core -> project root (holds package.json and node_modules). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Compiled targets: dist/src/targets. */
export const targetsDir = join(projectRoot, 'dist', 'src', 'targets');
export const engineWorkersDir = join(projectRoot, 'dist', 'src', 'engines');

/**
 * The folder of an installed package as Node would find it from `from`: `from/node_modules/pkg`,
 * else in the parent folders' node_modules. When gauntlet is itself installed as a dependency,
 * npm hoists the frameworks beside it, not under it.
 */
export function findPackageDir(pkg: string, from: string = projectRoot): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkg);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}
