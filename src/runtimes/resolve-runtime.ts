/**
 * From a runtime id to a binary that runs: gauntlet's own dependency (node@24), the cache
 * (`gauntlet runtimes add`), or, for a node line nothing installed, the machine's own node
 * when it is of that line. What is missing is refused with the command that installs it.
 */
import { UserError, unknownValue } from '../core/errors.js';
import { KNOWN_RUNTIMES, knownRuntime, type KnownRuntime } from './known-runtimes.js';
import {
  installedBinary,
  installHint,
  installRuntime,
  npmSpec,
  platformProblem,
  runtimesDir,
} from './runtime-cache.js';
import { binaryRuntime, machineNodeId, nodeRuntime, type Runtime } from './runtime.js';

export interface RuntimeStatus {
  known: KnownRuntime;
  /** The runtime that would run, when one is here. */
  runtime?: Runtime;
  /** How to install the pinned version (also shown when the machine's node stands in). */
  installHint: string;
}

export function runtimeStatus(known: KnownRuntime): RuntimeStatus {
  const status = { known, installHint: installHint(known) };
  const binary = installedBinary(known);
  if (binary) {
    const where = known.dependencyAlias ? `gauntlet's dependency ${known.dependencyAlias}` : runtimesDir();
    return {
      ...status,
      runtime: binaryRuntime(
        known.id,
        known.kind,
        known.version,
        binary,
        `npm ${known.npmPackage}@${known.version} (${where})`,
      ),
    };
  }
  // The machine's node of the same line runs as that id, with its own exact version (recorded as such).
  if (known.id === machineNodeId()) return { ...status, runtime: nodeRuntime };
  return status;
}

export function runtimeStatuses(): RuntimeStatus[] {
  return KNOWN_RUNTIMES.map(runtimeStatus);
}

/** The runtimes --runtime names, in its order; unknown or repeated ids are refused. */
export function parseRuntimeIds(ids: string[]): KnownRuntime[] {
  const known = ids.map((id) => knownRuntime(id) ?? throwUnknown(id));
  if (new Set(ids).size !== ids.length)
    throw new UserError('GAUNTLET_DUPLICATE_VALUE', '--runtime names a runtime twice');
  return known;
}

function throwUnknown(id: string): never {
  throw unknownValue(
    'runtime',
    id,
    KNOWN_RUNTIMES.map((r) => r.id),
    '--runtime',
  );
}

/**
 * The runtimes ready to run. A missing one is installed when `install` is set (--install-runtimes),
 * else refused with the command that installs it: a benchmark should not download 50 MB unasked.
 */
export async function resolveRuntimes(
  ids: string[],
  install: boolean,
  log: (line: string) => void = () => undefined,
): Promise<Runtime[]> {
  const resolved: Runtime[] = [];
  for (const known of parseRuntimeIds(ids)) {
    const status = runtimeStatus(known);
    if (status.runtime) {
      resolved.push(status.runtime);
      continue;
    }
    const problem = platformProblem();
    if (problem)
      throw new UserError(
        'GAUNTLET_RUNTIME_PLATFORM',
        `runtime ${known.id} is not available: ${problem}`,
        `use the machine's own node (--runtime ${machineNodeId()})`,
      );
    if (!install) {
      throw new UserError(
        'GAUNTLET_RUNTIME_MISSING',
        `runtime ${known.id} (${known.kind} ${known.version}) is not installed`,
        `install it with: ${status.installHint} (or add --install-runtimes)`,
      );
    }
    log(`installing ${known.id} (${npmSpec(known)}) into ${runtimesDir()} …`);
    const binary = await installRuntime(known);
    resolved.push(
      binaryRuntime(
        known.id,
        known.kind,
        known.version,
        binary,
        `npm ${known.npmPackage}@${known.version} (${runtimesDir()})`,
      ),
    );
  }
  return resolved;
}
