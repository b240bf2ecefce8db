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

/** GAUNTLET_CALIBRATION_FILE moves it (the tests calibrate into a temporary folder, not over yours). */
export const CALIBRATION_FILE = process.env.GAUNTLET_CALIBRATION_FILE ?? join(projectRoot, '.gauntlet', 'calibration.json');

const measuredSchema = z.object({
  usPerRequest: z.number(),
  ceilingRequestsPerSec: z.number(),
  flags: z.string(),
});

/** Measured with pipelining 10 (gauntlet's default load); `unpipelined`: one request per connection at a time. */
export const engineCalibrationSchema = measuredSchema.extend({ unpipelined: measuredSchema.optional() });

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

export interface CalibrationForLoad {
  usPerRequest: number;
  ceilingRequestsPerSec: number;
  calibratedAt: string;
  /** The pipelining the figure was measured with: the nearer of 10 and 1 to the load's. */
  pipelining: number;
}

/** The calibration of an engine on this CPU model for a load with this pipelining, if one was measured. */
export function calibrationFor(engine: string, pipelining: number): CalibrationForLoad | undefined {
  if (!existsSync(CALIBRATION_FILE)) return undefined;
  const parsed = calibrationSchema.safeParse(JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')));
  if (!parsed.success || parsed.data.cpuModel !== cpuModel()) return undefined;
  const found = parsed.data.engines[engine];
  if (!found) return undefined;
  const unpipelined = pipelining <= 1 ? found.unpipelined : undefined;
  const figure = unpipelined ?? found;
  return { usPerRequest: figure.usPerRequest, ceilingRequestsPerSec: figure.ceilingRequestsPerSec, calibratedAt: parsed.data.calibratedAt, pipelining: unpipelined ? 1 : 10 };
}
