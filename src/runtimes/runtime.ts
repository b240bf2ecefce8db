/** What runs a target's app: a node, bun or deno binary, or node:cluster around one (cluster.ts). */
import { knownRuntime, type RuntimeKind } from './known-runtimes.js';

export interface Runtime {
  /** The registry's id (`node@24`, `bun`, `deno`); `node` for a machine's node no id fits. */
  id: string;
  /** node, bun or deno. */
  name: RuntimeKind;
  /** Exact version, without a leading v: `24.21.0`. */
  version: string;
  /** Where the binary came from, for the environment manifest. */
  source: string;
  /** Cluster mode: how many workers serve the app (absent: one process). */
  workers?: number;
  /** Environment the runtime itself needs (not the app's). */
  env?: Record<string, string>;
  /** Command and arguments that run a compiled app file, with V8 flags where the runtime has V8 (node, deno). */
  command(appFile: string, v8Flags?: string[]): { command: string; args: string[] };
}

/** How each kind of runtime runs a compiled ES module (checked with every target: docs/runtimes.md, "How each runs an app"). */
export function launchArgs(kind: RuntimeKind, appFile: string, v8Flags: string[] = []): string[] {
  // Deno needs every permission the apps use (net, env, read, sys for os.cpus()); it resolves
  // packages from gauntlet's node_modules because a package.json sits above the apps.
  if (kind === 'deno')
    return ['run', '-A', ...(v8Flags.length > 0 ? [`--v8-flags=${v8Flags.join(',')}`] : []), appFile];
  if (kind === 'node') return [...v8Flags, appFile];
  return [appFile]; // bun runs JavaScriptCore: V8's flags mean nothing there
}

/**
 * V8 flags every kept-up target runs with unless asked otherwise. V8's memory reducer collects
 * garbage in a process that has gone idle, seconds later: with every target kept up and
 * measured in turn, those collections land in whichever target is measured then. Without it
 * the spread of a target's figures between rounds halved (docs/method.md, "V8's memory reducer,
 * off").
 */
export const KEPT_UP_V8_FLAGS = ['--no-memory-reducer'];

/** Deno would otherwise look for a newer release over the network now and then, mid-run. */
const RUNTIME_ENV: Partial<Record<RuntimeKind, Record<string, string>>> = {
  deno: { DENO_NO_UPDATE_CHECK: '1', DENO_NO_PROMPT: '1' },
};

export function binaryRuntime(id: string, kind: RuntimeKind, version: string, binary: string, source: string): Runtime {
  return {
    id,
    name: kind,
    version,
    source,
    env: RUNTIME_ENV[kind],
    command: (appFile, v8Flags) => ({ command: binary, args: launchArgs(kind, appFile, v8Flags) }),
  };
}

/** The node gauntlet itself runs on: its id is `node@<major>` when the registry has that line. */
export function machineNodeId(): string {
  const id = `node@${process.versions.node.split('.')[0]}`;
  return knownRuntime(id) ? id : 'node';
}

export const nodeRuntime: Runtime = binaryRuntime(
  machineNodeId(),
  'node',
  process.versions.node,
  process.execPath,
  `the machine's node (${process.execPath})`,
);

/** "node 24.21.0", "bun 1.4.5 cluster ×2": how reports and the plan name a runtime. */
export function describeRuntime(runtime: { name: string; version: string; workers?: number }): string {
  return `${runtime.name} ${runtime.version}${runtime.workers ? ` cluster ×${runtime.workers}` : ''}`;
}
