/**
 * Where the k6 binary is. k6 is not packaged for Debian or npm; `go install go.k6.io/k6@v1.8.1`
 * builds it from the Go module proxy into $(go env GOPATH)/bin (several minutes on 2 cores),
 * and scripts/install-tools.sh copies it into gauntlet's cache so the build happens once.
 * Looked up in this order: GAUNTLET_K6 (a path), PATH, gauntlet's cache, $(go env GOPATH)/bin.
 */
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { findExecutable, isExecutable } from '../../proc/executables.js';

export const K6_VERSION = 'v1.8.1';
export const K6_INSTALL = `go install go.k6.io/k6@${K6_VERSION}`;
export const K6_INSTALL_HINT = `${K6_INSTALL} (needs Go >= 1.25; several minutes on 2 cores), or scripts/install-tools.sh, which also caches it`;

/** gauntlet's cache folder for tools it builds (GAUNTLET_TOOLS_DIR, else ~/.cache/gauntlet/bin). */
export function toolsCacheDir(): string {
  return (
    process.env.GAUNTLET_TOOLS_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gauntlet', 'bin')
  );
}

let goBin: string | undefined | null = null;

/** $(go env GOPATH)/bin, or ~/go/bin when go is not on PATH (its default GOPATH). */
function goBinDir(): string | undefined {
  if (goBin === null) {
    const ran = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8', timeout: 5000 });
    const gopath = ran.status === 0 ? ran.stdout.trim().split(':')[0] : join(homedir(), 'go');
    goBin = gopath ? join(gopath, 'bin') : undefined;
  }
  return goBin;
}

/** The k6 binary gauntlet runs, or undefined when there is none. */
export function findK6(): string | undefined {
  const explicit = process.env.GAUNTLET_K6;
  if (explicit) return isExecutable(explicit) ? explicit : undefined;
  const candidates = [
    findExecutable('k6'),
    join(toolsCacheDir(), 'k6'),
    goBinDir() && join(goBinDir() as string, 'k6'),
  ];
  return candidates.find((file): file is string => file !== undefined && isExecutable(file));
}

let version: string | undefined;

/** "1.8.1", "missing" or "unknown". */
export function k6Version(): string {
  const binary = findK6();
  if (!binary) return 'missing';
  if (version === undefined) {
    const ran = spawnSync(binary, ['version'], { encoding: 'utf8', timeout: 5000 });
    version = /k6 v?(\S+)/.exec(`${ran.stdout ?? ''}`)?.[1] ?? 'unknown';
  }
  return version;
}
