/**
 * What gauntlet needs and what it can use: each check says what it is for, whether it is
 * here (with its version), and the command that installs it.
 */
import { findK6, K6_INSTALL, k6Version, toolsCacheDir } from '../engines/k6/locate.js';
import { execFileSync } from 'node:child_process';
import { procAvailable } from '../proc/proc-stat.js';
import { type BrokerBinary, findBrokerBinary, MOSQUITTO, NATS_SERVER } from '../backends/broker-binary.js';
import { tasksetAvailable } from '../proc/pinning.js';
import { haltsAtOnce, readIdlePolling, SET_HALT_POLLING } from '../proc/idle-polling.js';
import { DEFAULT_RUNTIME_ID } from '../runtimes/known-runtimes.js';
import { runtimeStatuses } from '../runtimes/resolve-runtime.js';
import { installedVersion } from '../targets/availability.js';

export interface DoctorCheck {
  name: string;
  purpose: string;
  required: boolean;
  found: boolean;
  detail: string;
  install?: string;
}

/** First line of `command args`, or undefined when it cannot run. */
function versionOf(command: string, args: string[]): string | undefined {
  try {
    const out = execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 }).toString();
    return (
      out
        .split('\n')
        .find((line) => line.trim() !== '')
        ?.trim() ?? ''
    );
  } catch (error) {
    // Some tools print their version to stderr and exit non-zero (wrk -v).
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    const stdout = (error as { stdout?: Buffer }).stdout?.toString() ?? '';
    const text = `${stdout}\n${stderr}`.split('\n').find((line) => /\d+\.\d+/.test(line));
    return (error as { code?: string }).code === 'ENOENT' ? undefined : text?.trim();
  }
}

const OPTIONAL_APT = 'apt-get install -y';

export function doctorChecks(): DoctorCheck[] {
  const nodeMajorMinor = process.versions.node.split('.').map(Number);
  const nodeOk = nodeMajorMinor[0] > 20 || (nodeMajorMinor[0] === 20 && nodeMajorMinor[1] >= 19);
  const tool = (name: string, purpose: string, command: string, args: string[], apt: string): DoctorCheck => {
    const version = versionOf(command, args);
    return {
      name,
      purpose,
      required: false,
      found: version !== undefined,
      detail: version ?? 'not found',
      install: `${OPTIONAL_APT} ${apt}`,
    };
  };
  // Debian puts the brokers in /usr/sbin, often not on PATH: look where gauntlet will look.
  const broker = (binary: BrokerBinary, purpose: string, args: string[]): DoctorCheck => {
    const path = findBrokerBinary(binary);
    const version = path ? versionOf(path, args) : undefined;
    return {
      name: binary.command,
      purpose,
      required: false,
      found: version !== undefined,
      detail: path ? `${version || 'does not run'} (${path})` : 'not found',
      install: `${OPTIONAL_APT} ${binary.aptPackage}`,
    };
  };
  return [
    {
      name: 'node',
      purpose: 'runs gauntlet itself (targets run on their runtime, below)',
      required: true,
      found: nodeOk,
      detail: process.version,
      install: 'install Node.js 20.19 or newer',
    },
    ...runtimeChecks(),
    {
      name: 'autocannon',
      purpose: 'built-in load engine',
      required: true,
      found: installedVersion('autocannon') !== undefined,
      detail: installedVersion('autocannon') ?? 'not installed',
      install: 'npm install',
    },
    {
      name: '/proc',
      purpose: 'server CPU time, RSS, generator CPU',
      required: true,
      found: procAvailable(),
      detail: procAvailable() ? 'readable' : 'missing (Linux only)',
      install: 'run on Linux',
    },
    {
      name: 'taskset',
      purpose: 'pins server and generator to separate cores',
      required: false,
      found: tasksetAvailable(),
      detail: tasksetAvailable() ? 'found' : 'not found: server and generator will share cores',
      install: `${OPTIONAL_APT} util-linux`,
    },
    idlePollingCheck(),
    tool('wrk', 'HTTP/1.1 engine, cheaper per request than autocannon (--engine wrk)', 'wrk', ['-v'], 'wrk'),
    tool(
      'h2load',
      'HTTP/2 (h2c, TLS) and pipelined HTTP/1.1 engine (--engine h2load)',
      'h2load',
      ['--version'],
      'nghttp2-client',
    ),
    k6Check(),
    tool(
      'openssl',
      "the h2 suite's throwaway self-signed certificate (HTTP/2 over TLS)",
      'openssl',
      ['version'],
      'openssl',
    ),
    tool(
      'redis-server',
      "real store for saas --stores redis; the broker of Moleculer's Redis transporter (services suite)",
      'redis-server',
      ['--version'],
      'redis-server',
    ),
    broker(
      NATS_SERVER,
      "NATS broker of the services suite: Moleculer's NATS transporter; Moleculer, Seneca and Hemera in the cross-framework calls",
      ['--version'],
    ),
    broker(MOSQUITTO, "MQTT broker of the services suite: Moleculer's MQTT transporter", ['-h']),
    tool('chromium', 'browser test of the HTML report', 'chromium', ['--version'], 'chromium'),
  ];
}

