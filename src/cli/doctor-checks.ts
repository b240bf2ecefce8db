/**
 * What gauntlet needs and what it can use: each check says what it is for, whether it is
 * here (with its version), and the command that installs it; in full for `doctor --json`, and
 * in a few words (`use`, `version`) for the table that fits a terminal.
 */
import { findK6, K6_INSTALL, k6Version, toolsCacheDir } from '../engines/k6/locate.js';
import { spawnSync } from 'node:child_process';
import { procAvailable } from '../proc/proc-stat.js';
import { type BrokerBinary, findBrokerBinary, MOSQUITTO, NATS_SERVER } from '../backends/broker-binary.js';
import { tasksetAvailable } from '../proc/pinning.js';
import { haltsAtOnce, readIdlePolling, SET_HALT_POLLING } from '../proc/idle-polling.js';
import { DEFAULT_RUNTIME_ID } from '../runtimes/known-runtimes.js';
import { runtimeStatuses } from '../runtimes/resolve-runtime.js';
import { installedVersion } from '../targets/availability.js';
import { projectRoot } from '../core/paths.js';
import { fittedTable } from '../report/terminal-fit.js';
import { TERMINAL_WIDTH, wrap } from '../report/terminal-wrap.js';
import { isAbsolute, join, relative } from 'node:path';

export interface DoctorCheck {
  name: string;
  purpose: string;
  /** The purpose in a few words, for the table. */
  use: string;
  required: boolean;
  found: boolean;
  detail: string;
  /** The version found, or what was found instead, in a few words, for the table. */
  version: string;
  install?: string;
}

/** The widest `version` the table shows. */
const VERSION_WIDTH = 24;

/** "4.1.0-3+b2" out of "wrk debian/4.1.0-3+b2 [epoll] Copyright …": the first version-looking word, else the text. */
export function shortVersion(detail: string): string {
  const version = /\d+\.\d+(?:\.\d+)*(?:[-+][\w.+-]*)?/.exec(detail)?.[0];
  const text = version ?? detail;
  return text.length <= VERSION_WIDTH ? text : `${text.slice(0, VERSION_WIDTH - 1)}…`;
}

/** First line of `command args` (on stdout, else stderr: `ssh -V`), or undefined when it cannot run. */
function versionOf(command: string, args: string[]): string | undefined {
  const ran = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 5000 });
  if (ran.error) return undefined;
  const stdout = ran.stdout?.toString() ?? '';
  const stderr = ran.stderr?.toString() ?? '';
  const firstLine = (text: string) =>
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim();
  if (ran.status === 0) return firstLine(stdout) ?? firstLine(stderr) ?? '';
  // Some tools print their version to stderr and exit non-zero (wrk -v).
  return `${stdout}\n${stderr}`
    .split('\n')
    .find((line) => /\d+\.\d+/.test(line))
    ?.trim();
}

const OPTIONAL_APT = 'apt-get install -y';

