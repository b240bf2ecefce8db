/**
 * How noisy this machine is, read from a series of identical windows: one server, one
 * scenario, the default run's window, back to back (gauntlet doctor --noise). Every window does
 * the same work, so whatever spreads them is the machine: how far they spread, how slow the
 * worst was, how many fell into a slow stretch, and whether neighbours were alike (a slow
 * stretch spans several windows).
 *
 * It does not forecast the default run's error. A model that drew the run's rounds from these
 * windows as if independent forecast a standard error of 1.7 % and then 3.3 % in one hour, the
 * run's own pairs around them reaching 2.0-2.5 %: the windows' shape (a tight top with a few
 * slow ones, or a plain spread) moved the forecast more than the machine did, and the rounds of
 * the run share slow drifts that the windows of one process cannot separate from the rest.
 */
import { median, sampleCorrelation, sampleStandardDeviation } from 'simple-statistics';
import type { Better } from './best-rounds.js';

/** A window this far below the series' typical figure (req/s) or above it (CPU per request) counts as slow. */
export const SLOW_WINDOW_SHARE = 0.8;

export interface SeriesNoise {
  windows: number;
  median: number;
  /** Standard deviation of the windows' logs: their relative spread. */
  logSpread: number;
  /** The worst window against the median (req/s: below 1; CPU per request: above 1). */
  worst: number;
  /** Windows slower than SLOW_WINDOW_SHARE of the median. */
  slowWindows: number;
  /** Correlation of a window with the next one, and the one after (lags 1 and 2), on the log scale; undefined below 5 windows. */
  lagCorrelations: Array<number | undefined>;
}

export interface WindowNoise {
  requestsPerSec: SeriesNoise;
  cpuUsPerRequest: SeriesNoise;
}

function lagCorrelation(logs: number[], lag: number): number | undefined {
  if (logs.length - lag < 3) return undefined;
  const r = sampleCorrelation(logs.slice(0, -lag), logs.slice(lag));
  return Number.isFinite(r) ? r : undefined;
}

/** What a series of identical windows (in time order) says about the machine; at least two positive values. */
export function seriesNoise(values: number[], better: Better): SeriesNoise {
  const positive = values.filter((v) => v > 0);
  if (positive.length < 2) throw new Error('the noise of a series needs at least two windows with a figure');
  const logs = positive.map(Math.log);
  const typical = median(positive);
  const slow = (v: number) => (better === 'higher' ? v < typical * SLOW_WINDOW_SHARE : v > typical / SLOW_WINDOW_SHARE);
  const worst = better === 'higher' ? Math.min(...positive) : Math.max(...positive);
  return {
    windows: positive.length,
    median: typical,
    logSpread: sampleStandardDeviation(logs),
    worst: worst / typical,
    slowWindows: positive.filter(slow).length,
    lagCorrelations: [lagCorrelation(logs, 1), lagCorrelation(logs, 2)],
  };
}

/** Both figures of the windows: req/s (higher is better) and server CPU per request (lower is). */
export function windowNoise(windows: Array<{ requestsPerSec: number; cpuUsPerRequest: number }>): WindowNoise {
  return {
    requestsPerSec: seriesNoise(
      windows.map((w) => w.requestsPerSec),
      'higher',
    ),
    cpuUsPerRequest: seriesNoise(
      windows.map((w) => w.cpuUsPerRequest),
      'lower',
    ),
  };
}
