/**
 * The layers of src/ point down: a folder imports only folders before it in LAYERS. A new
 * folder goes into this list (and the table of layers in CONTRIBUTING.md) where its imports put it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import test from 'node:test';
import { projectRoot } from '../../src/core/paths.js';

const LAYERS = [
  'core',
  'proc',
  'model',
  'suites',
  'http',
  'runtimes',
  'targets',
  'stores',
  'backends',
  'stats',
  'results',
  'engines',
  'hosts',
  'measure',
  'instructions',
  'inproc',
  'compare',
  'history',
  'report',
  'export',
  'calibrate',
  'ab',
  'bench',
  'api',
  'docs',
  'cli',
];

const srcRoot = join(projectRoot, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The top folder under src/ a file belongs to. */
const layerOf = (file: string) => relative(srcRoot, file).split(sep)[0];

/** Relative imports of a file, as the files they resolve to. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => resolve(file, '..', m[1]));
}

test('every folder of src/ has its place in the layer order', () => {
  const folders = readdirSync(srcRoot).filter((name) => statSync(join(srcRoot, name)).isDirectory());
  const unplaced = folders.filter((f) => !LAYERS.includes(f));
  assert.deepEqual(
    unplaced,
    [],
    `add ${unplaced.join(', ')} to LAYERS in test/unit/layers.test.ts and to CONTRIBUTING.md`,
  );
});

test('no file imports a folder above its own', () => {
  const upward: string[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const from = layerOf(file);
    for (const target of importsOf(file)) {
      if (!target.startsWith(srcRoot + sep)) continue;
      const to = layerOf(target);
      if (to !== from && LAYERS.indexOf(to) > LAYERS.indexOf(from)) upward.push(`${relative(srcRoot, file)} → ${to}/`);
    }
  }
  assert.deepEqual(upward, []);
});
