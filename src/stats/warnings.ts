/**
 * Plain-word warnings about figures that cannot be taken at face value, in the spirit of
 * hyperfine's: each says which cell, what happened, and what the number then means.
 */
import type { Environment, Plan, Summary, TargetStart, Trial, Verification, Warning } from '../model/schema.js';
import { medianOf, relativeHalfWidth, relativeRange } from './describe.js';
import { unsettledCells } from './until-stable.js';
import { driftedRounds, ROUND_SWING_SHARE, roundLevels, roundSwing } from './round-drift.js';
import { processSpread, START_SHARE } from './process-spread.js';
import { IDLE_CORES, MAX_SETTLE_MS } from '../proc/settle.js';
import { STOP_WAIT_MAX_MS } from '../proc/turns.js';
import { haltsAtOnce } from '../proc/idle-polling.js';
import { roundsRun } from '../model/rounds-run.js';
import { errorNeeded } from './run-noise.js';
import { RATIO_TOLERANCE, RATIOS_HELD_GOAL_ERROR } from './run-agreement.js';

/** Repeats further apart than this (max - min over median) are called out. */
export const HIGH_SPREAD = 0.1;
/** Below this many responses, a p99 rests on fewer than ten samples. */
export const MIN_REQUESTS_FOR_P99 = 1000;
/** Above this share of CPU time stolen by a hypervisor, the machine was shared. */
export const MAX_STEAL_SHARE = 0.02;
/** Other processes using more than this share of the machine's CPU just before a run (half a core of two) are worth a warning. */
export const MAX_BUSY_BEFORE = 0.25;

/** When more than this share of the repeated cells spread widely, the machine is named once instead of every cell. */
export const NOISY_MACHINE_SHARE = 0.5;
/** ...and at least this many cells: with fewer, the cells are named one by one. */
export const NOISY_MACHINE_MIN_CELLS = 4;

/** Below this share of cells expected to hold within 5 % in a second run, a run's ratios are called too noisy to repeat. */
export const NOISY_RATIOS_HELD = 0.75;
/**
 * The median standard error of the cells' req/s ratios to the baseline that gives that share
 * (about 3.0 %; the stability goal's nine cells in ten need 2.1 %, run-agreement.ts). Of the 40
 * stability pairs in bench/ with a run above it, 2 held nine cells in ten; the
 * main job's runs read 0.6–2.2 % in calm hours and 3.3–15 % in the noisy evening of
 * docs/stability.md, where turns read 1.4–2.2 %.
 */
export const NOISY_RATIOS_ERROR = errorNeeded(NOISY_RATIOS_HELD, RATIO_TOLERANCE);

export interface WarningInput {
  plan: Plan;
  environment: Environment;
  trials: Trial[];
  verification: Verification[];
  unavailable: Array<{ target: string; reason: string }>;
  complete: boolean;
  interruption?: string;
  starts?: TargetStart[];
}

function percent(x: number): string {
  return `${Math.round(x * 100)} %`;
}

/** A difference of two shares, in percentage points: 0.32 → "32 points". */
function points(x: number): string {
  return `${Math.round(x * 100)} points`;
}

