/**
 * Starts one target app in its own process group on a free loopback port and waits until
 * it answers HTTP. A target that exits or never answers gives an error quoting its output.
 */
import type { Runtime } from '../runtimes/runtime.js';
import { appFile, type Target } from '../targets/registry.js';
import { freePort } from './free-port.js';
import { waitUntilAnswering } from './http-probe.js';
import { pinnedCommand } from './pinning.js';
import { startGroup, type GroupProcess } from './process-group.js';

export const HOST = '127.0.0.1';

export interface RunningTarget {
  target: Target;
  baseUrl: string;
  port: number;
  process: GroupProcess;
}

export class TargetStartError extends Error {
  constructor(
    message: string,
    readonly lastOutput: string,
    readonly exitCode?: number | null,
  ) {
    super(message);
  }
}

export interface StartTargetOptions {
  target: Target;
  suite: string;
  runtime: Runtime;
  cores?: string;
  readyTimeoutMs: number;
}

export async function startTarget(options: StartTargetOptions): Promise<RunningTarget> {
  const { target, suite, runtime } = options;
  const app = appFile(target, suite);
  if (!app) throw new TargetStartError(`${target.name} has no app for the ${suite} suite`, '');
  const port = await freePort(HOST);
  const run = runtime.command(app);
  const { command, args } = pinnedCommand(options.cores, run.command, run.args);
  const proc = startGroup({
    command,
    args,
    env: { ...process.env, ...target.env, NODE_ENV: 'production', GAUNTLET_HOST: HOST, GAUNTLET_PORT: String(port) },
  });
  const baseUrl = `http://${HOST}:${port}`;
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc.exited.then((how) => (exit = how));
  try {
    await waitUntilAnswering(baseUrl, options.readyTimeoutMs, () =>
      exit ? `exited with ${exit.signal ?? `code ${exit.code}`} before answering` : undefined,
    );
  } catch (error) {
    await proc.stop(500);
    const output = proc.output.text();
    throw new TargetStartError(
      `${target.name} did not start: ${(error as Error).message}${output ? `\n--- last output of ${target.name} ---\n${output}` : ' (it printed nothing)'}`,
      output,
      exit?.code,
    );
  }
  return { target, baseUrl, port, process: proc };
}
