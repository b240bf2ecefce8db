/**
 * The answer in words, for the top of the page: per scenario, who leads and by how much against
 * the baseline (the figures of the ranking chart), how many targets were ranked and how many have
 * no figures; and, for the run, whether its warnings say the order may not repeat.
 */
import type { RatioEstimate, Result, Summary } from '../../model/schema.js';
import { formatInt } from '../format.js';
import { chartedSummaries, missingSummaries } from './data.js';

/** A scenario's verdict: the sentence, and its leader (never the baseline) with its share of the baseline's req/s. */
export interface ScenarioVerdict {
  scenario: string;
  sentence: string;
  leader?: string;
  share?: number;
}

/** Warnings that say a second run may order the targets differently; noisy-ratios says it outright. */
const NOISE_KINDS = ['noisy-ratios', 'noisy-machine', 'busy-machine', 'cpu-steal'];

/** "98 %", kept on one line. */
const percent = (ratio: number) => `${Math.round(ratio * 100)}\u00a0%`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Ranked {
  summary: Summary;
  /** Req/s as a share of the baseline's; 1 for the baseline. */
  share: number;
  ratio?: RatioEstimate;
}

/** The cells of the ranking (its chart and the table), best first: the baseline at 100 % and every cell with a ratio to it. */
function ranking(result: Result, scenario: string): Ranked[] {
  const { baseline } = result.plan;
  return chartedSummaries(result, scenario)
    .flatMap((summary): Ranked[] => {
      if (summary.target === baseline) return [{ summary, share: 1 }];
      const ratio = summary.baselineRatios?.requestsPerSec;
      // Older results have only the ratio itself, without its interval.
      const share = ratio?.estimate ?? summary.ratioToBaseline;
      return share === undefined ? [] : [{ summary, share, ratio }];
    })
    .sort((a, b) => b.share - a.share);
}

/** "fastify (flagged generator-bound)": a target's name with the flags its cell carries. */
function named(summary: Summary): string {
  return summary.flags.length ? `${summary.target} (flagged ${summary.flags.join(', ')})` : summary.target;
}

function interval(ratio: RatioEstimate | undefined): string {
  if (!ratio) return '';
  const { low, high, confidence } = ratio.interval;
  const whole = (ratio: number) => Math.round(ratio * 100);
  return whole(low) === whole(high) ? '' : ` (${percent(confidence)} interval ${whole(low)}–${percent(high)})`;
}

/** Whether two ranked cells are too close for their intervals to tell apart. */
function overlap(first: Ranked, second: Ranked): boolean {
  const high = second.ratio?.interval.high ?? second.share;
  const low = first.ratio?.interval.low ?? first.share;
  return high >= low;
}

function counts(ranked: number, result: Result, scenario: string, word = 'ranked'): string {
  const missing = missingSummaries(result, scenario).length;
  return `${plural(ranked, 'target')} ${word}${missing ? `, ${missing} not measured` : ''}`;
}

/** Without ratios to the baseline (the baseline has no figures, or an older result): the order of req/s. */
function byRequests(result: Result, scenario: string): ScenarioVerdict {
  const measured = chartedSummaries(result, scenario).sort(
    (a, b) => b.requestsPerSec!.median - a.requestsPerSec!.median,
  );
  const missing = missingSummaries(result, scenario);
  if (measured.length === 0) {
    return {
      scenario,
      sentence: `Nothing was measured in the ${scenario} scenario: none of its ${plural(missing.length, 'target')} has figures (see Warnings and problems).`,
    };
  }
  const [first] = measured;
  const baselineMissing = missing.some((s) => s.target === result.plan.baseline);
  return {
    scenario,
    leader: first.target,
    sentence:
      `${named(first)} answered the most requests per second in the ${scenario} scenario (${formatInt(first.requestsPerSec!.median)} req/s); ` +
      (baselineMissing
        ? `the baseline ${result.plan.baseline} has no figures there, so nothing is ranked against it; `
        : '') +
      `${counts(measured.length, result, scenario, 'measured')}.`,
  };
}

/**
 * The baseline is the yardstick, so the leader is the best of the other targets, at its share of
 * the baseline's req/s (above or below 100 %); the runner-up is named when the intervals cannot
 * tell the two apart.
 */
export function scenarioVerdict(result: Result, scenario: string): ScenarioVerdict {
  const { baseline } = result.plan;
  const ranked = ranking(result, scenario);
  const [first, second] = ranked.filter((r) => r.summary.target !== baseline);
  if (!first) {
    if (chartedSummaries(result, scenario).length !== 1 || ranked.length !== 1) return byRequests(result, scenario);
    return {
      scenario,
      sentence: `Only the baseline ${named(ranked[0].summary)} has figures in the ${scenario} scenario, so there is nothing to rank against it; ${counts(1, result, scenario, 'measured')}.`,
    };
  }
  const close =
    second && overlap(first, second)
      ? `, with ${second.summary.target} (${percent(second.share)}) too close to tell apart`
      : '';
  return {
    scenario,
    leader: first.summary.target,
    share: first.share,
    sentence: `${named(first.summary)} leads the ${scenario} scenario at ${percent(first.share)} of ${baseline}'s req/s${interval(first.ratio)}${close}; ${counts(ranked.length, result, scenario)}.`,
  };
}

/** For a run of several scenarios, one sentence on the others: their leaders, or how often each target leads. */
export function otherScenariosLine(verdicts: ScenarioVerdict[], baseline: string): string {
  const others = verdicts.slice(1);
  if (others.length === 0) return '';
  const led = others.filter((v) => v.leader);
  const none =
    led.length < others.length ? `; nothing ranked in ${plural(others.length - led.length, 'scenario')}` : '';
  const end = `${none}; each scenario's ranking is in its section below.`;
  if (led.length === 0) return `Nothing is ranked in the other ${plural(others.length, 'scenario')}.`;
  if (others.length <= 3) {
    const leaders = led.map(
      (v) => `${v.leader} leads ${v.scenario}${v.share !== undefined ? ` (${percent(v.share)} of ${baseline})` : ''}`,
    );
    const said = leaders.length > 1 ? `${leaders.slice(0, -1).join(', ')} and ${leaders.at(-1)}` : leaders[0];
    return `In the other scenarios, ${said}${end}`;
  }
  const tally = new Map<string, number>();
  for (const v of led) tally.set(v.leader!, (tally.get(v.leader!) ?? 0) + 1);
  const [[top, n], ...rest] = [...tally].sort((a, b) => b[1] - a[1]);
  return `${top} leads ${n} of the other ${others.length} scenarios${rest.map(([target, m]) => `, ${target} ${m}`).join('')}${end}`;
}

/** The run's warnings that say a second run may order the targets differently, as one sentence (empty when none). */
export function noiseCaveat(result: Result): string {
  const kinds = NOISE_KINDS.filter((kind) => result.warnings.some((w) => w.kind === kind));
  if (kinds.length === 0) return '';
  const warned = kinds.includes('noisy-ratios')
    ? `its ratios to the baseline are too noisy to repeat (${kinds.join(', ')})`
    : `the machine was noisy (${kinds.join(', ')})`;
  return `Read the order with care: the run warned that ${warned}, so another run may order close targets differently.`;
}
