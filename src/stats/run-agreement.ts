/**
 * How far two runs of the same job agree: the stability benchmark's arithmetic. A ranking is
 * worth publishing only if a second run on the same machine gives the same order and the same
 * ratios to the baseline; this says how often it does.
 */
import { median } from 'simple-statistics';
import type { Measurement, RatioEstimate, Result, Summary, Trial } from '../model/schema.js';
import { bestRoundsMean, bestRoundsOverStarts } from './best-rounds.js';
import { relativeRange } from './describe.js';
import { pairedRatios, perRound } from './paired.js';
import { chanceWithin, errorNeeded, logMedianStandardError, withinIntervals } from './run-noise.js';
import { baselineRatiosOf, validByRound, validByStart } from './summarize.js';

/** Pairs whose figures differ by less than this share in both runs are not counted: their order is noise either way. */
export const PAIR_DIFFERENCE = 0.1;
/** A cell's ratio to the baseline "held" when it moved by at most this share between the runs. */
export const RATIO_TOLERANCE = 0.05;
/** The stability goal: this share of cells holding their ratio within RATIO_TOLERANCE between two runs. */
export const RATIOS_HELD_GOAL = 0.9;
/** The standard error each of two runs needs, alike in both, to expect that goal (about 2.1 %). */
export const RATIOS_HELD_GOAL_ERROR = errorNeeded(RATIOS_HELD_GOAL, RATIO_TOLERANCE);

export interface ScenarioAgreement {
  scenario: string;
  /** Pairs of targets measured in both runs whose figures differ by PAIR_DIFFERENCE or more in at least one run. */
  pairs: number;
  /** Of those, the pairs ordered the same way in both runs. */
  agreeing: number;
}

export interface CellMove {
  target: string;
  scenario: string;
  ratioA: number;
  ratioB: number;
  /** |ratioB / ratioA − 1| */
  move: number;
}

export interface RunAgreement {
  figure: string;
  scenarios: ScenarioAgreement[];
  /** Agreeing pairs over all counted pairs, all scenarios together. */
  pairAgreement: number;
  cells: CellMove[];
  /** Share of cells whose ratio moved by at most RATIO_TOLERANCE. */
  ratiosHeld: number;
  medianMove: number;
  /** Median over cells of (max − min) / median of the figure's repeats within each run. */
  medianSpread: [number, number];
  /**
   * Median over the compared cells of the standard error of the cell's figure in each run,
   * from its rounds: a bootstrap over rounds for a best-rounds ratio (best-rounds.ts), the
   * median's error for a median (run-noise.ts); absent when the results hold neither.
   */
  standardErrors?: [number, number];
  /** The share of cells expected within RATIO_TOLERANCE from those errors alone: what the runs' own noise allows. */
  expectedHeld?: number;
  /** The share of cells whose move their two runs' 95 % intervals cover (run-noise.ts withinIntervals): 95 % if the intervals hold. */
  withinIntervals?: number;
}

/** A figure of a clean cell, from its summary or its run's trials: the ratio to the baseline by default (higher is better). */
export type Figure = (s: Summary, result: Result) => number | undefined;

/** A cell's figure's standard error on the log scale in one run, from its rounds. */
type StandardError = (summary: Summary, result: Result) => number | undefined;

/** Per round, the cell's figure over the baseline's (inverted: the baseline's over the cell's). */
function pairedPerRound(of: (m: Measurement) => number, inverted = false) {
  return (result: Result, target: string, scenario: string): number[] => {
    const ratios = pairedRatios(
      validByRound(result.trials ?? [], target, scenario),
      validByRound(result.trials ?? [], result.plan.baseline, scenario),
      of,
    );
    return inverted ? ratios.map((r) => 1 / r) : ratios;
  };
}

/** The median's error, for a figure that is the median of per-round values. */
function medianError(values: (result: Result, target: string, scenario: string) => number[]): StandardError {
  return (summary, result) => logMedianStandardError(values(result, summary.target, summary.scenario));
}

/** The bootstrap error a best-rounds ratio carries (stats/best-rounds.ts). */
function bestRoundsError(of: (s: Summary) => RatioEstimate | undefined): StandardError {
  return (summary) => of(summary)?.logStandardError;
}

/**
 * A best-rounds req/s ratio of a cell read another way than the headline (its trials, the
 * baseline, the target and scenario given). Its figure and its error both read it, so it is
 * computed (bootstrap) once per cell.
 */
function cellRatio(
  read: (
    trials: Trial[],
    baseline: string,
    target: string,
    scenario: string,
    result: Result,
  ) => RatioEstimate | undefined,
): (s: Summary, result: Result) => RatioEstimate | undefined {
  const ratios = new WeakMap<Summary, RatioEstimate | undefined>();
  return (s, result) => {
    if (!s.target) return undefined;
    if (!ratios.has(s)) ratios.set(s, read(result.trials ?? [], result.plan.baseline, s.target, s.scenario, result));
    return ratios.get(s);
  };
}

