/**
 * The rows every tabular report shows: one per target and scenario, best first, with the
 * columns of the results table of "mion Hello World Benchmarks" (https://github.com/MionKit/Benchmarks)
 * plus CPU cost per request, the load generator's own CPU (share of one core: how close it came to
 * its ceiling), the ratio to the baseline (per round, with its interval: the headline) and the
 * flags. Invalid cells are listed apart, never ranked. Markdown, HTML and `--wide` render every
 * column; the terminal by default the narrow ones, which fit 120 characters.
 */
import type { RatioEstimate, Result, Summary, TargetInfo } from '../model/schema.js';
import { enginesLine, fakeEngineWarning, fallbackNote, latencyBasisNote } from './engines.js';
import { v8FlagsAreDefault } from '../runtimes/v8-flags.js';
import { roundsLine } from '../model/rounds-run.js';
import {
  formatConfidence,
  formatFixed,
  formatInt,
  formatMegabits,
  formatMegabytes,
  formatRatio,
  formatRatioEstimate,
  formatRatioSpread,
  formatSpread,
} from './format.js';

export const COLUMNS = [
  'Target',
  'Version',
  'Router',
  'Req/s',
  'p50 (ms)',
  'p99 (ms)',
  'Output (Mb/s)',
  'CPU µs/req',
  'Max CPU (%)',
  'Gen. CPU (%)',
  'Peak RSS (MB)',
  'vs baseline',
  'CPU vs baseline',
  'Validation',
  'Flags',
] as const;

/**
 * The terminal's default columns: what ranks the targets and what they cost, medians without
 * their intervals except for the two ratios to the baseline (the headline).
 */
export const NARROW_COLUMNS = [
  'Target',
  'Version',
  'Req/s',
  'vs baseline',
  'CPU µs/req',
  'CPU vs baseline',
  'p99 (ms)',
  'RSS (MB)',
  'Flags',
] as const;

/**
 * HTTP/2 only, where the engine reports it (h2load): the share of header bytes HPACK saved.
 * A table gets this column, after the output, only when one of its rows has the figure; every
 * other table keeps exactly COLUMNS.
 */
export const HPACK_COLUMN = 'HPACK saved (%)';
const HPACK_AFTER = 'Output (Mb/s)';

export interface ReportTable {
  scenario: string;
  description?: string;
  /** The table's columns: COLUMNS, plus HPACK_COLUMN where a row has header compression. */
  columns: string[];
  rows: string[][];
  /** The same rows in the terminal's default columns: NARROW_COLUMNS, plus HPACK_COLUMN before the flags. */
  narrowColumns: string[];
  narrowRows: string[][];
  /** Targets with no figures, and why. */
  notMeasured: Array<{ target: string; status: string; reason: string }>;
}

/**
 * The features a target switched on for this suite: a feature written `saas: …` belongs to
 * the saas suite only; one without a suite prefix to every suite.
 */
export function featuresFor(info: TargetInfo, suite: string): string[] {
  return info.features.flatMap((feature) => {
    const prefix = /^([a-z0-9-]+): /.exec(feature);
    if (!prefix) return [feature];
    return prefix[1] === suite ? [feature.slice(prefix[0].length)] : [];
  });
}

function versionOf(info: TargetInfo | undefined, nodeVersion: string): string {
  if (!info) return '–';
  const first = Object.values(info.packages)[0];
  // node built-ins: the version of what ran them (older results: gauntlet's own node).
  return first ?? (info.runtime ? `${info.runtime.name} ${info.runtime.version}` : nodeVersion.replace(/^v/, ''));
}

/** "vs baseline" and "CPU vs baseline": best rounds with their interval (older results: per-round ratios). */
function baselineCells(summary: Summary, result: Result): [string, string] {
  if (summary.target === result.plan.baseline) return ['baseline', 'baseline'];
  return [
    summary.baselineRatios?.requestsPerSec
      ? formatRatioEstimate(summary.baselineRatios.requestsPerSec)
      : summary.pairedRatio
        ? formatRatioSpread(summary.pairedRatio)
        : formatRatio(summary.ratioToBaseline),
    summary.baselineRatios?.cpuUsPerRequest
      ? formatRatioEstimate(summary.baselineRatios.cpuUsPerRequest)
      : formatRatioSpread(summary.pairedCpuRatio),
  ];
}

