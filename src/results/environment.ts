/** The environment manifest: everything that decides whether two results can be compared. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, hostname, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../core/paths.js';
import { allowedCores, type CoreSets } from '../proc/pinning.js';
import { loadAverage } from '../proc/proc-stat.js';
import type { Environment, MachineFacts } from '../model/schema.js';

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

export function gauntletVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface EnvironmentInput {
  engine: Environment['engine'];
  scenarioEngines: Environment['scenarioEngines'];
  pinning: CoreSets;
  /** Cores gauntlet could use before it pinned itself. */
  allowedCores: number[];
  packages: Record<string, string>;
  /** The runtimes the targets run on. */
  runtimes?: Environment['runtimes'];
  /** What idle cores did during the run (a KVM guest's haltpoll governor; see proc/idle-polling.ts). */
  idlePolling?: Environment['idlePolling'];
  /** What other processes used of the CPU just before the run (proc-stat.ts othersBusyShare). */
  cpuBusyBefore?: number;
  /** The server host the targets ran on (--server-host), with the link to it. */
  serverHost?: Environment['serverHost'];
  loadHosts?: Environment['loadHosts'];
}

/** What a result records of the machine this process runs on (a server host's agent reports the same of its own). */
export function machineFacts(): MachineFacts {
  return {
    gauntletVersion: gauntletVersion(),
    node: process.version,
    os: `${osType()} ${process.arch}`,
    kernel: release(),
    cpuModel: cpus()[0]?.model?.trim() ?? 'unknown',
    cpuCount: cpus().length,
    allowedCores: allowedCores(),
    memoryBytes: totalmem(),
    hostname: hostname(),
  };
}

export function collectEnvironment(input: EnvironmentInput): Environment {
  const commit = git(['rev-parse', 'HEAD']);
  return {
    ...machineFacts(),
    gitCommit: commit,
    gitDirty: commit ? (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '' : undefined,
    allowedCores: input.allowedCores,
    loadAverageBefore: loadAverage(),
    ...(input.cpuBusyBefore !== undefined && { cpuBusyBefore: input.cpuBusyBefore }),
    engine: input.engine,
    scenarioEngines: input.scenarioEngines,
    pinning: {
      pinned: input.pinning.pinned,
      server: input.pinning.server,
      engine: input.pinning.engine,
      services: input.pinning.services,
      note: input.pinning.note,
    },
    packages: input.packages,
    runtimes: input.runtimes,
    ...(input.idlePolling && { idlePolling: input.idlePolling }),
    ...(input.serverHost && { serverHost: input.serverHost }),
    ...(input.loadHosts && { loadHosts: input.loadHosts }),
  };
}