/** A share as a percentage to a tenth: "2.1 %". */
function tenthPercent(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

export function collectWarnings(input: WarningInput, summaries: Summary[]): Warning[] {
  const warnings: Warning[] = [];
  const add = (kind: string, message: string, target?: string, scenario?: string) =>
    warnings.push({ kind, message, target, scenario });

  if (!input.complete)
    add(
      'incomplete',
      `the run did not finish (${input.interruption ?? 'unknown reason'}): only finished trials are shown`,
    );
  for (const { target, reason } of input.unavailable) add('unavailable', `${target} was not run: ${reason}`, target);
  if (input.plan.turns)
    add(
      'turns',
      'measured in turns (experimental): its ratios to the baseline are not yet the figures one after the other gives (in calm hours most targets a few % lower, in req/s and CPU alike, and up to 10 %; in a noisy hour a median 9 % lower, and up to 16 %), and they moved between two runs by more than their intervals (README, "Turns")',
    );
  // A side that did not stop within the wait's maximum ran on beside the other (proc/turns.ts).
  const overlapping = input.trials.filter((t) => (t.turns?.stopMs?.max ?? 0) >= STOP_WAIT_MAX_MS);
  if (overlapping.length > 0) {
    const cells = [...new Set(overlapping.map((t) => `${t.target}/${t.scenario}`))];
    add(
      'turns-overlap',
      `in ${overlapping.length} trial(s) a server's threads had not all stopped ${STOP_WAIT_MAX_MS} ms after its turn ended, and the other server ran meanwhile ` +
        `(${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): those trials did not measure the two one at a time`,
    );
  }
  for (const v of input.verification.filter((v) => !v.ok)) {
    for (const f of v.failures)
      add(
        'verification',
        `${v.target} answered ${f.request} wrongly (${f.reason}); it is not ranked`,
        v.target,
        f.scenario,
      );
  }
  for (const start of input.starts ?? []) {
    const { warmup } = start;
    // An interrupted warm-up is no finding about the target: the run stopped there (its report says so).
    if (warmup.seconds > 0 && !warmup.steady && !warmup.interrupted) {
      const who = `${start.target}${start.process ? ` (process ${start.process})` : ''}${start.protocol === 'http1' ? '' : ` over ${start.protocol}`}`;
      const what = warmup.error
        ? `the warm-up of ${who} stopped after ${warmup.seconds} s because its load failed (${warmup.error})`
        : `${who} was still getting faster when its ${warmup.seconds} s warm-up reached its maximum (--warmup)`;
      add('warmup-unsteady', `${what}: its first trials may be measured partly cold`, start.target);
    }
  }
  for (const trial of input.trials.filter((t) => t.status === 'failed')) {
    add(
      'failed-trial',
      `${trial.target}/${trial.scenario} round ${trial.round}: ${trial.reason ?? 'failed'}`,
      trial.target,
      trial.scenario,
    );
  }

  const bound = input.trials.filter((t) => t.flags.includes('generator-bound'));
  if (bound.length > 0) {
    const cells = [...new Set(bound.map((t) => `${t.target}/${t.scenario}`))];
    add(
      'generator-bound',
      `in ${bound.length} trial(s) the load generator used nearly a full core (${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): ` +
        'those req/s measure the generator as much as the server; compare CPU µs/req instead',
    );
  }
  const busy = input.trials.filter((t) => t.settle && !t.settle.idle);
  if (busy.length > 0) {
    const cells = [...new Set(busy.map((t) => `${t.target}/${t.scenario}`))];
    add(
      'busy-before-window',
      `in ${busy.length} trial(s) the server was still busy (over ${percent(IDLE_CORES)} of a core) ${MAX_SETTLE_MS / 1000} s after the previous load ` +
        `(${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): their windows include work left from before (a timer, a backlog)`,
    );
  }
  for (const trial of input.trials.filter((t) =>
    t.flags.some((f) => f === 'errors' || f === 'timeouts' || f === 'unexpected-status'),
  )) {
    const m = trial.measurement;
    add(
      'errors',
      `${trial.target}/${trial.scenario} round ${trial.round}: ${m?.errors ?? 0} errors, ${m?.timeouts ?? 0} timeouts, ${m?.unexpectedStatus ?? 0} unexpected statuses; the trial is invalid`,
      trial.target,
      trial.scenario,
    );
  }
  for (const trial of input.trials.filter((t) => t.flags.includes('short-window'))) {
    add(
      'short-window',
      `${trial.target}/${trial.scenario} round ${trial.round}: measured ${trial.measurement?.durationSec.toFixed(2)} s of the ${input.plan.scenarioShapes?.[trial.scenario]?.durationSec ?? input.plan.durationSec} s asked`,
      trial.target,
      trial.scenario,
    );
  }
  for (const trial of input.trials.filter((t) => t.measurement && t.measurement.requests < MIN_REQUESTS_FOR_P99)) {
    add(
      'few-requests',
      `${trial.target}/${trial.scenario} round ${trial.round}: only ${trial.measurement!.requests} responses, too few for a stable p99`,
      trial.target,
      trial.scenario,
    );
  }
  warnings.push(...spreadWarnings(summaries));
  const levels = roundLevels(input.trials);
  const noisyRatios = noisyRatiosWarning(summaries, input.plan, roundSwing(levels));
  if (noisyRatios) warnings.push(noisyRatios);
  const drifted = driftedRounds(levels);
  if (drifted.length > 0) {
    const signed = (x: number) => `${x > 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(0)} %`;
    add(
      'round-drift',
      `every target moved at once between rounds: ${drifted.map((d) => `round ${d.round} ${signed(d.fromTypical)}`).join(', ')} against the typical round ` +
        "(the median cell's req/s against its own mean over the run): the targets were still warming up (first rounds slow) or the machine changed pace for minutes; " +
        "ratios to the baseline, measured in the same rounds, cancel a pace held through a round, and the ranking keeps each side's better rounds " +
        `(in the stability pairs, rounds more than ${points(ROUND_SWING_SHARE)} apart were not: noisy-ratios then says so)`,
    );
  }
  const starts = processSpread(input);
  if (starts && starts.perStart > START_SHARE) {
    add(
      'starts-differ',
      `the processes of one target parted by ${tenthPercent(starts.observed)} in req/s (root mean square over ${starts.cells} cells) where their rounds' noise gives ${tenthPercent(starts.expected)}: ` +
        `each start settles at a speed of its own, about ${tenthPercent(starts.perStart)} apart, which more rounds do not shrink; a figure over k processes keeps 1/√k of it (--processes)`,
    );
  }
  const cores = input.environment.allowedCores.length;
  const busyBefore = input.environment.cpuBusyBefore;
  const loadBefore = input.environment.loadAverageBefore;
  if (busyBefore !== undefined) {
    if (busyBefore > MAX_BUSY_BEFORE)
      add(
        'busy-machine',
        `other processes used ${percent(busyBefore)} of the machine's CPU just before the run (on ${cores} cores): expect noisy numbers; stop what runs beside gauntlet and run again`,
      );
  } else if (loadBefore !== undefined && loadBefore > cores * 0.75) {
    // results from before the short sample: the 1-minute load average, which also counts a run that just ended
    add(
      'busy-machine',
      `the machine was busy before the run (load average ${loadBefore.toFixed(2)} on ${cores} cores): expect noisy numbers`,
    );
  }
  const steal = input.environment.cpuStealShare;
  if (steal !== undefined && steal > MAX_STEAL_SHARE) {
    add(
      'cpu-steal',
      `the hypervisor took ${percent(steal)} of the CPU time during the run (steal): other tenants shared this machine, expect noisy numbers`,
    );
  }
  const polling = input.environment.idlePolling;
  if (polling && haltsAtOnce(polling))
    add(
      'idle-halts',
      // The note last: when gauntlet could not set the value it ends with the command that does, which must copy cleanly.
      `expect lower and noisier figures than with idle polling (README, "Idle cores that halt at once"): ${polling.note}`,
    );
  const confidences = summaries.flatMap((s) => (s.requestsPerSec ? [s.requestsPerSec.interval.confidence] : []));
  if (confidences.length > 0 && Math.min(...confidences) < 0.95) {
    add(
      'few-repeats',
      `with ${roundsRun(input)} repeat(s) the intervals have only ${percent(Math.min(...confidences))} confidence; 6 or more repeats give 95 % (--repeats 6)`,
    );
  }
  if (input.plan.untilStable) {
    const target = Math.round(input.plan.untilStable.halfWidthShare * 1000) / 10;
    for (const cell of unsettledCells(summaries, input.plan.untilStable.halfWidthShare)) {
      const width = cell.requestsPerSec ? Math.round(relativeHalfWidth(cell.requestsPerSec) * 1000) / 10 : undefined;
      add(
        'unsettled',
        `${cell.target}/${cell.scenario} never settled within the budget: req/s ±${width} % after ${cell.validTrials} clean trials (asked ±${target} % at 95 %)`,
        cell.target,
        cell.scenario,
      );
    }
  }
  if (!input.environment.pinning.pinned) add('not-pinned', input.environment.pinning.note);
  return warnings;
}

/**
 * One line when the run's ratios to the baseline are too uncertain for a second run to repeat
 * them within 5 %: the machine changed pace within the rounds, which the ratios' errors show
 * where the spread of req/s between rounds (spreadWarnings) shows it in calm hours too; or its
 * rounds swung so far apart (`swing`, round-drift.ts) that the ratios did not cancel it, which
 * the errors, resampling rounds as if each were drawn alone, miss when the swings come in
 * spells of several rounds. A run in turns takes its ratios within each trial: only its errors count.
 */
export function noisyRatiosWarning(
  summaries: Summary[],
  plan: Pick<Plan, 'baseline' | 'turns'>,
  swing?: number,
): Warning | undefined {
  const errors = summaries.flatMap((s) => {
    const error = s.target === plan.baseline ? undefined : s.baselineRatios?.requestsPerSec?.logStandardError;
    return error !== undefined && error > 0 ? [error] : [];
  });
  if (errors.length < NOISY_MACHINE_MIN_CELLS) return undefined;
  const typical = medianOf(errors)!;
  const swung = !plan.turns && swing !== undefined && swing > ROUND_SWING_SHARE;
  if (typical <= NOISY_RATIOS_ERROR && !swung) return undefined;
  const reasons = [
    ...(typical > NOISY_RATIOS_ERROR
      ? [
          `the ratios to the baseline carry a median standard error of ${tenthPercent(typical)} over ${errors.length} cells: above ${tenthPercent(NOISY_RATIOS_ERROR)}, ` +
            `fewer than ${percent(NOISY_RATIOS_HELD)} of the cells are expected within 5 % of this run in another (nine in ten need ${tenthPercent(RATIOS_HELD_GOAL_ERROR)} or less)`,
        ]
      : []),
    ...(swung
      ? [
          `the rounds swung ${points(swing!)} (each round's level, the median cell's req/s in it against its mean over the run, fastest round less slowest): ` +
            `of the stability pairs in bench/ with a run swinging more than ${points(ROUND_SWING_SHARE)}, none held nine cells in ten within 5 % (27 of 27 missed, 57 % of the cells on average)`,
        ]
      : []),
  ];
  const remedies = 'run again in a calmer hour (gauntlet doctor --noise tells one) or with more rounds (--repeats)';
  return {
    kind: 'noisy-ratios',
    message:
      `${reasons.join('; and ')}: ` +
      'its rounds disagreed, because the machine changed pace within them or there were few of them; ' +
      (plan.turns
        ? remedies
        : `measuring in turns with the baseline cancels much of a machine's noise (--turns, where the suite allows it: in one noisy hour here it held 82–88 % of the main job's cells within 5 % where the main job held 35 %, at 6 to 8 minutes a run; README, "Turns"); or ${remedies}`),
  };
}

/**
 * One warning per cell whose repeats lie far apart; or, when most cells do, one line that names
 * the machine: in a noisy hour the main job printed 36 such lines, which said the same thing.
 */
export function spreadWarnings(summaries: Summary[]): Warning[] {
  const repeated = summaries.filter((s) => s.requestsPerSec && s.validTrials >= 2);
  const spread = repeated.map((s) => ({ cell: s, range: relativeRange(s.requestsPerSec!) }));
  const wide = spread.filter((c) => c.range > HIGH_SPREAD);
  if (wide.length >= NOISY_MACHINE_MIN_CELLS && wide.length > repeated.length * NOISY_MACHINE_SHARE) {
    const worst = wide.reduce((a, b) => (b.range > a.range ? b : a));
    return [
      {
        kind: 'noisy-machine',
        message:
          `req/s varied by more than ${percent(HIGH_SPREAD)} between repeats in ${wide.length} of ${repeated.length} cells ` +
          `(median ${percent(medianOf(spread.map((c) => c.range)) ?? 0)}, most ${percent(worst.range)} in ${worst.cell.target}/${worst.cell.scenario}): ` +
          'the machine itself was noisy, not single targets: absolute req/s do not hold in this run; compare targets by their ratio to the baseline, measured beside them in each round, and its interval, ' +
          'and narrow it with more rounds (--repeats) or a calmer hour',
      },
    ];
  }
  return wide.map(({ cell, range }) => ({
    kind: 'high-spread',
    message:
      `${cell.target}/${cell.scenario}: req/s varied by ${percent(range)} between repeats ` +
      `(${Math.round(cell.requestsPerSec!.min)} to ${Math.round(cell.requestsPerSec!.max)}); differences smaller than that are noise`,
    target: cell.target,
    scenario: cell.scenario,
  }));
}
