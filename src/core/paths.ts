/** Where gauntlet's own files are, wherever it is run from. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/src/core -> project root (holds package.json and node_modules). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Compiled targets: dist/src/targets. */
export const targetsDir = join(projectRoot, 'dist', 'src', 'targets');
export const engineWorkersDir = join(projectRoot, 'dist', 'src', 'engines');
