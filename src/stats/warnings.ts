/**
 * Plain-word warnings about figures that cannot be taken at face value, in the spirit of
 * hyperfine's: each says which cell, what happened, and what the number then means; and says
 * it twice, in full for the reports and in one line for the terminal (`short`). Codes and what
 * they mean: warning-codes.ts.
 */
import type { Environment, Plan, Summary, TargetStart, Trial, Verification, Warning } from '../model/schema.js';
import type { WarningCode } from './warning-codes.js';
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
 * (about 3.0 %; the stability goal's nine cells in ten need 2.1 %, run-agreement.ts).
 * docs/stability.md shows how runs above it fared in a second run.
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

/** The longest `short`: with its code and the terminal's "  ! ", a line stays within 160 characters. */
export const SHORT_MAX = 130;

/** Text cut to `max` characters, with an ellipsis where it was cut. */
function clip(text: string, max: number): string {
  const line = text.split('\n')[0];
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** "a/x, b/y, …": the first cells of a list, within `max` characters. */
function cellList(cells: string[], max = 50): string {
  let out = '';
  for (const [i, cell] of cells.entries()) {
    const next = out ? `${out}, ${cell}` : cell;
    if (next.length > max - (i < cells.length - 1 ? 3 : 0)) return out ? `${out}, …` : clip(cell, max);
    out = next;
  }
  return out;
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

/** Answers over this share of the link's measured throughput count as near its capacity. */
export const LINK_BOUND_SHARE = 0.7;

export function collectWarnings(input: WarningInput, summaries: Summary[]): Warning[] {
  const warnings: Warning[] = [];
  const add = (kind: WarningCode, message: string, short: string, target?: string, scenario?: string) =>
    warnings.push({ kind, message, short: clip(short, SHORT_MAX), target, scenario });

  if (!input.complete) {
    const why = input.interruption ?? 'unknown reason';
    add(
      'incomplete',
      `the run did not finish (${why}): only finished trials are shown`,
      `the run did not finish (${clip(why, 70)}): only finished trials are shown`,
    );
  }
  for (const { target, reason } of input.unavailable)
    add('unavailable', `${target} was not run: ${reason}`, `${target} was not run: ${reason}`, target);
  if (input.plan.turns)
    add(
      'turns',
      'measured in turns (experimental): its ratios to the baseline read a few % lower than those of the default method, for some targets more, in req/s and CPU alike, and they moved between two runs by more than their intervals (docs/method.md, "Turns (experimental)")',
      'measured in turns (experimental): ratios to the baseline read lower than without --turns, and moved between runs',
    );
  // A side that did not stop within the wait's maximum ran on beside the other (proc/turns.ts).
  const overlapping = input.trials.filter((t) => (t.turns?.stopMs?.max ?? 0) >= STOP_WAIT_MAX_MS);
  if (overlapping.length > 0) {
    const cells = [...new Set(overlapping.map((t) => `${t.target}/${t.scenario}`))];
    add(
      'turns-overlap',
      `in ${overlapping.length} trial(s) a server's threads had not all stopped ${STOP_WAIT_MAX_MS} ms after its turn ended, and the other server ran meanwhile ` +
        `(${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): those trials did not measure the two one at a time`,
      `${overlapping.length} trial(s) where the two servers overlapped (${cellList(cells)}): not measured one at a time`,
    );
  }
  for (const v of input.verification.filter((v) => !v.ok)) {
    for (const f of v.failures)
      add(
        'verification',
        `${v.target} answered ${f.request} wrongly (${f.reason}); it is not ranked`,
        `${v.target} answered ${clip(f.request, 40)} wrongly (${clip(f.reason, 60)}); not ranked`,
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
      const short = warmup.error
        ? `${who}: warm-up load failed after ${warmup.seconds} s (${clip(warmup.error, 50)}); first trials may be cold`
        : `${who} still got faster at the end of its ${warmup.seconds} s warm-up: first trials may be cold (--warmup)`;
      add('warmup-unsteady', `${what}: its first trials may be measured partly cold`, short, start.target);
    }
  }
  for (const trial of input.trials.filter((t) => t.status === 'failed')) {
    add(
      'failed-trial',
      `${trial.target}/${trial.scenario} round ${trial.round}: ${trial.reason ?? 'failed'}`,
      `${trial.target}/${trial.scenario} round ${trial.round}: ${trial.reason ?? 'failed'}`,
      trial.target,
      trial.scenario,
    );
  }

  const bound = input.trials.filter((t) => t.flags.includes('generator-bound'));
  if (bound.length > 0) {
    const cells = [...new Set(bound.map((t) => `${t.target}/${t.scenario}`))];
    const split = input.environment.loadHosts !== undefined;
    add(
      'generator-bound',
      `in ${bound.length} trial(s) the load generator${split ? ' on the busiest load host' : ''} used nearly a full core (${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): ` +
        `those req/s measure the generator as much as the server; compare CPU µs/req instead${split ? ', or add a load host' : ''}`,
      `load generator near a full core in ${bound.length} trial(s) (${cellList(cells)}): compare CPU µs/req, not req/s`,
    );
  }
  // Across two hosts the network can be the limit, as the generator can be on one machine. The link
  // was measured from this host: a load from several load hosts took other paths.
  const link = input.environment.loadHosts ? undefined : input.environment.serverHost?.link;
  const nearLink = link
    ? input.trials.filter((t) => (t.measurement?.bytesPerSec ?? 0) >= LINK_BOUND_SHARE * link.bytesPerSec)
    : [];
  if (link && nearLink.length > 0) {
    const cells = [...new Set(nearLink.map((t) => `${t.target}/${t.scenario}`))];
    const mbits = (bytes: number) => `${Math.round((bytes * 8) / 1e6)} Mbit/s`;
    const most = Math.max(...nearLink.map((t) => t.measurement!.bytesPerSec));
    add(
      'link-bound',
      `in ${nearLink.length} trial(s) the answers took ${percent(most / link.bytesPerSec)} of the link to the server host (${mbits(most)} of the ${mbits(link.bytesPerSec)} measured at the start; ` +
        `${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): their req/s may measure the network as much as the server; compare CPU µs/req instead`,
      `answers near the link's capacity in ${nearLink.length} trial(s) (${cellList(cells)}): compare CPU µs/req, not req/s`,
    );
  }
  const busy = input.trials.filter((t) => t.settle && !t.settle.idle);
  if (busy.length > 0) {
    const cells = [...new Set(busy.map((t) => `${t.target}/${t.scenario}`))];
    add(
      'busy-before-window',
      `in ${busy.length} trial(s) the server was still busy (over ${percent(IDLE_CORES)} of a core) ${MAX_SETTLE_MS / 1000} s after the previous load ` +
        `(${cells.slice(0, 6).join(', ')}${cells.length > 6 ? ', …' : ''}): their windows include work left from before (a timer, a backlog)`,
      `${busy.length} window(s) began with the server still busy from the previous load (${cellList(cells)})`,
    );
  }
  for (const trial of input.trials.filter((t) =>
    t.flags.some((f) => f === 'errors' || f === 'timeouts' || f === 'unexpected-status'),
  )) {
    const m = trial.measurement;
    const counts = `${m?.errors ?? 0} errors, ${m?.timeouts ?? 0} timeouts, ${m?.unexpectedStatus ?? 0} unexpected statuses`;
    add(
      'errors',
      `${trial.target}/${trial.scenario} round ${trial.round}: ${counts}; the trial is invalid`,
      `${trial.target}/${trial.scenario} round ${trial.round}: ${counts}; the trial is invalid`,
      trial.target,
      trial.scenario,
    );
  }
  for (const trial of input.trials.filter((t) => t.flags.includes('short-window'))) {
    const text = `${trial.target}/${trial.scenario} round ${trial.round}: measured ${trial.measurement?.durationSec.toFixed(2)} s of the ${input.plan.scenarioShapes?.[trial.scenario]?.durationSec ?? input.plan.durationSec} s asked`;
    add('short-window', text, text, trial.target, trial.scenario);
  }
  for (const trial of input.trials.filter((t) => t.measurement && t.measurement.requests < MIN_REQUESTS_FOR_P99)) {
    const text = `${trial.target}/${trial.scenario} round ${trial.round}: only ${trial.measurement!.requests} responses, too few for a stable p99`;
    add('few-requests', text, `${text} (--duration)`, trial.target, trial.scenario);
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
        `(rounds more than ${points(ROUND_SWING_SHARE)} apart may not cancel: noisy-ratios then says so)`,
      `every target moved at once between rounds (${cellList(
        drifted.map((d) => `round ${d.round} ${signed(d.fromTypical)}`),
        60,
      )}): warming up, or the machine changed pace`,
    );
  }
  const starts = processSpread(input);
  if (starts && starts.perStart > START_SHARE) {
    add(
      'starts-differ',
      `the processes of one target parted by ${tenthPercent(starts.observed)} in req/s (root mean square over ${starts.cells} cells) where their rounds' noise gives ${tenthPercent(starts.expected)}: ` +
        `each start settles at a speed of its own, about ${tenthPercent(starts.perStart)} apart, which more rounds do not shrink; a figure over k processes keeps 1/√k of it (--processes)`,
      `each start of a target settles at a speed of its own, about ${tenthPercent(starts.perStart)} apart; more processes average it (--processes)`,
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
        `other processes used ${percent(busyBefore)} of the CPU just before the run: expect noisy numbers; stop them and run again`,
      );
  } else if (loadBefore !== undefined && loadBefore > cores * 0.75) {
    // results from before the short sample: the 1-minute load average, which also counts a run that just ended
    const text = `the machine was busy before the run (load average ${loadBefore.toFixed(2)} on ${cores} cores): expect noisy numbers`;
    add('busy-machine', text, text);
  }
  const steal = input.environment.cpuStealShare;
  if (steal !== undefined && steal > MAX_STEAL_SHARE) {
    const text = `the hypervisor took ${percent(steal)} of the CPU time during the run (steal): other tenants shared this machine, expect noisy numbers`;
    add('cpu-steal', text, text);
  }
  const polling = input.environment.idlePolling;
  if (polling && haltsAtOnce(polling))
    add(
      'idle-halts',
      // The note last: when gauntlet could not set the value it ends with the command that does, which must copy cleanly.
      `expect lower and noisier figures than with idle polling (docs/method.md, "Idle cores that poll"): ${polling.note}`,
      'idle cores halt at once: expect lower, noisier figures; run as root, or gauntlet doctor gives the command',
    );
  const confidences = summaries.flatMap((s) => (s.requestsPerSec ? [s.requestsPerSec.interval.confidence] : []));
  if (confidences.length > 0 && Math.min(...confidences) < 0.95) {
    const text = `with ${roundsRun(input)} repeat(s) the intervals have only ${percent(Math.min(...confidences))} confidence; 6 or more repeats give 95 % (--repeats 6)`;
    add('few-repeats', text, text);
  }
  if (input.plan.untilStable) {
    const target = Math.round(input.plan.untilStable.halfWidthShare * 1000) / 10;
    for (const cell of unsettledCells(summaries, input.plan.untilStable.halfWidthShare)) {
      const width = cell.requestsPerSec ? Math.round(relativeHalfWidth(cell.requestsPerSec) * 1000) / 10 : undefined;
      const text = `${cell.target}/${cell.scenario} never settled within the budget: req/s ±${width} % after ${cell.validTrials} clean trials (asked ±${target} % at 95 %)`;
      add('unsettled', text, `${text} (--budget)`, cell.target, cell.scenario);
    }
  }
  if (!input.environment.pinning.pinned)
    add('not-pinned', input.environment.pinning.note, input.environment.pinning.note);
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
            `rounds that swing more than ${points(ROUND_SWING_SHARE)} apart are not expected to give nine cells in ten within 5 % in another run`,
        ]
      : []),
  ];
  const remedies = 'run again in a calmer hour (gauntlet doctor --noise tells one) or with more rounds (--repeats)';
  const why =
    typical > NOISY_RATIOS_ERROR
      ? `median error ${tenthPercent(typical)} over ${errors.length} cells`
      : `rounds swung ${points(swing!)}`;
  return {
    kind: 'noisy-ratios' satisfies WarningCode,
    message:
      `${reasons.join('; and ')}: ` +
      'its rounds disagreed, because the machine changed pace within them or there were few of them; ' +
      (plan.turns
        ? remedies
        : `measuring in turns with the baseline cancels much of a machine's noise, at a longer run (--turns, where the suite allows it; see docs/method.md); or ${remedies}`),
    short: `ratios to the baseline too uncertain to repeat within 5 % (${why}): ${plan.turns ? '' : 'try --turns, '}a calmer hour or more --repeats`,
  };
}

