/**
 * Starts a message broker the way every service of gauntlet runs: on a free loopback port, in
 * its own process group, with its configuration in a throwaway folder, ready only once a client
 * completed the broker's own protocol handshake, and stopped (group and folder) on stop.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../core/errors.js';
import { freePort } from '../proc/free-port.js';
import { type GroupProcess, startGroup } from '../proc/process-group.js';
import { type BrokerBinary, requireBrokerBinary } from './broker-binary.js';
import { makeTempFolder, removeTempFolder } from '../proc/temp-folders.js';

export interface BrokerSpec {
  binary: BrokerBinary;
  /** The configuration file's text for this port, written into the throwaway folder. */
  config(port: number, dir: string): string;
  /** Arguments given the path of the configuration file. */
  args(configPath: string): string[];
  url(port: number): string;
  /** Resolves once a real client connected and the broker answered; rejects otherwise. */
  handshake(url: string, timeoutMs: number): Promise<void>;
}

export interface RunningBroker {
  url: string;
  process: GroupProcess;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
/** A port picked free can be taken before the broker binds it: try a new one a few times. */
const ATTEMPTS = 3;

function failed(binary: BrokerBinary, why: string, proc: GroupProcess): UserError {
  const tail = proc.output.text() || '(it printed nothing)';
  return new UserError(
    'GAUNTLET_BROKER_FAILED',
    `${binary.command} ${why}; its last output:\n${tail}`,
    `run ${binary.command} by hand to see why; a port or permission problem is the usual cause`,
  );
}

async function waitReady(spec: BrokerSpec, url: string, proc: GroupProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (proc.hasExited()) throw failed(spec.binary, 'exited at start', proc);
    try {
      await spec.handshake(url, 1000);
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw failed(spec.binary, `did not complete a handshake within ${READY_TIMEOUT_MS} ms`, proc);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startOnce(spec: BrokerSpec, command: string): Promise<RunningBroker> {
  const port = await freePort();
  const dir = makeTempFolder(spec.binary.command);
  const configPath = join(dir, `${spec.binary.command}.conf`);
  writeFileSync(configPath, spec.config(port, dir));
  const proc = startGroup({ command, args: spec.args(configPath) });
  const cleanUp = async (graceMs: number) => {
    await proc.stop(graceMs);
    removeTempFolder(dir);
  };
  const url = spec.url(port);
  try {
    await waitReady(spec, url, proc);
  } catch (error) {
    await cleanUp(500);
    throw error;
  }
  return { url, process: proc, stop: () => cleanUp(2000) };
}

/** The broker running and answering; GAUNTLET_NO_BROKER when its binary is missing, GAUNTLET_BROKER_FAILED when it will not start. */
export async function startBroker(spec: BrokerSpec): Promise<RunningBroker> {
  const command = requireBrokerBinary(spec.binary);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(spec, command);
    } catch (error) {
      const portTaken = error instanceof UserError && /address already in use/i.test(error.message);
      if (!portTaken || attempt >= ATTEMPTS) throw error;
    }
  }
}
