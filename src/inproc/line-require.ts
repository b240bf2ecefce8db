/**
 * require() for a target's own folder (deps/moleculer-0.14): its packages, and every package
 * they load by name, come from that folder's node_modules first. npm places a workspace's
 * package at the top of node_modules when it can, and there moleculer 0.14 would load the
 * top-level ioredis 6 although its folder holds the ioredis 5 it supports. One target runs per
 * child, so the hook is installed once per child.
 */
import { existsSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { join } from 'node:path';

type Resolve = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;
const moduleInternals = Module as unknown as { _resolveFilename: Resolve };

let installedRoot: string | undefined;

function packageName(request: string): string | undefined {
  if (request.startsWith('.') || request.startsWith('/') || request.startsWith('node:')) return undefined;
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function lineRequire(packageRoot: string): (id: string) => unknown {
  if (installedRoot === undefined) {
    installedRoot = packageRoot;
    const original = moduleInternals._resolveFilename;
    moduleInternals._resolveFilename = function (request, parent, isMain, options) {
      const name = packageName(request);
      if (name && existsSync(join(packageRoot, 'node_modules', name))) {
        return original.call(this, request, parent, isMain, { paths: [packageRoot] });
      }
      return original.call(this, request, parent, isMain, options);
    };
  } else if (installedRoot !== packageRoot) {
    throw new Error(`this child already loads packages from ${installedRoot}, not ${packageRoot}`);
  }
  return createRequire(join(packageRoot, 'package.json'));
}
