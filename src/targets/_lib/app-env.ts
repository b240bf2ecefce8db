/**
 * The little every target app needs from gauntlet: where to listen, and a guard that ends
 * the app if gauntlet itself died without stopping it (no orphans even after SIGKILL).
 */
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

/** Call once the server listens: prints a line the runner shows in its logs. */
export function announceListening(name: string): void {
  const { host, port } = listenAddress();
  console.log(`[${name}] listening on http://${host}:${port}`);
}