function narrowRow(summary: Summary, info: TargetInfo | undefined, result: Result): string[] {
  const [vsBaseline, cpuVsBaseline] = baselineCells(summary, result);
  return [
    summary.target,
    versionOf(info, result.environment.node),
    formatInt(summary.requestsPerSec?.median),
    vsBaseline,
    formatFixed(summary.cpuUsPerRequest?.median, 1),
    cpuVsBaseline,
    formatFixed(summary.latencyP99Ms?.median, 1),
    formatMegabytes(summary.peakRss?.median),
    summary.flags.join(', '),
  ];
}

function row(summary: Summary, info: TargetInfo | undefined, result: Result): string[] {
  const validation = info && featuresFor(info, result.plan.suite).some((f) => /validat/i.test(f)) ? '✓' : '✗';
  const [vsBaseline, cpuVsBaseline] = baselineCells(summary, result);
  return [
    summary.target,
    versionOf(info, result.environment.node),
    info ? (info.router ? '✓' : '✗') : '–',
    formatSpread(summary.requestsPerSec),
    formatFixed(summary.latencyMs?.p50, 1),
    formatSpread(summary.latencyP99Ms, 1),
    formatMegabits(summary.bytesPerSec),
    formatSpread(summary.cpuUsPerRequest, 1),
    formatInt(summary.maxCpuPercent),
    formatInt(summary.generatorCpuCores === undefined ? undefined : summary.generatorCpuCores * 100),
    formatSpread(summary.peakRss, 0, 1024 * 1024),
    vsBaseline,
    cpuVsBaseline,
    validation,
    summary.flags.join(', '),
  ];
}

/** Best first: by the ratio to the baseline where both have one, else by req/s. */
export function byRank(a: Summary, b: Summary): number {
  if (a.ratioToBaseline !== undefined && b.ratioToBaseline !== undefined) return b.ratioToBaseline - a.ratioToBaseline;
  return (b.requestsPerSec?.median ?? 0) - (a.requestsPerSec?.median ?? 0);
}

export function reportTables(result: Result, scenarioDescriptions: Record<string, string> = {}): ReportTable[] {
  return result.plan.scenarios.map((scenario) => {
    const cells = result.summaries.filter((s) => s.scenario === scenario);
    // Only clean cells are ranked, by the ratio to the baseline measured beside them (req/s where there is none).
    const measured = cells.filter((s) => s.status === 'measured' && s.requestsPerSec).sort(byRank);
    const hpack = measured.some((s) => s.headerCompression !== undefined);
    const at = COLUMNS.indexOf(HPACK_AFTER) + 1;
    const columns: string[] = hpack ? [...COLUMNS.slice(0, at), HPACK_COLUMN, ...COLUMNS.slice(at)] : [...COLUMNS];
    const narrowAt = NARROW_COLUMNS.length - 1;
    const narrowColumns: string[] = hpack
      ? [...NARROW_COLUMNS.slice(0, narrowAt), HPACK_COLUMN, ...NARROW_COLUMNS.slice(narrowAt)]
      : [...NARROW_COLUMNS];
    const hpackCell = (s: Summary) =>
      formatFixed(s.headerCompression === undefined ? undefined : s.headerCompression * 100, 1);
    const infoOf = (s: Summary) => result.targets.find((t) => t.name === s.target);
    return {
      scenario,
      description:
        [scenarioDescriptions[scenario], latencyBasisNote(result, scenario), fallbackNote(result, scenario)]
          .filter(Boolean)
          .join('; ') || undefined,
      columns,
      rows: measured.map((s) => {
        const cells = row(s, infoOf(s), result);
        if (hpack) cells.splice(at, 0, hpackCell(s));
        return cells;
      }),
      narrowColumns,
      narrowRows: measured.map((s) => {
        const cells = narrowRow(s, infoOf(s), result);
        if (hpack) cells.splice(narrowAt, 0, hpackCell(s));
        return cells;
      }),
      notMeasured: cells
        .filter((s) => !measured.includes(s))
        .map((s) => ({ target: s.target, status: s.status, reason: s.reason ?? '' })),
    };
  });
}

/** Said after the runtimes when node and deno targets ran with other flags than gauntlet's own (--v8-flags, --memory-reducer). */
function v8FlagsClause(flags: string[] | undefined): string {
  if (v8FlagsAreDefault(flags)) return '';
  return ` (node and deno targets with ${flags!.length > 0 ? flags!.join(' ') : "no V8 flags: V8's memory reducer on"})`;
}