/** Each side's better half of rounds (the estimator before the best quarter; best-rounds.ts). */
const betterHalf = cellRatio(
  (trials, baseline, target, scenario) =>
    baselineRatiosOf(trials, baseline, target, scenario, { share: 0.5 })?.requestsPerSec,
);

/** The headline figure first: the stability benchmark's goals are read on it. */
export const figures: Record<
  string,
  { figure: Figure; spread: (s: Summary) => number | undefined; error: StandardError }
> = {
  'req/s ratio to baseline': {
    figure: (s) => s.baselineRatios?.requestsPerSec?.estimate ?? s.pairedRatio?.median ?? s.ratioToBaseline,
    spread: (s) => (s.pairedRatio ? relativeRange(s.pairedRatio) : undefined),
    error: bestRoundsError((s) => s.baselineRatios?.requestsPerSec),
  },
  'CPU per request ratio to baseline (inverted: higher is cheaper)': {
    figure: (s) => {
      const ratio = s.baselineRatios?.cpuUsPerRequest?.estimate ?? s.pairedCpuRatio?.median;
      return ratio ? 1 / ratio : undefined;
    },
    spread: (s) => (s.pairedCpuRatio ? relativeRange(s.pairedCpuRatio) : undefined),
    error: bestRoundsError((s) => s.baselineRatios?.cpuUsPerRequest),
  },
  'req/s ratio to baseline, the better half of rounds (the estimator before the best quarter)': {
    figure: (s, result) => betterHalf(s, result)?.estimate,
    spread: (s) => (s.pairedRatio ? relativeRange(s.pairedRatio) : undefined),
    error: (s, result) => betterHalf(s, result)?.logStandardError,
  },
  'req/s ratio to baseline as the median of per-round ratios (the estimator before the best rounds)': {
    figure: (s) => s.pairedRatio?.median,
    spread: (s) => (s.pairedRatio ? relativeRange(s.pairedRatio) : undefined),
    error: medianError(pairedPerRound((m) => m.requestsPerSec)),
  },
  'CPU per request ratio to baseline as the median of per-round ratios (inverted)': {
    figure: (s) => (s.pairedCpuRatio ? 1 / s.pairedCpuRatio.median : undefined),
    spread: (s) => (s.pairedCpuRatio ? relativeRange(s.pairedCpuRatio) : undefined),
    error: medianError(pairedPerRound((m) => m.server.cpuUsPerRequest, true)),
  },
  'req/s': {
    figure: (s) => s.requestsPerSec?.median,
    spread: (s) => (s.requestsPerSec ? relativeRange(s.requestsPerSec) : undefined),
    error: medianError((result, target, scenario) => [
      ...perRound(validByRound(result.trials ?? [], target, scenario), (m) => m.requestsPerSec).values(),
    ]),
  },
};

function clean(result: Result): Map<string, Summary> {
  return new Map(
    result.summaries.filter((s) => s.status === 'measured').map((s) => [`${s.target}\u0000${s.scenario}`, s]),
  );
}

export function compareRuns(a: Result, b: Result, name: keyof typeof figures): RunAgreement {
  const { figure, spread, error } = figures[name];
  const cellsA = clean(a);
  const cellsB = clean(b);
  const scenarios = a.plan.scenarios.filter((s) => b.plan.scenarios.includes(s));
  const baseline = a.plan.baseline;
  const agreement: ScenarioAgreement[] = [];
  const moves: CellMove[] = [];
  for (const scenario of scenarios) {
    const both: Array<{ target: string; fa: number; fb: number }> = [];
    for (const target of a.plan.targets) {
      const fa = figure(cellsA.get(`${target}\u0000${scenario}`) ?? ({} as Summary), a);
      const fb = figure(cellsB.get(`${target}\u0000${scenario}`) ?? ({} as Summary), b);
      if (fa === undefined || fb === undefined || fa <= 0 || fb <= 0) continue;
      both.push({ target, fa, fb });
      if (target !== baseline) moves.push({ target, scenario, ratioA: fa, ratioB: fb, move: Math.abs(fb / fa - 1) });
    }
    let pairs = 0;
    let agreeing = 0;
    for (let i = 0; i < both.length; i++) {
      for (let j = i + 1; j < both.length; j++) {
        const x = both[i];
        const y = both[j];
        const apart = (p: number, q: number) => Math.max(p, q) / Math.min(p, q) - 1 >= PAIR_DIFFERENCE;
        if (!apart(x.fa, y.fa) && !apart(x.fb, y.fb)) continue;
        pairs++;
        if (Math.sign(x.fa - y.fa) === Math.sign(x.fb - y.fb)) agreeing++;
      }
    }
    agreement.push({ scenario, pairs, agreeing });
  }
  const pairs = agreement.reduce((n, s) => n + s.pairs, 0);
  const spreadOf = (result: Result) => {
    const values = result.summaries
      .filter((s) => s.status === 'measured')
      .map(spread)
      .filter((v): v is number => v !== undefined);
    return values.length > 0 ? median(values) : 0;
  };
  return {
    ...expectedAgreement(cellsA, cellsB, [a, b], moves, error),
    figure: name,
    scenarios: agreement,
    pairAgreement: pairs > 0 ? agreement.reduce((n, s) => n + s.agreeing, 0) / pairs : 1,
    cells: moves,
    ratiosHeld: moves.length > 0 ? moves.filter((m) => m.move <= RATIO_TOLERANCE).length / moves.length : 1,
    medianMove: moves.length > 0 ? median(moves.map((m) => m.move)) : 0,
    medianSpread: [spreadOf(a), spreadOf(b)],
  };
}

