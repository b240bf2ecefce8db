/**
 * Where a broker's binary is. Debian installs nats-server and mosquitto into /usr/sbin, which
 * is not on an ordinary user's PATH, so the sbin folders are searched after PATH. An
 * environment variable (GAUNTLET_NATS_SERVER, GAUNTLET_MOSQUITTO) names another build.
 */
import { UserError } from '../core/errors.js';
import { findExecutable, isExecutable, pathDirs } from '../proc/executables.js';

export interface BrokerBinary {
  /** The command as the user knows it (nats-server). */
  command: string;
  /** The variable that overrides where it is. */
  envVar: string;
  /** The Debian package that installs it. */
  aptPackage: string;
  /** What gauntlet uses it for, for the error message. */
  purpose: string;
}

const SBIN_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The executable's path, or undefined when it is not installed (or the override points nowhere). */
export function findBrokerBinary(binary: BrokerBinary, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const override = env[binary.envVar];
  if (override) return isExecutable(override) ? override : undefined;
  return findExecutable(binary.command, [...pathDirs(env), ...SBIN_DIRS]);
}

/** The executable's path; a UserError with GAUNTLET_NO_BROKER when it is missing. */
export function requireBrokerBinary(binary: BrokerBinary, env: NodeJS.ProcessEnv = process.env): string {
  const path = findBrokerBinary(binary, env);
  if (path) return path;
  const where = env[binary.envVar] ? ` (${binary.envVar}=${env[binary.envVar]} is not an executable)` : '';
  throw new UserError(
    'GAUNTLET_NO_BROKER',
    `${binary.command} is not installed${where}; it is needed for ${binary.purpose}`,
    `apt-get install -y ${binary.aptPackage} (see gauntlet doctor), or leave that part out of --scenarios`,
  );
}

export const NATS_SERVER: BrokerBinary = {
  command: 'nats-server',
  envVar: 'GAUNTLET_NATS_SERVER',
  aptPackage: 'nats-server',
  purpose: 'the NATS broker of the services suite (transporters and the cross-framework calls)',
};

export const MOSQUITTO: BrokerBinary = {
  command: 'mosquitto',
  envVar: 'GAUNTLET_MOSQUITTO',
  aptPackage: 'mosquitto',
  purpose: 'the MQTT broker of the services suite (the MQTT transporter)',
};
