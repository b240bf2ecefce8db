/**
 * Two hosts on this one machine, for the two-host tests: scripts/two-hosts.sh makes a load host
 * and a server host (network namespaces joined by a veth pair, an sshd in the server one, pinned
 * to the last core) and takes them down again. Root only; see canSimulateTwoHosts. With
 * `loadHosts: 2` there is a second load host too, and each load host runs an sshd of its own.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { twoHostsLines } from '../../src/bench/two-hosts-lines.js';
import { tempDir } from './temp-dir.js';

const exec = promisify(execFile);

/** dist/test/helpers -> project root */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const twoHostsScript = join(projectRoot, 'scripts', 'two-hosts.sh');

export interface TwoHosts {
  /** The temp dir holding the keys, the configs, sshd's pid file and log. */
  dir: string;
  /** The ssh client config: `ssh -F <sshConfig> <server>` reaches the server host. */
  sshConfig: string;
  /** The ssh host alias of the server host in sshConfig. */
  server: string;
  /** The server host's address, as the load host sees it. */
  serverAddress: string;
  loadNs: string;
  serverNs: string;
  /** taskset -c lists: every allowed core but the last (or "0" on one core), and the last. */
  loadCores: string;
  serverCores: string;
  /** `ssh -F <dir>/ssh_config` */
  sshCommand: string;
  /**
   * With `loadHosts: 2`: the ssh host aliases in sshConfig of the two load hosts, ['load1', 'load2'];
   * load1 is loadNs itself, load2 is load2Ns.
   */
  loadHosts?: string[];
  load2Ns?: string;
  /** `command args…` as run on the load host: in its namespace, on its cores. */
  inLoad(command: string, args: string[]): { command: string; args: string[] };
  /** The processes in namespace `ns` (as `ip netns pids`), but the sshd daemons; works after down() too. */
  pidsIn(ns: string): Promise<number[]>;
  /** Stops every process in the namespaces, deletes them and removes dir. Safe to call twice. */
  down(): Promise<void>;
}

const which = (tool: string): boolean =>
  (process.env.PATH ?? '')
    .split(':')
    .concat(['/usr/sbin', '/sbin'])
    .some((dir) => {
      try {
        accessSync(join(dir, tool), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });

/** Undefined when two hosts can be simulated here, else why not (the reason to skip). */
export function canSimulateTwoHosts(): string | undefined {
  if (process.platform !== 'linux') return 'two simulated hosts need Linux network namespaces';
  if (process.getuid?.() !== 0) return 'two simulated hosts need root (network namespaces, sshd)';
  if (!which('ip')) return 'two simulated hosts need `ip` (iproute2)';
  if (!existsSync('/usr/sbin/sshd') && !which('apt-get')) return 'two simulated hosts need sshd (openssh-server)';
  if (!which('taskset')) return 'two simulated hosts need taskset (util-linux)';
  return undefined;
}

let calls = 0;

/** A port no one listens on here (the server namespace is new, so any port is free there). */
async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The inode of a network namespace, as /proc/<pid>/ns/net names it: `net:[<inode>]`. */
async function namespaceLink(ns: string): Promise<string> {
  const { stdout } = await exec('stat', ['-L', '-c', '%i', join('/run/netns', ns)]);
  return `net:[${stdout.trim()}]`;
}

/** Every process whose network namespace is `link`, as `ip netns pids` finds them. */
function pidsWithNamespace(link: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/ns/net`) === link) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or a zombie (no namespace any more)
    }
  }
  return pids;
}

/** The pid files of the sshd daemons scripts/two-hosts.sh may start, in its dir. */
const sshdPidFiles = ['sshd.pid', 'load1.sshd.pid', 'load2.sshd.pid'];

/**
 * Brings up a load host and a server host. `prefix` names the namespaces (`<prefix>-load`,
 * `<prefix>-server`, `<prefix>-load2`) and the interfaces (`<prefix>-l`, `<prefix>-s`, …, so at
 * most 13 characters); by default unique to this process and call. `loadHosts: 2` adds the second
 * load host.
 */
export async function twoHostsUp(
  prefix = `g${process.pid}n${++calls}`.slice(0, 13),
  options: { loadHosts?: 1 | 2 } = {},
): Promise<TwoHosts> {
  if (prefix.length > 13) throw new Error(`two-hosts prefix '${prefix}' is longer than 13 characters`);
  const dir = tempDir('two-hosts');
  const env = {
    ...process.env,
    TWO_HOSTS_PREFIX: prefix,
    TWO_HOSTS_SSH_PORT: String(await freePort()),
    TWO_HOSTS_LOAD_HOSTS: String(options.loadHosts ?? 1),
  };
  let stdout: string;
  try {
    ({ stdout } = await exec('bash', [twoHostsScript, 'up', dir], { env, timeout: 300_000 }));
  } catch (error) {
    await exec('bash', [twoHostsScript, 'down', dir], { env }).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    const { stderr } = error as { stderr?: string };
    throw new Error(`two-hosts up failed: ${stderr || (error as Error).message}`);
  }
  const values = twoHostsLines(stdout);
  const value = (key: string): string => {
    const found = values.get(key);
    if (found === undefined) throw new Error(`two-hosts up printed no ${key}:\n${stdout}`);
    return found;
  };
  const sshConfig = value('SSH_CONFIG');
  const loadNs = value('LOAD_NS');
  const serverNs = value('SERVER_NS');
  const loadCores = value('LOAD_CORES');
  const loadHosts = values.get('LOAD_HOSTS')?.split(',');
  const load2Ns = values.get('LOAD2_NS');
  const links = new Map([
    [loadNs, await namespaceLink(loadNs)],
    [serverNs, await namespaceLink(serverNs)],
  ]);
  if (load2Ns !== undefined) links.set(load2Ns, await namespaceLink(load2Ns));
  // Read now: down() removes dir.
  const sshdPids = new Set(
    sshdPidFiles
      .filter((file) => existsSync(join(dir, file)))
      .map((file) => Number(readFileSync(join(dir, file), 'utf8').trim())),
  );
  let isDown = false;
  return {
    dir,
    sshConfig,
    server: value('SERVER'),
    serverAddress: value('SERVER_ADDRESS'),
    loadNs,
    serverNs,
    loadCores,
    serverCores: value('SERVER_CORES'),
    sshCommand: `ssh -F ${sshConfig}`,
    loadHosts,
    load2Ns,
    inLoad: (command, args) => ({
      command: 'ip',
      args: ['netns', 'exec', loadNs, 'taskset', '-c', loadCores, command, ...args],
    }),
    pidsIn: async (ns) => {
      const link = links.get(ns);
      if (!link) throw new Error(`${ns} is not one of this pair's namespaces (${[...links.keys()].join(', ')})`);
      return pidsWithNamespace(link).filter((pid) => !sshdPids.has(pid));
    },
    down: async () => {
      if (isDown) return;
      await exec('bash', [twoHostsScript, 'down', dir], { env, timeout: 60_000 });
      isDown = true;
    },
  };
}
