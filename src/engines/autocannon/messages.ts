/** Messages between gauntlet and the autocannon worker process (over the IPC channel). */
import type { EngineMeasurement, LoadSpec } from '../engine.js';

export type ToWorker = { type: 'run'; spec: LoadSpec };

export type FromWorker =
  | { type: 'window-start' }
  | { type: 'window-end'; measurement: EngineMeasurement }
  | { type: 'failed'; message: string };