/** The runs' own noise: each compared cell's standard error in both runs, and the share of cells it lets hold. */
function expectedAgreement(
  cellsA: Map<string, Summary>,
  cellsB: Map<string, Summary>,
  runs: [Result, Result],
  moves: CellMove[],
  error: StandardError,
): Pick<RunAgreement, 'standardErrors' | 'expectedHeld' | 'withinIntervals'> {
  const errors = moves.flatMap((m) => {
    const key = `${m.target}\u0000${m.scenario}`;
    const errorA = error(cellsA.get(key)!, runs[0]);
    const errorB = error(cellsB.get(key)!, runs[1]);
    return errorA === undefined || errorB === undefined ? [] : [[errorA, errorB, m.ratioB / m.ratioA] as const];
  });
  if (errors.length === 0) return {};
  return {
    standardErrors: [median(errors.map(([x]) => x)), median(errors.map(([, y]) => y))],
    expectedHeld: errors.reduce((sum, [x, y]) => sum + chanceWithin(x, y, RATIO_TOLERANCE), 0) / errors.length,
    withinIntervals: errors.filter(([x, y, ratio]) => withinIntervals(ratio, x, y)).length / errors.length,
  };
}

export interface BaselineShift {
  scenario: string;
  /** The baseline's own req/s, run 2 over run 1, less one. */
  baseline: number;
  /** The median of the same for every other target measured in both runs. */
  others: number;
}

/** req/s by round as the headline reads them: the mean of the best quarter (best-rounds.ts); undefined without a round. */
function bestRoundsOf(byRound: Map<number, number> | undefined): number | undefined {
  const rounds = [...(byRound?.values() ?? [])];
  return rounds.length > 0 ? bestRoundsMean(rounds, 'higher') : undefined;
}

/** req/s of a target's trials in a scenario as the headline reads it (each start's best quarter, then their median); undefined without a valid round. */
function bestRoundsRate(trials: Result['trials'], target: string, scenario: string): number | undefined {
  return bestRoundsOverStarts(
    validByStart(trials, target, scenario, (m) => m.requestsPerSec),
    'higher',
  );
}

/** A clean cell's req/s as the headline reads it, from the trials; the median where a result holds none. */
function headlineRate(result: Result, cells: Map<string, Summary>, target: string, scenario: string) {
  const summary = cells.get(`${target}\u0000${scenario}`);
  if (!summary) return undefined;
  return bestRoundsRate(result.trials ?? [], target, scenario) ?? summary.requestsPerSec?.median;
}

/**
 * How far the baseline itself moved between the runs, beside the other targets: every ratio of
 * a scenario is divided by the baseline, so its own error shifts all of them at once. Each
 * target's req/s is read as the headline reads it (its best quarter of rounds).
 */
export function baselineShifts(a: Result, b: Result): BaselineShift[] {
  const cellsA = clean(a);
  const cellsB = clean(b);
  const move = (target: string, scenario: string) => {
    const ra = headlineRate(a, cellsA, target, scenario);
    const rb = headlineRate(b, cellsB, target, scenario);
    return ra && rb ? rb / ra - 1 : undefined;
  };
  return a.plan.scenarios
    .filter((s) => b.plan.scenarios.includes(s))
    .flatMap((scenario) => {
      const baseline = move(a.plan.baseline, scenario);
      const others = a.plan.targets
        .filter((t) => t !== a.plan.baseline)
        .map((t) => move(t, scenario))
        .filter((m): m is number => m !== undefined);
      return baseline === undefined || others.length === 0 ? [] : [{ scenario, baseline, others: median(others) }];
    });
}

export interface ProcessGap {
  scenario: string;
  /** How many processes the baseline had. */
  processes: number;
  /** Its fastest process's req/s over its slowest's, less one (each its best quarter of rounds). */
  gap: number;
}

/**
 * How far the baseline's processes (one per visit, plan.ts) differed within one run, per
 * scenario: starts of the same app, measured in the same rounds seconds apart. What remains
 * of that gap after averaging the processes is the part of the baseline's error that more
 * rounds cannot shrink. Empty when the run started the baseline once.
 */
export function baselineProcessGaps(result: Result): ProcessGap[] {
  return result.plan.scenarios.flatMap((scenario) => {
    const levels = [
      ...validByStart(result.trials ?? [], result.plan.baseline, scenario, (m) => m.requestsPerSec).values(),
    ]
      .map((rounds) => bestRoundsOf(rounds))
      .filter((level): level is number => level !== undefined);
    if (levels.length < 2) return [];
    return [{ scenario, processes: levels.length, gap: Math.max(...levels) / Math.min(...levels) - 1 }];
  });
}
