/**
 * A variant of a framework named the way npm names it: `fastify@5.11.0`, or a local
 * checkout `fastify@file:../fastify`. Relative paths are taken from where gauntlet runs.
 */
import { resolve } from 'node:path';
import { UserError } from '../core/errors.js';

export interface VariantSpec {
  /** As the user wrote it, for labels. */
  text: string;
  /** The package it replaces (`fastify`, `@hapi/hapi`). */
  packageName: string;
  /** What npm installs: `fastify@5.11.0` or `fastify@file:/abs/path`. */
  installSpec: string;
  local: boolean;
}

export function parseVariantSpec(text: string, cwd = process.cwd()): VariantSpec {
  const match = /^((?:@[^/@\s]+\/)?[^@\s]+)@(.+)$/.exec(text.trim());
  if (!match) {
    throw new UserError(
      'GAUNTLET_BAD_VARIANT',
      `"${text}" is not a package version`,
      'write name@version (fastify@5.11.0) or name@file:path (fastify@file:../fastify)',
    );
  }
  const [, packageName, version] = match;
  if (version.startsWith('file:')) {
    return {
      text,
      packageName,
      installSpec: `${packageName}@file:${resolve(cwd, version.slice('file:'.length))}`,
      local: true,
    };
  }
  return { text, packageName, installSpec: `${packageName}@${version}`, local: false };
}
