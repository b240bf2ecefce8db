/**
 * Where the scripts of src/bench write their reference outputs, one file per label (a label run
 * again replaces its files), and the goals the stability benchmark is held to. The generator of
 * the README's and docs' figures (src/docs/reference-*.ts) reads the same files.
 */
import { join } from 'node:path';
import { projectRoot } from '../core/paths.js';
import { RATIOS_HELD_GOAL } from '../stats/run-agreement.js';

export const BENCH_DIR = join(projectRoot, 'bench');
/** `npm run bench:stability`: <label>.md and <label>.json per pair of runs. */
export const STABILITY_DIR = join(BENCH_DIR, 'stability');
/** `npm run bench:ab`: <label>.md and <label>.json per sensitivity measurement. */
export const AB_SENSITIVITY_DIR = join(BENCH_DIR, 'ab-sensitivity');
/** The committed result of the default run (`npm start`), the README's reference ranking. */
export const HELLO_REFERENCE = join(BENCH_DIR, 'hello', 'result.json');

/** What the stability benchmark is held to: order, ratios that repeat, and five minutes a run. */
export const STABILITY_GOALS = { pairAgreement: 0.95, ratiosHeld: RATIOS_HELD_GOAL, wallSec: 300 } as const;

/** "2026-11-28", or "2026-11-27 and 2026-11-28": the days of runs, without their clock times. */
export function runDays(startedAt: string[]): string {
  return [...new Set(startedAt.map((iso) => iso.slice(0, 10)))].join(' and ');
}
