/**
 * Starts and reads the fanout suite's upstream service (server.ts): a node:http server in its
 * own process group on two free loopback ports (one for the targets, one for gauntlet), pinned
 * by the run's core plan where it puts services. Gauntlet reads its secret once at start and its count of
 * served calls around every check and measured window.
 */
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { UserError } from '../../core/errors.js';
import { freePort } from '../../proc/free-port.js';
import { startGroup, type GroupProcess } from '../../proc/process-group.js';
import { UPSTREAM_DEFAULTS } from '../../suites/fanout/contract.js';
import type { UpstreamKey } from '../../suites/types.js';

export interface UpstreamOptions {
  /** Delay before each answer, ms. */
  latencyMs?: number;
  /** Filler bytes in each answer. */
  payloadBytes?: number;
}

export interface RunningUpstream {
  /** Where targets call it (GAUNTLET_UPSTREAM_URL). */
  url: string;
  key: UpstreamKey;
  latencyMs: number;
  /** The node that runs it (gauntlet's own). */
  node: string;
  process: GroupProcess;
  /** Calls served since it started. */
  count(): Promise<number>;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const SERVER_FILE = fileURLToPath(new URL('./server.js', import.meta.url));

function get(port: number, path: string, timeoutMs = 2000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: HOST, port, path, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

async function waitForCount(port: number, proc: GroupProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.hasExited()) throw new Error(`it exited at start:\n${proc.output.text()}`);
    try {
      if ((await get(port, '/count', 500)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`it did not answer within ${timeoutMs} ms:\n${proc.output.text()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startUpstream(options: UpstreamOptions = {}): Promise<RunningUpstream> {
  const latencyMs = options.latencyMs ?? UPSTREAM_DEFAULTS.latencyMs;
  const payloadBytes = options.payloadBytes ?? UPSTREAM_DEFAULTS.payloadBytes;
  const port = await freePort(HOST);
  const controlPort = await freePort(HOST);
  // Pinned by the run's core plan once started (see planCores), as every service.
  const proc = startGroup({
    command: process.execPath,
    args: [SERVER_FILE],
    env: {
      ...process.env,
      UPSTREAM_PORT: String(port),
      UPSTREAM_CONTROL_PORT: String(controlPort),
      UPSTREAM_LATENCY_MS: String(latencyMs),
      UPSTREAM_PAYLOAD_BYTES: String(payloadBytes),
    },
  });
  let secret: string;
  try {
    await waitForCount(controlPort, proc, 10_000);
    const told = await get(controlPort, '/secret');
    if (told.status !== 200 || !/^[0-9a-f]{64}$/.test(told.body))
      throw new Error(`its secret was refused (${told.status})`);
    secret = told.body;
  } catch (error) {
    await proc.stop(500);
    throw new UserError('GAUNTLET_UPSTREAM_FAILED', `the upstream service did not start: ${(error as Error).message}`);
  }
  return {
    url: `http://${HOST}:${port}`,
    key: { secret, payloadBytes },
    latencyMs,
    node: process.version,
    process: proc,
    async count() {
      const answer = await get(controlPort, '/count');
      return Number(answer.body);
    },
    stop: () => proc.stop(2000),
  };
}