/** One line on how the numbers were taken, like the "Method:" line of "mion Hello World Benchmarks". */
export function methodLine(result: Result): string {
  const { plan, environment } = result;
  const fake = fakeEngineWarning(result);
  // results from before the baseline ran one process per visit have no process on their trials
  const ownProcesses = result.trials.some((t) => t.process !== undefined) ? ', each to a process of its own' : '';
  const share = keptShareName(result);
  const kept =
    share === 'half' ? 'better halves of rounds' : `best ${share === 'quarter' ? 'quarters' : share} of rounds`;
  return (
    `${fake ? `${fake}; ` : ''}${roundsLine(result)}` +
    (plan.turns
      ? `, every target measured in turns with a process of the baseline ${plan.baseline}${plan.baselineVisits ? ` (its ${plan.baselineVisits} processes in order)` : ''}: both loaded at once while the two servers took ${plan.turns.turnMs} ms turns on the server core, each load twice --duration and --trial-warmup long so that each server ran ${plan.durationSec} s of the window`
      : '') +
    (plan.baselineVisits && !plan.turns
      ? `, the baseline ${plan.baseline} visited ${plan.baselineVisits} times in each scenario of a round (${plan.baselineVisits === 2 ? 'first and last' : 'first, last and evenly between'}${ownProcesses}; ${ownProcesses ? `the baseline's figure is the median of its processes' ${kept}, and in a round of its visits` : "their median is the baseline's figure of the round"})`
      : '') +
    (plan.processes
      ? `, every target in ${plan.processes} processes, each started on its own and measured once in each scenario of a round (a target's figure is the median of its processes' ${kept}, and in a round of its processes)`
      : '') +
    `; ${enginesLine(result)}; ` +
    `${plan.runtime}${v8FlagsClause(plan.v8Flags)}; ${environment.pinning.note}` +
    (environment.idlePolling ? `; ${environment.idlePolling.note}` : '') +
    (plan.upstream
      ? `; upstream: node:http (${plan.upstream.node}), ${plan.upstream.latencyMs} ms delay, ${plan.upstream.payloadBytes} B payload, ${plan.upstream.callsPerRequest} calls per request`
      : '') +
    (plan.profileReason ? `; load profile ${plan.profileReason}` : '') +
    Object.entries(plan.scenarioShapes ?? {})
      .map(
        ([scenario, shape]) =>
          `; ${scenario}: ${shape.profileReason ?? `${shape.profile ?? 'fixed'}, ${shape.durationSec} s windows`}` +
          (shape.targets ? ` (on ${shape.targets.length} of the targets: ${shape.targets.join(', ')})` : ''),
      )
      .join('')
  );
}

/** How to read the brackets: the interval's method and the confidence it has with these repeats. */
export function intervalLine(result: Result): string {
  const levels = result.summaries
    .map((s) => s.requestsPerSec?.interval.confidence)
    .filter((c): c is number => c !== undefined);
  if (levels.length === 0) return 'no figures';
  const lowest = Math.min(...levels);
  return (
    `figures are medians over the repeats; [low–high] is a distribution-free interval of the median ` +
    `with ${formatConfidence(lowest)} confidence${lowest < 0.95 ? ` (95 % needs 6 or more repeats: --repeats 6)` : ''}`
  );
}

/** One side of a ratio, as the interval notes name it. */
export interface RatioSide {
  /** "a target", "the baseline" */
  name: string;
  /** "the target's", "the baseline's" */
  owner: string;
}

/**
 * What bootstrap intervals of ratios resample (stats/best-rounds.ts), and what they leave out: a
 * side of one start cannot show its start's own speed. `mine` is the numerator's side.
 */
export function intervalNoteOf(ratios: RatioEstimate[], mine: RatioSide, theirs: RatioSide): string {
  const counted = ratios.flatMap((r) => (r.processes ? [r.processes] : []));
  if (counted.length === 0) return 'a 95 % bootstrap interval over rounds';
  const mineAlone = counted.some((p) => p.target === 1);
  const theirsAlone = counted.some((p) => p.baseline === 1);
  const over =
    !mineAlone && !theirsAlone
      ? "each side's processes and the rounds"
      : !theirsAlone
        ? `${theirs.owner} processes and the rounds`
        : !mineAlone
          ? `${mine.owner} processes and the rounds`
          : 'the rounds';
  const alone = [mineAlone && mine.name, theirsAlone && theirs.name].filter(Boolean).join(' and ');
  return `a 95 % bootstrap interval over ${over}${startLeftOut(alone)}`;
}

/**
 * What an interval leaves out: the own speed of a start, where a side (`alone`) ran in one
 * process; and in every case a part all starts of a target in one run may share, which
 * resampling its processes cannot see (six starts of wooks agreed within each of two runs
 * that differed by 11 %: docs/statistics.md, "The interval of a ratio: over processes and
 * rounds").
 */