/**
 * A KVM guest whose idle cores halt at once halts the server's core between the generator's
 * batches (proc/idle-polling.ts). A run lets them poll for its duration when it runs as root;
 * the row says so, and how to set it by hand otherwise.
 */
function idlePollingCheck(): DoctorCheck {
  const state = readIdlePolling();
  const halts = haltsAtOnce(state);
  const root = process.getuid?.() === 0;
  return {
    name: 'idle polling',
    purpose:
      "a virtual machine's idle cores poll before they halt: a server core that halts between the generator's batches and is woken again costs the server time that is not the framework's",
    required: false,
    found: !halts || root,
    detail:
      state.governor !== 'haltpoll'
        ? `not a haltpoll guest (cpuidle governor ${state.governor ?? 'unknown'}): nothing to do`
        : halts
          ? `idle cores halt at once (guest_halt_poll_ns 0)${root ? ': gauntlet, as root, lets them poll while it measures' : ''}`
          : `idle cores poll up to ${state.haltPollNs! / 1000} µs before they halt`,
    install: `as root: ${SET_HALT_POLLING} (until reboot; gauntlet run does it for its run when it runs as root)`,
  };
}

/** k6: not packaged for Debian or npm, so built from the Go module proxy and cached. */
function k6Check(): DoctorCheck {
  const binary = findK6();
  return {
    name: 'k6',
    purpose:
      'engine of --profile ramp (ramping virtual users) and rate (open-model arrival rate), --engine k6, and the scripts of gauntlet export k6',
    required: false,
    found: binary !== undefined,
    detail: binary
      ? `k6 ${k6Version()} at ${binary}`
      : `not found on PATH, in ${toolsCacheDir()} or in $(go env GOPATH)/bin`,
    install: `${K6_INSTALL} (Go >= 1.25; several minutes on 2 cores), then cp "$(go env GOPATH)/bin/k6" ${toolsCacheDir()}/; or scripts/install-tools.sh (as root), which does both`,
  };
}

/** One row per known runtime: the default is required, the others are for --runtime. */
function runtimeChecks(): DoctorCheck[] {
  return runtimeStatuses().map((status) => ({
    name: `runtime ${status.known.id}`,
    purpose:
      status.known.id === DEFAULT_RUNTIME_ID
        ? 'runs the targets (the default runtime)'
        : `runs targets with --runtime ${status.known.id}`,
    required: status.known.id === DEFAULT_RUNTIME_ID,
    found: status.runtime !== undefined,
    detail: status.runtime
      ? `${status.runtime.name} ${status.runtime.version}: ${status.runtime.source}`
      : 'not installed',
    install: status.installHint,
  }));
}

export const INSTALL_ALL_OPTIONAL = `${OPTIONAL_APT} util-linux wrk nghttp2-client redis-server nats-server mosquitto chromium`;