/**
 * One warning per cell whose repeats lie far apart; or, when most cells do, one line that names
 * the machine: in a noisy hour every cell would say the same thing.
 */
export function spreadWarnings(summaries: Summary[]): Warning[] {
  const repeated = summaries.filter((s) => s.requestsPerSec && s.validTrials >= 2);
  const spread = repeated.map((s) => ({ cell: s, range: relativeRange(s.requestsPerSec!) }));
  const wide = spread.filter((c) => c.range > HIGH_SPREAD);
  if (wide.length >= NOISY_MACHINE_MIN_CELLS && wide.length > repeated.length * NOISY_MACHINE_SHARE) {
    const worst = wide.reduce((a, b) => (b.range > a.range ? b : a));
    return [
      {
        kind: 'noisy-machine' satisfies WarningCode,
        message:
          `req/s varied by more than ${percent(HIGH_SPREAD)} between repeats in ${wide.length} of ${repeated.length} cells ` +
          `(median ${percent(medianOf(spread.map((c) => c.range)) ?? 0)}, most ${percent(worst.range)} in ${worst.cell.target}/${worst.cell.scenario}): ` +
          'the machine itself was noisy, not single targets: absolute req/s do not hold in this run; compare targets by their ratio to the baseline, measured beside them in each round, and its interval, ' +
          'and narrow it with more rounds (--repeats) or a calmer hour',
        short: clip(
          `req/s varied over ${percent(HIGH_SPREAD)} between repeats in ${wide.length} of ${repeated.length} cells: a noisy machine; compare by "vs baseline" (--repeats)`,
          SHORT_MAX,
        ),
      },
    ];
  }
  return wide.map(({ cell, range }) => ({
    kind: 'high-spread' satisfies WarningCode,
    message:
      `${cell.target}/${cell.scenario}: req/s varied by ${percent(range)} between repeats ` +
      `(${Math.round(cell.requestsPerSec!.min)} to ${Math.round(cell.requestsPerSec!.max)}); differences smaller than that are noise`,
    short: clip(
      `${cell.target}/${cell.scenario}: req/s varied by ${percent(range)} between repeats; smaller differences are noise (--repeats)`,
      SHORT_MAX,
    ),
    target: cell.target,
    scenario: cell.scenario,
  }));
}
