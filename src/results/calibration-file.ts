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
import { writeAtomic } from './store.js';

/** GAUNTLET_CALIBRATION_FILE moves it (the tests calibrate into a temporary folder, not over yours). */
export const CALIBRATION_FILE =
  process.env.GAUNTLET_CALIBRATION_FILE ?? join(projectRoot, '.gauntlet', 'calibration.json');

const measuredSchema = z.object({
  usPerRequest: z.number(),
  ceilingRequestsPerSec: z.number(),
  flags: z.string(),
});

/**
 * Measured with pipelining 10 (gauntlet's default load) on one path; `unpipelined`: one
 * request per connection at a time; `cycled`: pipelining 10 over a cycle of 1,000 paths (the
 * hello param scenario), which is what most scenarios send and costs some engines far more.
 */
export const engineCalibrationSchema = measuredSchema.extend({
  unpipelined: measuredSchema.optional(),
  cycled: measuredSchema.optional(),
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

/** Pipelining of the main figure (gauntlet's default load); the second one has none. */
export const CALIBRATED_PIPELINING = 10;

export interface CalibrationForLoad {
  usPerRequest: number;
  ceilingRequestsPerSec: number;
  calibratedAt: string;
  /** The pipelining the figure was measured with: 1 for a load without pipelining, else CALIBRATED_PIPELINING. */
  pipelining: number;
  /** Measured over a cycle of paths (a load of several requests), not one path. */
  cycled?: boolean;
}

/** What doctor --calibrate kept, if it was measured on this CPU model (read once per run). */
export function readCalibration(): Calibration | undefined {
  if (!existsSync(CALIBRATION_FILE)) return undefined;
  const parsed = calibrationSchema.safeParse(JSON.parse(readFileSync(CALIBRATION_FILE, 'utf8')));
  return parsed.success && parsed.data.cpuModel === cpuModel() ? parsed.data : undefined;
}

/** The calibration of an engine for a load with this pipelining (over this many requests), if one was measured. */
export function calibrationFor(
  calibration: Calibration | undefined,
  engine: string,
  pipelining: number,
  requestsInCycle = 1,
): CalibrationForLoad | undefined {
  const found = calibration?.engines[engine];
  if (!calibration || !found) return undefined;
  const unpipelined = pipelining <= 1 ? found.unpipelined : undefined;
  const cycled = !unpipelined && requestsInCycle > 1 ? found.cycled : undefined;
  const figure = unpipelined ?? cycled ?? found;
  return {
    usPerRequest: figure.usPerRequest,
    ceilingRequestsPerSec: figure.ceilingRequestsPerSec,
    calibratedAt: calibration.calibratedAt,
    pipelining: unpipelined ? 1 : CALIBRATED_PIPELINING,
    ...(cycled && { cycled: true }),
  };
}
