/**
 * A/B for a bench suite: one version of a package a bench target loads (moleculer 0.15.1
 * against 0.15.2) installed with the target's other packages at the versions its own folder
 * holds, into a folder of its own that serves as the variant's packageRoot.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UserError } from '../core/errors.js';
import { findPackageDir, projectRoot } from '../core/paths.js';
import type { BenchTarget } from '../suites/inproc-types.js';
import { AB_CACHE, npmInstall } from './install-variant.js';
import { variantManifest } from './variant-manifest.js';
import type { VariantSpec } from './variant-spec.js';

function versionIn(dir: string | undefined): string | undefined {
  const file = dir && join(dir, 'package.json');
  return file && existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version
    : undefined;
}

export async function benchVariantTarget(base: BenchTarget, spec: VariantSpec, label: string): Promise<BenchTarget> {
  if (!base.packages.includes(spec.packageName)) {
    throw new UserError(
      'GAUNTLET_VARIANT_PACKAGE',
      `${spec.text} replaces ${spec.packageName}, which ${base.name} does not load`,
      `${base.name} loads: ${base.packages.join(', ')}`,
    );
  }
  const folder = join(
    AB_CACHE,
    `bench_${base.name}_${spec.installSpec}`.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 120),
  );
  const companions = base.packages
    .filter((pkg) => pkg !== spec.packageName)
    .map((pkg) => `${pkg}@${versionIn(findPackageDir(pkg, join(projectRoot, base.packageRoot)))}`);
  const specs = [spec.installSpec, ...companions];
  const version = spec.installSpec.slice(spec.packageName.length + 1);
  const installed = specs.every((s) => {
    const name = s.slice(0, s.indexOf('@', 1));
    return versionIn(join(folder, 'node_modules', name)) === s.slice(s.lastIndexOf('@') + 1);
  });
  // A published exact version never changes: reuse its install; a local checkout is reinstalled.
  if (spec.local || !/^\d+\.\d+\.\d+$/.test(version) || !installed) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, 'package.json'),
      `${JSON.stringify(variantManifest({ name: 'gauntlet-ab-bench-variant' }), null, 2)}\n`,
    );
    await npmInstall(folder, specs, spec.text);
  }
  return {
    ...base,
    name: label,
    title: `${base.title} ${label}`,
    packageRoot: relative(projectRoot, folder),
    description: `${base.description} (variant ${spec.text})`,
  };
}
