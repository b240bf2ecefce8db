#!/usr/bin/env node
/**
 * The first step of `npm test`: are the programs the tests run installed? The tests use the
 * real ones (engines, brokers, Redis, Chromium, k6), so a missing one would otherwise show up
 * minutes later as a failure. As root on Debian the missing ones are installed with
 * scripts/install-tools.sh; anywhere else this stops at once and names the command.
 *
 * Each tool is looked up where gauntlet or its test looks for it: PATH, then the sbin folders
 * for the brokers (Debian puts them there), the override variables (GAUNTLET_NATS_SERVER,
 * GAUNTLET_MOSQUITTO, GAUNTLET_K6, CHROMIUM_PATH), and for k6 also gauntlet's tool cache and
 * $(go env GOPATH)/bin.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const INSTALL_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'install-tools.sh');
const SBIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const pathDirs = () => (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
const onPath = (command, extraDirs = []) =>
  [...pathDirs(), ...extraDirs].map((dir) => join(dir, command)).find(isExecutable);
/** An override variable, when set, is the only place looked at (as gauntlet does). */
const overridden = (variable, lookup) => (process.env[variable] ? isExecutable(process.env[variable]) : lookup());

function k6Found() {
  if (process.env.GAUNTLET_K6) return isExecutable(process.env.GAUNTLET_K6);
  const cache =
    process.env.GAUNTLET_TOOLS_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'gauntlet', 'bin');
  const go = spawnSync('go', ['env', 'GOPATH'], { encoding: 'utf8', timeout: 5000 });
  const gopath = go.status === 0 ? go.stdout.trim().split(':')[0] : join(homedir(), 'go');
  return [onPath('k6'), join(cache, 'k6'), gopath && join(gopath, 'bin', 'k6')].some((f) => f && isExecutable(f));
}

/** Each tool the tests need, and whether it is there. */
const TOOLS = {
  taskset: () => Boolean(onPath('taskset')),
  openssl: () => Boolean(onPath('openssl')),
  wrk: () => Boolean(onPath('wrk')),
  h2load: () => Boolean(onPath('h2load')),
  'redis-server': () => Boolean(onPath('redis-server')),
  'nats-server': () => overridden('GAUNTLET_NATS_SERVER', () => Boolean(onPath('nats-server', SBIN_DIRS))),
  mosquitto: () => overridden('GAUNTLET_MOSQUITTO', () => Boolean(onPath('mosquitto', SBIN_DIRS))),
  // the HTML report's browser test opens CHROMIUM_PATH, else /usr/bin/chromium
  chromium: () => isExecutable(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
  k6: k6Found,
  // --cost instructions counts under callgrind, driven by callgrind_control
  valgrind: () => Boolean(onPath('valgrind')) && Boolean(onPath('callgrind_control')),
};

const missing = () => Object.keys(TOOLS).filter((name) => !TOOLS[name]());

let absent = missing();
if (absent.length === 0) {
  console.log(`test tools: all found (${Object.keys(TOOLS).join(', ')})`);
  process.exit(0);
}

const rootOnDebian = process.getuid?.() === 0 && existsSync('/etc/debian_version');
if (rootOnDebian) {
  console.log(`test tools: missing ${absent.join(', ')}; installing them with scripts/install-tools.sh`);
  const installed = spawnSync('bash', [INSTALL_SCRIPT], { stdio: 'inherit' });
  absent = missing();
  if (installed.status === 0 && absent.length === 0) process.exit(0);
}

console.error(`test tools: missing ${absent.join(', ')}; the tests run the real programs.`);
console.error(
  rootOnDebian
    ? 'scripts/install-tools.sh did not install them all: see its output above.'
    : 'Install them with: sudo bash scripts/install-tools.sh (Debian or Ubuntu; k6 also needs Go >= 1.21)',
);
process.exit(1);
