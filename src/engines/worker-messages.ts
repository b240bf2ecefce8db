/** Messages between gauntlet and an engine's worker process (autocannon, node-http2), over IPC. */
import type { EngineMeasurement, LoadSpec } from './engine.js';

export type ToWorker = { type: 'run'; spec: LoadSpec };

export type FromWorker =
  | { type: 'window-start' }
  | { type: 'window-end'; measurement: EngineMeasurement }
  | { type: 'failed'; message: string };
