/**
 * `gauntlet agent`: a server host's or a load host's side of a run across hosts. It reads
 * requests from stdin (the SSH session), does them as this machine's host would (local-host.ts)
 * or runs its share of a k6 load (k6-jobs.ts), and writes replies and events to stdout. When
 * stdin closes (the run ended, or the SSH connection dropped) or a signal arrives, it stops
 * every process group it started and exits: nothing is left running on its host.
 */
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { UserError } from '../core/errors.js';
import { projectRoot } from '../core/paths.js';
import { type IdlePolling, pollIdleCores } from '../proc/idle-polling.js';
import type { GroupProcess } from '../proc/process-group.js';
import { gauntletVersion, machineFacts } from '../results/environment.js';
import { type AgentHello, type AgentRequest, mapLaunchPaths, ROOT_TOKEN, requestSchema } from './agent-messages.js';
import { type Launch, TargetStartError, type VariantInstall, type WindowMeter } from './host.js';
import { K6Jobs } from './k6-jobs.js';
import { serveLinkProbe } from './link-probe.js';
import { EngineFailure } from '../engines/engine-failure.js';
import { k6Version } from '../engines/k6/locate.js';
import { LocalHost } from './local-host.js';

/** SSH_CONNECTION's fields: client ip, client port, server ip, server port. */
function sshConnection(env: NodeJS.ProcessEnv): string[] | undefined {
  const parts = env.SSH_CONNECTION?.trim().split(/\s+/);
  return parts && parts.length === 4 ? parts : undefined;
}

/** The address an SSH session arrived on. */
export function sshArrivalAddress(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return sshConnection(env)?.[2];
}

/** The address an SSH session came from: where this host reaches the one that started the agent. */
export function sshClientAddress(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return sshConnection(env)?.[0];
}

/** `$GAUNTLET_ROOT/…` back to this host's gauntlet folder. */
function localPath(value: string): string {
  return value.split(ROOT_TOKEN).join(projectRoot);
}

/** A launch with this host's paths, refused when its runtime or app is not installed here. */
export function localLaunch(launch: Launch): Launch {
  const here = mapLaunchPaths(launch, localPath);
  const sent = [launch.command, ...launch.args];
  const files = [here.command, ...here.args].filter((_, i) => sent[i].startsWith(ROOT_TOKEN));
  const missing = files.find((file) => !existsSync(file));
  if (missing)
    throw new TargetStartError(
      `the server host has no ${missing}: install the same gauntlet there (npm install in its folder; --install-runtimes for runtimes)`,
      '',
    );
  return here;
}

export interface AgentOptions {
  input: Readable;
  output: Writable;
  /** Where targets listen (default: where the SSH connection arrived, else loopback). */
  address?: string;
  /** Installs an `ab` version here (given by the CLI: installing is the ab layer's, above this one). */
  install?: (variant: VariantInstall) => Promise<void>;
  /** Where SSH_CONNECTION is read (default: this process's environment; an agent in gauntlet's own process has none). */
  env?: NodeJS.ProcessEnv;
}

export async function serveAgent(options: AgentOptions): Promise<void> {
  const env = options.env ?? process.env;
  const address = options.address ?? sshArrivalAddress(env) ?? '127.0.0.1';
  const host = new LocalHost(address, 'agent');
  const started = new Map<number, GroupProcess>();
  const meters = new Map<number, WindowMeter>();
  let polling: IdlePolling | undefined;
  const send = (message: unknown) => options.output.write(`${JSON.stringify(message)}\n`);
  const k6 = new K6Jobs(send);

  const handle = async (request: AgentRequest): Promise<unknown> => {
    switch (request.op) {
      case 'hello': {
        // idle cores of a virtual server host poll for the run, as the load host's do (proc/idle-polling.ts)
        if (request.idlePolling !== undefined && !polling) polling = pollIdleCores(request.idlePolling);
        const hello: AgentHello = {
          version: gauntletVersion(),
          address,
          facts: machineFacts(),
          ...(sshClientAddress(env) && { client: sshClientAddress(env) }),
          k6: k6Version(),
          ...(polling?.record && { idlePolling: polling.record }),
        };
        return hello;
      }
      case 'start': {
        const target = await host.start(localLaunch(request.launch));
        const group = target.process as GroupProcess;
        started.set(group.pid, group);
        void group.exited.then(({ code, signal }) => {
          started.delete(group.pid);
          send({ event: 'exit', pid: group.pid, code, signal, output: group.output.text() });
        });
        return { pid: group.pid, port: target.port };
      }
      case 'stop':
        await started.get(request.pid)?.stop(request.graceMs);
        return null;
      case 'meter-begin': {
        const meter = host.meter(request.pid, { series: request.series });
        meter.begin();
        meters.set(request.meter, meter);
        return null;
      }
      case 'meter-end': {
        const meter = meters.get(request.meter);
        meters.delete(request.meter);
        if (!meter) throw new Error(`no window ${request.meter} was begun`);
        return meter.end();
      }
      case 'settle':
        return host.waitUntilIdle(request.pids, undefined, request.maxMs);
      case 'link':
        return { port: (await serveLinkProbe(address)).port };
      case 'k6-run':
        return k6.run(request);
      case 'k6-go':
        return k6.go(request.job);
      case 'k6-stop':
        return k6.stop(request.job);
      case 'install': {
        if (!options.install) throw new Error('this agent cannot install ab versions');
        const { variant } = request;
        await options.install({
          ...variant,
          spec: localPath(variant.spec),
          targetDirs: variant.targetDirs.map(localPath),
        });
        return null;
      }
    }
  };

  const lines = createInterface({ input: options.input });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let request: AgentRequest;
    try {
      request = requestSchema.parse(JSON.parse(line));
    } catch (error) {
      send({ id: -1, ok: false, error: { message: `unreadable request: ${(error as Error).message}` } });
      return;
    }
    handle(request).then(
      (value) => send({ id: request.id, ok: true, value: value ?? null }),
      (error: Error) =>
        send({
          id: request.id,
          ok: false,
          error: {
            message: error.message,
            ...(error instanceof TargetStartError && { lastOutput: error.lastOutput, exitCode: error.exitCode }),
            ...(error instanceof UserError && { code: error.code, hint: error.hint }),
            ...(error instanceof EngineFailure && {
              engineFailure: { engine: error.engine, exit: error.exit, stderr: error.stderr },
            }),
          },
        }),
    );
  });
  await new Promise<void>((resolve) => lines.once('close', resolve));
  await Promise.all([...started.values()].map((group) => group.stop(1000)).concat(k6.close()));
  polling?.restore();
}
