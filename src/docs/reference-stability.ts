/**
 * The figures of the committed stability pairs (bench/stability/*.json, written by
 * `npm run bench:stability`): the table docs/stability.md and bench/README.md show, and the
 * sentences the README and docs/stability.md quote, so that no page states a figure the files
 * do not hold. Pairs named `turns-*` compare `run --turns` with the default run of the same hour.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { STABILITY_GOALS } from '../bench/outputs.js';
import { NOISY_RATIOS_ERROR } from '../stats/warnings.js';
import { PAIR_DIFFERENCE, RATIO_TOLERANCE, RATIOS_HELD_GOAL_ERROR, type RunAgreement } from '../stats/run-agreement.js';

export interface StabilityPair {
  label: string;
  /** The flags both runs were given (none: the default run). */
  runArgs: string[];
  wallSec: [number, number];
  /** The two runs' ids, which begin with the day they ran. */
  runs: [string, string];
  /** The headline figure's agreement (req/s ratio to the baseline). */
  headline: RunAgreement;
}

export function loadStabilityPairs(dir: string): StabilityPair[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const saved = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      return {
        label: saved.label,
        runArgs: saved.runArgs,
        wallSec: saved.wallSec,
        runs: saved.runs,
        headline: saved.agreements[0],
      };
    });
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const seconds = (x: number) => `${Math.round(x)} s`;
const isTurnsComparison = (pair: StabilityPair) => pair.label.startsWith('turns-');
const mark = (met: boolean) => (met ? '✓' : '✗');
/** "0.0–47.1 %": the lowest and highest of some figures, the unit said once. */
const range = (values: number[], format: (x: number) => string) => {
  const [low, high] = [format(Math.min(...values)), format(Math.max(...values))];
  if (low === high) return low;
  const unit = / [^ ]+$/.exec(low)?.[0] ?? '';
  return high.endsWith(unit) ? `${low.slice(0, low.length - unit.length)}–${high}` : `${low}–${high}`;
};

/** A run is noisy when its ratios' standard error is above the level at which it warns `noisy-ratios`. */
export const runIsNoisy = (error: number) => error > NOISY_RATIOS_ERROR;
const errorsOf = (pair: StabilityPair) => pair.headline.standardErrors ?? [Number.NaN, Number.NaN];
const bothCalm = (pair: StabilityPair) => errorsOf(pair).every((e) => !runIsNoisy(e));

function row(pair: StabilityPair, linkPrefix: string): string {
  const { headline, wallSec } = pair;
  const [e1, e2] = errorsOf(pair);
  const spell = (e: number) => (runIsNoisy(e) ? 'noisy' : 'calm');
  const goals = STABILITY_GOALS;
  return (
    `| [${pair.label}](${linkPrefix}${pair.label}.md) | ${pair.runs[0].slice(0, 10)} | ` +
    `${pair.runArgs.length > 0 ? `\`${pair.runArgs.join(' ')}\`` : 'default run'} | ` +
    `${pct(headline.pairAgreement)} ${mark(headline.pairAgreement >= goals.pairAgreement)} | ` +
    `${pct(headline.ratiosHeld)} ${mark(headline.ratiosHeld >= goals.ratiosHeld)} | ` +
    `${pct(headline.medianMove)} | ${pct(e1)} ${spell(e1)}, ${pct(e2)} ${spell(e2)} | ` +
    `${seconds(wallSec[0])}, ${seconds(wallSec[1])} ${mark(Math.max(...wallSec) <= goals.wallSec)} |`
  );
}

/** The goals, then one row per pair: the default run's pairs first, then the comparisons with `--turns`. */
export function renderStabilityTable(pairs: StabilityPair[], linkPrefix: string): string {
  const goals = STABILITY_GOALS;
  const ordered = [...pairs.filter((p) => !isTurnsComparison(p)), ...pairs.filter(isTurnsComparison)];
  return [
    '| pair | date | runs of | pairs ordered alike | cells within 5 % | median move | standard error, run 1, run 2 | wall time per run |',
    '|---|---|---|---|---|---|---|---|',
    `| **goal** | | | ≥ ${pct(goals.pairAgreement)} | ≥ ${pct(goals.ratiosHeld)} | | ≤ ${pct(RATIOS_HELD_GOAL_ERROR)} each (noisy above ${pct(NOISY_RATIOS_ERROR)}) | ≤ ${goals.wallSec} s |`,
    ...ordered.map((pair) => row(pair, linkPrefix)),
  ].join('\n');
}

/** What the committed pairs of the default run show, in one paragraph of figures. */
export function renderStabilityEvidence(pairs: StabilityPair[]): string {
  const defaults = pairs.filter((p) => !isTurnsComparison(p) && p.runArgs.length === 0);
  const calm = defaults.filter(bothCalm);
  const noisy = defaults.filter((p) => !bothCalm(p));
  const noisyErrors = noisy.flatMap((p) => errorsOf(p).filter(runIsNoisy));
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const sentences = [
    `Of the default run's pairs (${defaults.map((p) => p.label).join(', ')}), ` +
      (calm.length > 0
        ? `${calm.length === 1 ? 'the one' : `the ${calm.length}`} whose runs were both calm held ${range(
            calm.map((p) => p.headline.ratiosHeld),
            pct,
          )} of the cells within ${RATIO_TOLERANCE * 100} %`
        : 'none had two calm runs') +
      (noisy.length > 0
        ? `; the ${count(noisy.length, 'pair')} with a noisy run held ${range(
            noisy.map((p) => p.headline.ratiosHeld),
            pct,
          )}, the noisy runs' standard errors ${range(noisyErrors, pct)}.`
        : '.'),
    `Pairs of targets ${PAIR_DIFFERENCE * 100} % or more apart were ordered alike in ${range(
      defaults.map((p) => p.headline.pairAgreement),
      pct,
    )} of cases, and every run took ${range(
      defaults.flatMap((p) => p.wallSec),
      seconds,
    )}.`,
  ];
  return sentences.join(' ');
}

/** `--turns` against the default run in the same hour: the cells each held, and what turns cost in time. */
export function renderTurnsEvidence(pairs: StabilityPair[]): string {
  const turns = pairs.filter((p) => isTurnsComparison(p) && p.runArgs.includes('--turns'));
  const beside = pairs.filter((p) => isTurnsComparison(p) && !p.runArgs.includes('--turns'));
  if (turns.length === 0 || beside.length === 0) return '';
  return `In one noisy hour (${[...beside, ...turns].map((p) => p.label).join(', ')}), the default run held ${range(
    beside.map((p) => p.headline.ratiosHeld),
    pct,
  )} of the cells within ${RATIO_TOLERANCE * 100} % and \`--turns\` ${range(
    turns.map((p) => p.headline.ratiosHeld),
    pct,
  )}, at ${range(
    turns.flatMap((p) => p.wallSec),
    seconds,
  )} a run.`;
}