export function doctorChecks(): DoctorCheck[] {
  const nodeMajorMinor = process.versions.node.split('.').map(Number);
  const nodeOk = nodeMajorMinor[0] > 20 || (nodeMajorMinor[0] === 20 && nodeMajorMinor[1] >= 19);
  const tool = (
    name: string,
    purpose: string,
    use: string,
    command: string,
    args: string[],
    apt: string,
  ): DoctorCheck => {
    const version = versionOf(command, args);
    return {
      name,
      purpose,
      use,
      required: false,
      found: version !== undefined,
      detail: version ?? 'not found',
      version: version === undefined ? 'not found' : shortVersion(version),
      install: `${OPTIONAL_APT} ${apt}`,
    };
  };
  // Debian puts the brokers in /usr/sbin, often not on PATH: look where gauntlet will look.
  const broker = (binary: BrokerBinary, purpose: string, use: string, args: string[]): DoctorCheck => {
    const path = findBrokerBinary(binary);
    const version = path ? versionOf(path, args) : undefined;
    return {
      name: binary.command,
      purpose,
      use,
      required: false,
      found: version !== undefined,
      detail: path ? `${version || 'does not run'} (${path})` : 'not found',
      version: !path ? 'not found' : version ? shortVersion(version) : 'does not run',
      install: `${OPTIONAL_APT} ${binary.aptPackage}`,
    };
  };
  return [
    {
      name: 'node',
      purpose: 'runs gauntlet itself (targets run on their runtime, below)',
      use: 'runs gauntlet itself',
      required: true,
      found: nodeOk,
      detail: process.version,
      version: nodeOk ? process.versions.node : `${process.versions.node} (too old)`,
      install: 'install Node.js 20.19 or newer',
    },
    ...runtimeChecks(),
    {
      name: 'autocannon',
      purpose: 'built-in load engine',
      use: 'built-in load engine',
      required: true,
      found: installedVersion('autocannon') !== undefined,
      detail: installedVersion('autocannon') ?? 'not installed',
      version: installedVersion('autocannon') ?? 'not installed',
      install: 'npm install',
    },
    {
      name: '/proc',
      purpose: 'server CPU time, RSS, generator CPU',
      use: 'server CPU time, RSS, generator CPU',
      required: true,
      found: procAvailable(),
      detail: procAvailable() ? 'readable' : 'missing (Linux only)',
      version: procAvailable() ? 'readable' : 'missing (Linux only)',
      install: 'run on Linux',
    },
    {
      name: 'taskset',
      purpose: 'pins server and generator to separate cores',
      use: 'pins server and generator to separate cores',
      required: false,
      found: tasksetAvailable(),
      detail: tasksetAvailable() ? 'found' : 'not found: server and generator will share cores',
      version: tasksetAvailable() ? 'found' : 'not found',
      install: `${OPTIONAL_APT} util-linux`,
    },
    idlePollingCheck(),
    tool(
      'wrk',
      'HTTP/1.1 engine, cheaper per request than autocannon (--engine wrk)',
      'HTTP/1.1 engine, cheaper than autocannon (--engine wrk)',
      'wrk',
      ['-v'],
      'wrk',
    ),
    tool(
      'h2load',
      'HTTP/2 (h2c, TLS) and pipelined HTTP/1.1 engine (--engine h2load)',
      'HTTP/2 and pipelined HTTP/1.1 engine (--engine h2load)',
      'h2load',
      ['--version'],
      'nghttp2-client',
    ),
    k6Check(),
    tool(
      'valgrind',
      'counts instructions per request under callgrind (--cost instructions), steadier than time on a shared machine',
      '--cost instructions',
      'valgrind',
      ['--version'],
      'valgrind',
    ),
    tool(
      'ssh',
      'reaches other hosts and starts gauntlet agent there (--server-host, --load-hosts)',
      '--server-host, --load-hosts',
      'ssh',
      ['-V'],
      'openssh-client',
    ),
    tool(
      'openssl',
      "the h2 suite's throwaway self-signed certificate (HTTP/2 over TLS)",
      "the h2 suite's self-signed certificate",
      'openssl',
      ['version'],
      'openssl',
    ),
    tool(
      'redis-server',
      "real store for saas --stores redis; the broker of Moleculer's Redis transporter (services suite)",
      'saas --stores redis; services: Redis transporter',
      'redis-server',
      ['--version'],
      'redis-server',
    ),
    broker(
      NATS_SERVER,
      "NATS broker of the services suite: Moleculer's NATS transporter; Moleculer, Seneca and Hemera in the cross-framework calls",
      'services: NATS transporter, cross-framework calls',
      ['--version'],
    ),
    broker(MOSQUITTO, "MQTT broker of the services suite: Moleculer's MQTT transporter", 'services: MQTT transporter', [
      '-h',
    ]),
    tool(
      'chromium',
      'browser test of the HTML report',
      'browser test of the HTML report',
      'chromium',
      ['--version'],
      'chromium',
    ),
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
    use: "a VM's idle cores poll before they halt",
    required: false,
    found: !halts || root,
    version:
      state.governor !== 'haltpoll'
        ? 'not a haltpoll guest'
        : halts
          ? `halt at once${root ? ' (run sets it)' : ''}`
          : `poll up to ${state.haltPollNs! / 1000} µs`,
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
    use: '--profile ramp and rate, --engine k6, export k6',
    required: false,
    found: binary !== undefined,
    version: binary ? shortVersion(k6Version()) : 'not found',
    detail: binary
      ? `k6 ${k6Version()} at ${binary}`
      : `not found on PATH, in ${toolsCacheDir()} or in $(go env GOPATH)/bin`,
    install: `${K6_INSTALL} (Go >= 1.25; several minutes on 2 cores), then cp "$(go env GOPATH)/bin/k6" ${toolsCacheDir()}/; or scripts/install-tools.sh (as root), which does both`,
  };
}

/** One row per known runtime: the default is required, the others are for --runtime. */
function runtimeChecks(): DoctorCheck[] {
  return runtimeStatuses().map((status) => {
    const purpose =
      status.known.id === DEFAULT_RUNTIME_ID
        ? 'runs the targets (the default runtime)'
        : `runs targets with --runtime ${status.known.id}`;
    return {
      name: `runtime ${status.known.id}`,
      purpose,
      use: purpose,
      required: status.known.id === DEFAULT_RUNTIME_ID,
      version: status.runtime ? status.runtime.version : 'not installed',
      found: status.runtime !== undefined,
      detail: status.runtime
        ? `${status.runtime.name} ${status.runtime.version}: ${status.runtime.source}`
        : 'not installed',
      install: status.installHint,
    };
  });
}

export const INSTALL_ALL_OPTIONAL = `${OPTIONAL_APT} util-linux wrk nghttp2-client redis-server nats-server mosquitto chromium valgrind openssh-client`;

/** scripts/install-tools.sh as the user can type it from where they are. */
function installScript(): string {
  const script = join(projectRoot, 'scripts', 'install-tools.sh');
  const near = relative(process.cwd(), script);
  return near.startsWith('..') || isAbsolute(near) ? script : near;
}

/**
 * `gauntlet doctor` in a terminal: a table of the checks in a few words each, then how to
 * install what is missing, one tool a line, and everything optional at once; within 120 columns.
 */
export function doctorLines(checks: DoctorCheck[]): string[] {
  const status = (c: DoctorCheck) => (c.found ? 'ok' : c.required ? 'MISSING' : 'missing');
  const lines = fittedTable(
    ['status', 'tool', 'version', 'for'],
    checks.map((c) => [status(c), c.name, c.version, c.use]),
  );
  lines.push(
    '  MISSING: gauntlet needs it. missing: optional, only for what its row says. Every detail: gauntlet doctor --json',
  );
  const missing = checks.filter((c) => !c.found && c.install);
  if (missing.length === 0) return [...lines, '', 'Nothing is missing.'];
  const nameWidth = Math.max(...missing.map((c) => c.name.length));
  lines.push('', 'To install what is missing:');
  for (const c of missing) {
    const head = `  ${c.name.padEnd(nameWidth)}  `;
    lines.push(...wrap(c.install!, TERMINAL_WIDTH, head, ' '.repeat(head.length)));
  }
  lines.push(
    '',
    'Every optional tool at once (Debian, as root):',
    `  sudo bash ${installScript()}`,
    ...wrap(`apt-get update && ${INSTALL_ALL_OPTIONAL}`, TERMINAL_WIDTH, '  or: ', '      '),
  );
  return lines;
}
