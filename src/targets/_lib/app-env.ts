/**
 * The little every target app needs from gauntlet: where to listen, and a guard that ends
 * the app if gauntlet itself died without stopping it (no orphans even after SIGKILL).
 * HTTP/2 apps also read which protocol to serve and, for TLS, the throwaway certificate.
 */
import { readFileSync } from 'node:fs';

export interface ListenAddress {
  host: string;
  port: number;
}

export function listenAddress(): ListenAddress {
  const port = Number(process.env.GAUNTLET_PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`GAUNTLET_PORT must be a TCP port, got ${process.env.GAUNTLET_PORT}`);
  }
  return { host: process.env.GAUNTLET_HOST ?? '127.0.0.1', port };
}

/** Exit when the process that started us is gone (re-parented). Checked twice a second, off the hot path. */
export function exitWhenOrphaned(): void {
  const parent = process.ppid;
  if (!process.env.GAUNTLET_PORT) return; // started by hand: nothing to watch
  setInterval(() => {
    if (process.ppid !== parent) process.exit(0);
  }, 500).unref();
}

/**
 * What an HTTP/2 app serves (GAUNTLET_PROTOCOL): `h2c`, cleartext HTTP/2 with prior
 * knowledge (http2.createServer), or `h2`, HTTP/2 over TLS with ALPN h2
 * (http2.createSecureServer with tlsOptions()). Started by hand without it: h2c.
 */
export function http2Protocol(): 'h2c' | 'h2' {
  const protocol = process.env.GAUNTLET_PROTOCOL ?? 'h2c';
  if (protocol !== 'h2c' && protocol !== 'h2')
    throw new Error(`GAUNTLET_PROTOCOL must be h2c or h2 for an HTTP/2 app, got ${protocol}`);
  return protocol;
}

/**
 * The key and certificate for a TLS listener, read from the files gauntlet generated for
 * this run (GAUNTLET_TLS_KEY, GAUNTLET_TLS_CERT: a throwaway self-signed certificate).
 */
export function tlsOptions(): { key: Buffer; cert: Buffer } {
  const keyFile = process.env.GAUNTLET_TLS_KEY;
  const certFile = process.env.GAUNTLET_TLS_CERT;
  if (!keyFile || !certFile)
    throw new Error('GAUNTLET_TLS_KEY and GAUNTLET_TLS_CERT must name the key and certificate files for TLS');
  return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
}

/** Call once the server listens: prints a line the runner shows in its logs. */
export function announceListening(name: string): void {
  const { host, port } = listenAddress();
  const protocol = process.env.GAUNTLET_PROTOCOL;
  const how =
    protocol === 'h2'
      ? `https://${host}:${port} (HTTP/2, ALPN h2)`
      : protocol === 'h2c'
        ? `http://${host}:${port} (h2c)`
        : `http://${host}:${port}`;
  console.log(`[${name}] listening on ${how}`);
}

/** Where the fanout suite's upstream service listens (GAUNTLET_UPSTREAM_URL, set by gauntlet for every app). */
export function upstreamUrl(): string {
  const url = process.env.GAUNTLET_UPSTREAM_URL;
  if (!url)
    throw new Error('GAUNTLET_UPSTREAM_URL must name the upstream service (gauntlet sets it for the fanout suite)');
  return url;
}
