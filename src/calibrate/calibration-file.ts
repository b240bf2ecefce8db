/**
 * What `gauntlet doctor --calibrate` measured: each engine's own CPU per request on this
 * machine, hence the most req/s it can generate on one core (its ceiling). Kept in
 * .gauntlet/calibration.json and valid only for the CPU model it was measured on.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../core/paths.js';
import { writeAtomic } from '../results/store.js';

export const CALIBRATION_FILE = join(projectRoot, '.gauntlet', 'calibration.json');

export const engineCalibrationSchema = z.object({
  usPerRequest: z.number(),
  ceilingRequestsPerSec: z.number(),
  flags: z.string(),
});

const calibrationSchema = z.object({
  calibratedAt: z.string(),
  cpuModel: z.string(),
  node: z.string(),
  engines: z.record(z.string(), engineCalibrationSchema),
});

export type Calibration = z.infer<typeof calibrationSchema>;
export type EngineCalibration = z.infer<typeof engineCalibrationSchema>;

export function cpuModel(): string {
  return cpus()[0]?.model?.trim() ?? 'unknown';
}

export function saveCalibration(calibration: Calibration): void {
  mkdirSync(dirname(CALIBRATION_FILE), { recursive: true });
  writeAtomic(CALIBRATION_FILE, `${JSON.stringify(calibration, null, 2)}\n`);
}

/** The calibration of an engine on this CPU model, if one was measured. */
export function calibrationFor(engine: string): (EngineCalibration & { calibratedAt: string }) | undefined {
  if (!existsSync(CALIBRATION_FILE)) return undefined;
  const parsed = calibrationSchema.safeParse(JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')));
  if (!parsed.success || parsed.data.cpuModel !== cpuModel()) return undefined;
  const found = parsed.data.engines[engine];
  return found ? { ...found, calibratedAt: parsed.data.calibratedAt } : undefined;
}
