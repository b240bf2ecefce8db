/**
 * Warm-up once per target start: one load that cycles through the requests of every
 * scenario about to be measured, so each route is compiled hot before any measured window.
 * (autocannon times in whole seconds, so a warm-up per trial would double every trial.)
 */
import type { Engine, LoadSpec } from '../engines/engine.js';
import type { RequestSpec, Scenario } from '../suites/types.js';
import type { RunningTarget } from './target-process.js';
import { protocolField } from './trial.js';

/** Round-robin over the scenarios' request lists: a, b, c, a, b, c, … */
export function interleaveRequests(scenarios: Scenario[]): RequestSpec[] {
  const longest = Math.max(...scenarios.map((s) => s.load.length));
  const mixed: RequestSpec[] = [];
  for (let i = 0; i < longest; i++) for (const s of scenarios) mixed.push(s.load[i % s.load.length]);
  return mixed;
}

export async function warmUp(
  running: RunningTarget,
  scenarios: Scenario[],
  engine: Engine,
  load: Omit<LoadSpec, 'baseUrl' | 'requests' | 'warmupSec'>,
  options: { cores?: string; signal: AbortSignal },
): Promise<void> {
  await engine.run(
    { ...load, warmupSec: 0, baseUrl: running.baseUrl, requests: interleaveRequests(scenarios), ...protocolField(running) },
    { windowStart() {}, windowEnd() {} },
    { cores: options.cores, signal: options.signal, deadlineMs: load.durationSec * 3000 + 15000 },
  );
}
