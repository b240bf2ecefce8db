/** What a result records of the machine a host is. */
import { cpus, hostname, release, totalmem, type as osType } from 'node:os';
import { allowedCores } from '../proc/pinning.js';
import { gauntletVersion } from '../results/environment.js';
import type { HostFacts } from './host.js';

export function hostFacts(): HostFacts {
  return {
    hostname: hostname(),
    os: `${osType()} ${process.arch}`,
    kernel: release(),
    cpuModel: cpus()[0]?.model?.trim() ?? 'unknown',
    cpuCount: cpus().length,
    allowedCores: allowedCores(),
    memoryBytes: totalmem(),
    node: process.version,
    gauntletVersion: gauntletVersion(),
  };
}
