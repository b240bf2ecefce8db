/**
 * The caller's side of the separate-process setup: starts service-process.js under the same
 * node, in its own process group, waits for its `ready`, and stops the group on close.
 */
import { fileURLToPath } from 'node:url';
import { type GroupProcess, startGroup } from '../../../proc/process-group.js';
import type { MathAddClient } from './contract.js';
import type { ServiceProcessOptions } from './service-process.js';

const SCRIPT = fileURLToPath(new URL('./service-process.js', import.meta.url));
const READY_TIMEOUT_MS = 15_000;

function waitReady(proc: GroupProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => fail(`did not say ready within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`the math.add service process ${why}:\n${proc.output.text()}`));
    };
    proc.child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (/^ready$/m.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void proc.exited.then(() => fail('exited'));
  });
}

export async function startServiceProcess(framework: string, options: ServiceProcessOptions): Promise<GroupProcess> {
  const proc = startGroup({ command: process.execPath, args: [SCRIPT, framework, JSON.stringify(options)] });
  try {
    await waitReady(proc);
  } catch (error) {
    await proc.stop(500);
    throw error;
  }
  return proc;
}

/** A caller whose close also stops the service process. */
export function withServiceProcess(caller: MathAddClient, proc: GroupProcess): MathAddClient {
  return {
    add: caller.add,
    processGroups: [proc.pid],
    close: async () => {
      try {
        await caller.close();
      } finally {
        await proc.stop(2000);
      }
    },
  };
}
