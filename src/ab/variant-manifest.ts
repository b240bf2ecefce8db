/**
 * The package.json of an `ab` variant's folder. From npm 12 on, npm runs no dependency's
 * install script unless package.json's `allowScripts` names the package; a variant folder
 * carries gauntlet's own list, so the packages installed beside the variant (cbor-x's native
 * decoder under moleculer, restify's dtrace-provider) build as they do in gauntlet's tree and
 * both sides of an A/B run the code the main suites run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../core/paths.js';

/**
 * The install scripts gauntlet's package.json allows: package names to true (run) or false
 * (skip). Names alone, as `npm install-scripts approve` writes them: npm 12.2.1 did not match
 * a pinned `name@version` key.
 */
export function allowedInstallScripts(): Record<string, boolean> {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    allowScripts?: Record<string, boolean>;
  };
  return { ...pkg.allowScripts };
}

export function variantManifest(fields: { name: string } & Record<string, unknown>): Record<string, unknown> {
  return { ...fields, private: true, allowScripts: allowedInstallScripts() };
}
