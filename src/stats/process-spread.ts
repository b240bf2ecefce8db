/**
 * How far the processes of one target differ within a run, beyond what their rounds' noise
 * explains. Two starts of the same app, measured in the same rounds seconds apart, settle at
 * speeds apart (docs/statistics.md, "The interval of a ratio: over processes and rounds"): a
 * part of a figure's error that more rounds of one process cannot shrink and a second run
 * draws anew. Read from any run whose targets ran more than one process (`--processes`, or the
 * baseline's visits).
 */
import { mean, sampleVariance } from 'simple-statistics';
import type { Plan, Trial } from '../model/schema.js';
import { bestRoundsMean } from './best-rounds.js';
import { bootstrap } from './random.js';
import { validByStart } from './summarize.js';

const RESAMPLES = 400;
const SEED = 0x9e0c;

export interface ProcessSpread {
  /** Cells (target and scenario) measured in two or more processes. */
  cells: number;
  /** Root mean square over those cells of the standard deviation of log req/s across a cell's processes (each its best quarter of rounds). */
  observed: number;
  /** The same spread that the rounds' own noise gives, resampling rounds (all processes of a round together). */
  expected: number;
  /** What the starts add: √(observed² − expected²), 0 when the noise explains it all. */
  perStart: number;
}

/** One cell's processes, each a round → req/s map, over the rounds all of them were measured in. */
function cellVariances(processes: Array<Map<number, number>>): { observed: number; expected: number } | undefined {
  const rounds = [...processes[0].keys()].filter((round) => processes.every((p) => p.has(round)));
  if (rounds.length < 3) return undefined;
  const level = (p: Map<number, number>, picked: number[]) =>
    Math.log(
      bestRoundsMean(
        picked.map((round) => p.get(round)!),
        'higher',
      ),
    );
  const own = processes.map((p) => level(p, rounds));
  // each resample moves every process by its own noise; their spread about their own levels is the noise's share
  const resampled = bootstrap(
    (draw) => {
      const picked = draw(rounds);
      return sampleVariance(processes.map((p, i) => level(p, picked) - own[i]));
    },
    SEED,
    RESAMPLES,
  );
  return { observed: sampleVariance(own), expected: mean(resampled) };
}

/** Below this many cells in two or more processes, the spread is not read as the machine's (warnings.ts). */
export const MIN_SPREAD_CELLS = 3;
/** A start adding more than this share is worth a warning: it is about the standard error of a cell's figure here. */
export const START_SHARE = 0.015;

/**
 * Undefined when fewer than MIN_SPREAD_CELLS cells ran two processes with three shared rounds:
 * the baseline's two processes alone are too few to read (and are read apart, run-agreement.ts).
 */
export function processSpread(run: {
  plan: Pick<Plan, 'targets' | 'scenarios'>;
  trials?: Trial[];
}): ProcessSpread | undefined {
  const trials = run.trials ?? [];
  const cells = run.plan.targets.flatMap((target) =>
    run.plan.scenarios.map((scenario) => [...validByStart(trials, target, scenario, (m) => m.requestsPerSec).values()]),
  );
  const parted = cells.filter((processes) => processes.length >= 2);
  // before any resampling: a run of one process per target (the default run) has nothing to read
  if (parted.length < MIN_SPREAD_CELLS) return undefined;
  const variances = parted.flatMap((processes) => {
    const cell = cellVariances(processes);
    return cell ? [cell] : [];
  });
  if (variances.length < MIN_SPREAD_CELLS) return undefined;
  const observed = mean(variances.map((v) => v.observed));
  const expected = mean(variances.map((v) => v.expected));
  return {
    cells: variances.length,
    observed: Math.sqrt(observed),
    expected: Math.sqrt(expected),
    perStart: Math.sqrt(Math.max(0, observed - expected)),
  };
}
