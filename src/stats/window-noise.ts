/**
 * How noisy this machine is for the main job, read from a series of identical windows: one
 * server, one scenario, the main job's window, back to back (gauntlet doctor --noise).
 *
 * Every window measures the same work, so whatever spreads them is the machine. From that
 * spread the main job's error follows without a 5-minute run: a cell's headline figure is the
 * better half of its rounds over the better half of the baseline's (best-half.ts), the
 * baseline's figure of a round being the median of its visits. Drawing the target's rounds and
 * the baseline's visits from the windows measured here, many times over, gives the standard
 * error a cell would have from the machine's noise alone (a framework's own noise comes on
 * top), and with it the share of cells two runs in this hour would hold within a tolerance
 * (run-noise.ts). A target's rounds in the main job are about 20 s apart, beyond the few
 * seconds a slow stretch here lasts, so the draws are independent, as the rounds are.
 */
import { median, sampleCorrelation, sampleStandardDeviation } from 'simple-statistics';
import { bestHalfMean, type Better } from './best-half.js';
import { chanceWithin, errorNeeded } from './run-noise.js';
import { seededRandom } from './random.js';

/** A window this far below the series' typical figure (req/s) or above it (CPU per request) counts as slow. */
export const SLOW_WINDOW_SHARE = 0.8;
/** Simulated main jobs per estimate: enough for a standard error to a tenth of a point. */
const SIMULATIONS = 4000;
/** Fixed, so that the same windows always give the same estimate. */
const SEED = 0x0015e;

/** The main job's design, as far as the headline's error depends on it. */
export interface RoundDesign {
  rounds: number;
  baselineVisits: number;
}

/** The ratio two runs should hold, and the share of cells asked to hold it (the stability goal). */
export interface Goal {
  tolerance: number;
  share: number;
}

export interface SeriesNoise {
  windows: number;
  median: number;
  /** Standard deviation of the windows' logs: their relative spread. */
  logSpread: number;
  /** The worst window against the median (req/s: below 1; CPU per request: above 1). */
  worst: number;
  /** Windows slower than SLOW_WINDOW_SHARE of the median. */
  slowWindows: number;
  /** Correlation of a window with the next one, and the one after (lags 1 and 2), on the log scale; undefined below 4 windows. */
  lagCorrelations: Array<number | undefined>;
  /** The standard error of a cell's ratio to the baseline in the main job, from this noise alone (log scale). */
  expectedRatioError: number;
  /** The chance that a cell's ratio moves by at most the goal's tolerance between two such runs. */
  expectedWithin: number;
}

export interface WindowNoise {
  requestsPerSec: SeriesNoise;
  cpuUsPerRequest: SeriesNoise;
  /** The standard error each run needs for the goal's share of cells to hold. */
  neededError: number;
  design: RoundDesign;
  goal: Goal;
}

function lagCorrelation(logs: number[], lag: number): number | undefined {
  if (logs.length - lag < 3) return undefined;
  const r = sampleCorrelation(logs.slice(0, -lag), logs.slice(lag));
  return Number.isFinite(r) ? r : undefined;
}

/** One simulated cell: the target's rounds and the baseline's visits drawn from `values`, best half over best half. */
function simulatedLogRatio(values: number[], design: RoundDesign, better: Better, random: () => number): number {
  const draw = () => values[Math.floor(random() * values.length)];
  const target = Array.from({ length: design.rounds }, draw);
  const baseline = Array.from({ length: design.rounds }, () =>
    median(Array.from({ length: design.baselineVisits }, draw)),
  );
  return Math.log(bestHalfMean(target, better) / bestHalfMean(baseline, better));
}

/** The main job's error for a cell, had every target and the baseline the noise of `values`. */
export function expectedRatioError(values: number[], design: RoundDesign, better: Better): number {
  const random = seededRandom(SEED);
  const logs = Array.from({ length: SIMULATIONS }, () => simulatedLogRatio(values, design, better, random));
  return sampleStandardDeviation(logs);
}

/** What a series of identical windows (in time order) says about the machine; at least two positive values. */
export function seriesNoise(values: number[], better: Better, design: RoundDesign, goal: Goal): SeriesNoise {
  const positive = values.filter((v) => v > 0);
  if (positive.length < 2) throw new Error('the noise of a series needs at least two windows with a figure');
  const logs = positive.map(Math.log);
  const typical = median(positive);
  const slow = (v: number) => (better === 'higher' ? v < typical * SLOW_WINDOW_SHARE : v > typical / SLOW_WINDOW_SHARE);
  const worst = better === 'higher' ? Math.min(...positive) : Math.max(...positive);
  const error = expectedRatioError(positive, design, better);
  return {
    windows: positive.length,
    median: typical,
    logSpread: sampleStandardDeviation(logs),
    worst: worst / typical,
    slowWindows: positive.filter(slow).length,
    lagCorrelations: [lagCorrelation(logs, 1), lagCorrelation(logs, 2)],
    expectedRatioError: error,
    expectedWithin: chanceWithin(error, error, goal.tolerance),
  };
}

/** Both figures of the windows: req/s (higher is better) and server CPU per request (lower is). */
export function windowNoise(
  windows: Array<{ requestsPerSec: number; cpuUsPerRequest: number }>,
  design: RoundDesign,
  goal: Goal,
): WindowNoise {
  return {
    requestsPerSec: seriesNoise(
      windows.map((w) => w.requestsPerSec),
      'higher',
      design,
      goal,
    ),
    cpuUsPerRequest: seriesNoise(
      windows.map((w) => w.cpuUsPerRequest),
      'lower',
      design,
      goal,
    ),
    neededError: errorNeeded(goal.share, goal.tolerance),
    design,
    goal,
  };
}
