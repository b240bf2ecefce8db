/** What runs a target's app: today the machine's node; later other node versions, bun, deno. */
export interface Runtime {
  name: string;
  version: string;
  /** Cluster mode: how many workers serve the app (absent: one process). */
  workers?: number;
  /** Command and arguments that run a compiled app file. */
  command(appFile: string): { command: string; args: string[] };
}

export const nodeRuntime: Runtime = {
  name: 'node',
  version: process.version,
  command: (appFile) => ({ command: process.execPath, args: [appFile] }),
};

export const runtimes: Runtime[] = [nodeRuntime];
