/**
 * Ports for the processes gauntlet starts (targets, upstreams, brokers), free when chosen and
 * picked below the kernel's ephemeral range. A port the kernel hands out for listen(0) comes
 * from that range, and between our check and the child's own bind any outgoing connection (a
 * readiness probe, a load generator, a target calling its upstream) may take it as its local
 * port: a CI run once failed so, the fanout suite's upstream refusing to start with EADDRINUSE
 * on 127.0.0.1:39783. Below the range, only another listener can take it.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Above the well-known and registered ports most services listen on. */
const LOWEST = 20000;
const TRIES = 50;
/** Ports handed out by this process, never handed out twice (a child may not have bound its port yet). */
const given = new Set<number>();

/** The first port of the kernel's ephemeral range (Linux's default: 32768). */
export function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 0 ? low : 32768;
  } catch {
    return 32768;
  }
}

/** Listens on the port (0: the kernel picks) and closes again; resolves the port, or undefined when taken. */
function tryListen(port: number, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error),
    );
    server.listen(port, host, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/** A loopback TCP port nobody listens on right now, below the ephemeral range when it leaves room. */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const high = ephemeralLow() - 1;
  if (high - LOWEST >= 1000) {
    for (let i = 0; i < TRIES; i++) {
      const candidate = LOWEST + Math.floor(Math.random() * (high - LOWEST + 1));
      if (given.has(candidate)) continue;
      // Taken before the check, so that two calls at once never try the same port; a busy one stays out too.
      given.add(candidate);
      if ((await tryListen(candidate, host)) !== undefined) return candidate;
    }
  }
  // A kernel whose ephemeral range leaves no room below it, or a crowded one: let it pick.
  const port = await tryListen(0, host);
  if (port === undefined) throw new Error(`no free TCP port on ${host}`);
  given.add(port);
  return port;
}