function startLeftOut(alone: string | false): string {
  return alone
    ? `; it leaves out the own speed of a start of ${alone} run in one process, which a second run draws anew (--processes 3 puts in where starts differ, not what the starts of one run may share; docs/statistics.md)`
    : `; it leaves out what the starts of a target in one run may share, which a second run draws anew (docs/statistics.md)`;
}

/** What the interval of a ratio to the baseline resamples, and what it leaves out. */
export function ratioIntervalNote(result: Result): string {
  if (result.plan?.turns) return turnsIntervalNote(result);
  const ratios = result.summaries.flatMap((s) =>
    s.baselineRatios?.requestsPerSec ? [s.baselineRatios.requestsPerSec] : [],
  );
  return intervalNoteOf(
    ratios,
    { name: 'a target', owner: "the target's" },
    { name: 'the baseline', owner: "the baseline's" },
  );
}

/** The interval of a ratio in turns (stats/turn-ratios.ts): over the trials, each with both sides' figures. */
function turnsIntervalNote(result: Result): string {
  const processes = result.summaries.flatMap((s) => s.baselineRatios?.requestsPerSec?.processes ?? []);
  return `a 95 % bootstrap interval over the trials${startLeftOut(processes.some((p) => p.target === 1) && 'a target')}`;
}

/** The share of rounds a result's ratios kept, in words: "quarter", or "half" in results from before it. */
export function keptShareName(result: Result): string {
  const kept = result.summaries.find((s) => s.baselineRatios?.requestsPerSec)?.baselineRatios?.requestsPerSec?.kept;
  if (kept === undefined || kept === 0.5) return 'half';
  return kept === 0.25 ? 'quarter' : `${Math.round(kept * 100)} %`;
}

/** How "vs baseline" and "CPU vs baseline" were computed: best rounds (older results: the median of per-round ratios). */
export function baselineColumnsNote(result: Result): string {
  if (result.plan.turns)
    return (
      '"vs baseline", the ranking, is the median over the target\'s trials of its req/s over that of the baseline process it took turns with in the same window, ' +
      `[${turnsIntervalNote(result)}]; "CPU vs baseline" the same for CPU µs per request. ` +
      'A slowdown of the machine lasts longer than a turn, so it slows both sides of a window alike and the ratio keeps; req/s, output and CPU share count the time each server ran, latencies include the turns it waited (docs/method.md, "Turns (experimental)").'
    );
  const share = keptShareName(result);
  return result.summaries.some((s) => s.baselineRatios)
    ? `"vs baseline", the ranking, is the mean of the target's best ${share} of rounds (the fastest ones, at least two) over the mean of the baseline's (a side in several processes: the median of its processes' figures, of two their mean), the baseline measured in the same rounds seconds apart, ` +
        `[${ratioIntervalNote(result)}]; "CPU vs baseline" the same with the cheapest ${share} of rounds of CPU µs per request. ` +
        'Noise on a shared machine only ever slows a window, so the best rounds are the least disturbed ones (docs/statistics.md).'
    : '"vs baseline" is, per round, the target\'s req/s over the baseline\'s in the same round (measured seconds apart), median over the rounds [interval]; "CPU vs baseline" the same for CPU µs per request.';
}

export function machineLine(result: Result): string {
  const e = result.environment;
  const machine = (m: Pick<typeof e, 'os' | 'cpuModel' | 'cpuCount' | 'allowedCores' | 'memoryBytes' | 'kernel'>) =>
    `${m.os}, ${m.cpuModel}, ${m.cpuCount} cores (${m.allowedCores.length} usable), ${formatInt(m.memoryBytes / 1024 ** 3)} GiB, kernel ${m.kernel}`;
  const server = e.serverHost;
  const loads = e.loadHosts;
  // several load hosts: each named once, one machine description where they are alike
  const load = loads
    ? `load from k6 on ${loads.map((l) => l.name).join(', ')} (${[...new Set(loads.map(machine))].join('; ')}), driven from ${e.hostname}`
    : `load from ${e.hostname} (${machine(e)})`;
  if (!server) return loads ? `targets on ${e.hostname} (${machine(e)}); ${load}` : machine(e);
  const link = server.link
    ? `; link ${server.link.rttMs.toFixed(2)} ms round trip, ${formatInt((server.link.bytesPerSec * 8) / 1e6)} Mbit/s`
    : '';
  return `targets on ${server.name} (${machine(server)}); ${load}${link}`;
}

export function countMeasured(result: Result): string {
  const ok = result.trials.filter((t) => t.status === 'ok').length;
  return `${ok} clean trial(s), ${result.trials.length - ok} invalid or failed`;
}
