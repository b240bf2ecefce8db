/** Messages between gauntlet and the node-http2 worker process (over the IPC channel). */
import type { EngineMeasurement, LoadSpec } from '../engine.js';

export type ToWorker = { type: 'run'; spec: LoadSpec };

export type FromWorker =
  | { type: 'window-start' }
  | { type: 'window-end'; measurement: EngineMeasurement }
  | { type: 'failed'; message: string };
