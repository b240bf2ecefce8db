/**
 * The ratio to the baseline of a run in turns (`run --turns`, measure/turns-trial.ts): every
 * trial of a target carries the figures of the baseline process it took turns with, over the
 * same window; its ratio is taken within the trial, and a cell's figure is the median of its
 * trials' ratios.
 *
 * Why the median and not the best rounds (best-rounds.ts): a burst that slows a window one
 * after the other lowers only that side's figure, so each side's best windows are its least
 * disturbed; in turns a burst slows both sides of the window alike and the ratio stays, so
 * what is left of the noise is two-sided and the median is its plain estimator.
 */
import { median } from 'simple-statistics';
import type { Measurement, RatioEstimate, Trial } from '../model/schema.js';
import { bootstrapRatio, CONFIDENCE } from './best-rounds.js';

/** Fixed, so that the same trials always give the same interval. */
const SEED = 0x7a115;

type PartnerFigure = 'requestsPerSec' | 'cpuUsPerRequest';

const ownFigure: Record<PartnerFigure, (m: Measurement) => number> = {
  requestsPerSec: (m) => m.requestsPerSec,
  cpuUsPerRequest: (m) => m.server.cpuUsPerRequest,
};

/** True when a run's trials were measured in turns. */
export function inTurns(trials: readonly Trial[]): boolean {
  return trials.some((trial) => trial.turns !== undefined);
}

/** The cell's clean trials in turns with a clean trial of `baseline`, each as own figure over the partner's. */
export function turnRatios(
  trials: readonly Trial[],
  baseline: string,
  target: string,
  scenario: string,
  figure: PartnerFigure,
): number[] {
  const ratios: number[] = [];
  for (const trial of trials) {
    const partner = trial.turns?.partner;
    if (trial.target !== target || trial.scenario !== scenario || trial.status !== 'ok' || !trial.measurement) continue;
    if (!partner || partner.target !== baseline || partner.status !== 'ok') continue;
    const theirs = partner[figure];
    const own = ownFigure[figure](trial.measurement);
    if (theirs !== undefined && theirs > 0 && own > 0) ratios.push(own / theirs);
  }
  return ratios;
}

/** The median of a cell's turn ratios, with a bootstrap interval over its trials; undefined without any. */
export function turnsEstimate(ratios: number[], processes: RatioEstimate['processes']): RatioEstimate | undefined {
  if (ratios.length === 0) return undefined;
  const estimate = median(ratios);
  const base = { estimate, rounds: ratios.length, ...(processes && { processes }), estimator: 'turns' as const };
  if (ratios.length < 3) return { ...base, interval: { low: estimate, high: estimate, confidence: 0 } };
  return { ...base, ...bootstrapRatio((draw) => median(draw(ratios)), SEED) };
}

/** The baseline ratios of a cell in a run in turns, both figures (Summary['baselineRatios']); the baseline's own cell is 1. */
export function turnsBaselineRatios(
  trials: readonly Trial[],
  baseline: string,
  target: string,
  scenario: string,
): { requestsPerSec?: RatioEstimate; cpuUsPerRequest?: RatioEstimate } | undefined {
  const cell = trials.filter((t) => t.target === target && t.scenario === scenario && t.turns);
  const processes = {
    target: new Set(cell.map((t) => t.process ?? 1)).size || 1,
    baseline: new Set(cell.map((t) => t.turns?.partner.process ?? 1)).size || 1,
  };
  if (target === baseline) {
    const rounds = cell.filter((t) => t.status === 'ok').length;
    if (rounds === 0) return undefined;
    const one: RatioEstimate = {
      estimate: 1,
      interval: { low: 1, high: 1, confidence: CONFIDENCE },
      rounds,
      estimator: 'turns',
    };
    return { requestsPerSec: one, cpuUsPerRequest: one };
  }
  const requestsPerSec = turnsEstimate(turnRatios(trials, baseline, target, scenario, 'requestsPerSec'), processes);
  const cpuUsPerRequest = turnsEstimate(turnRatios(trials, baseline, target, scenario, 'cpuUsPerRequest'), processes);
  return requestsPerSec || cpuUsPerRequest ? { requestsPerSec, cpuUsPerRequest } : undefined;
}
