#!/usr/bin/env node
/**
 * The stability benchmark (`npm run bench:stability`): runs the default run twice, one
 * after the other, and says how far the two runs agree: the order of target pairs, each
 * cell's ratio to the baseline, the spread within each run, and each run's wall time. Its
 * output is committed under bench/stability/ and quoted in docs/stability.md.
 *
 * Usage: npm run bench:stability -- --help (STABILITY below)
 * e.g.   npm run bench:stability -- --label npm-only -- --engine autocannon
 *        npm run bench:stability -- --label again --from <run folder 1> <run folder 2>   (no new runs)
 *        npm run bench:stability -- --label again-12 --from <run 1> <run 2> --rounds 12   (their first 12 rounds)
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UserError } from '../core/errors.js';
import { loadResult } from '../results/store.js';
import { describeShortening, type Shortening, shortened } from './shortened.js';
import { positiveCount } from '../core/option-values.js';
import { type BenchCommand, runBench, runGauntlet } from './args.js';
import { runDays, STABILITY_DIR, STABILITY_GOALS as GOALS } from './outputs.js';
import { ratioIntervalNote } from '../report/rows.js';
import type { Result } from '../model/schema.js';
import { roundsRun } from '../model/rounds-run.js';
import { medianOf } from '../stats/describe.js';
import {
  baselineProcessGaps,
  baselineShifts,
  compareRuns,
  figures,
  PAIR_DIFFERENCE,
  RATIO_TOLERANCE,
  RATIOS_HELD_GOAL_ERROR,
  type RunAgreement,
} from '../stats/run-agreement.js';
import { layerMoves } from '../stats/layer-moves.js';
import { type ProcessSpread, processSpread } from '../stats/process-spread.js';
import { roundLevels } from '../stats/round-drift.js';
import { EDGE_ROUNDS, firstRoundsAgainstLast } from '../stats/first-rounds.js';
import { summarize } from '../stats/summarize.js';
import { type TimeSpent, timeSpent } from '../stats/time-spent.js';

/** A run's wall time, from its own record (start of the run to its result). */
function measured(result: Result): { result: Result; wallSec: number } {
  return { result, wallSec: (Date.parse(result.finishedAt ?? result.startedAt) - Date.parse(result.startedAt)) / 1000 };
}

function runOnce(runArgs: string[], outDir: string): { result: Result; wallSec: number } {
  runGauntlet(['run', '--out', outDir, ...runArgs], outDir);
  const [runDir] = readdirSync(outDir);
  // `-- --help` (or --version) makes run print and exit 0 without measuring anything
  if (runDir === undefined) {
    rmSync(outDir, { recursive: true, force: true });
    throw new UserError(
      'GAUNTLET_USAGE',
      `gauntlet run ${runArgs.join(' ')} measured nothing, so there is nothing to compare`,
      'pass run only flags that measure (gauntlet run --help lists them), or leave them out for the default run',
    );
  }
  return measured(loadResult(join(outDir, runDir)));
}

/** What a run's idle cores did (a KVM guest's halt polling; docs/method.md). */
function idleLine(result: Result): string {
  return (
    result.environment.idlePolling?.note ??
    'no halt polling setting on this machine, or a run before gauntlet recorded it'
  );
}

/** Trials flagged generator-bound, and the generator's median share of its core, in one run. */
function generatorLine(result: Result): string {
  const measuredTrials = result.trials.filter((t) => t.measurement);
  const bound = measuredTrials.filter((t) => t.flags.includes('generator-bound')).length;
  const median = medianOf(measuredTrials.map((t) => t.measurement!.generator.cpuCores)) ?? 0;
  return `${bound} of ${measuredTrials.length} trials generator-bound, generator at ${Math.round(median * 100)} % of its core (median)`;
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
/** A share as a signed percentage, with a true minus sign: "+2.1", "−3.3"; signed() adds the unit. */
const signedNumber = (x: number) => `${x >= 0 ? '+' : '−'}${(Math.abs(x) * 100).toFixed(1)}`;
const signed = (x: number) => `${signedNumber(x)} %`;
const mark = (ok: boolean) => (ok ? 'met' : 'not met');

function engines(result: Result): string {
  const byScenario = result.environment.scenarioEngines ?? {};
  return Object.entries(byScenario)
    .map(([scenario, e]) => `${scenario}: ${e.name} ${e.version}`)
    .join('; ');
}

/**
 * What the runs' own noise allows: a miss that their standard errors explain is the machine's;
 * one well below what they allow means the runs differed by more than their noise (drift,
 * a warm-up that ended early, the baseline moving, each start's own speed).
 */
function noiseLines(headline: RunAgreement, run: Result): string[] {
  if (!headline.standardErrors || headline.expectedHeld === undefined) return [];
  const covered =
    headline.withinIntervals === undefined
      ? ''
      : `The two runs' 95 % intervals covered the move of ${pct(headline.withinIntervals)} of the cells (95 % if a run's interval held where a second run lands). `;
  return [
    // What the bootstrap drew from, in the words of the run's own report: a start's own speed is one
    // draw per run, which one process cannot show, so a pair can hold less than this.
    `From each cell's trials, the standard error of its ${headline.figure} was ${pct(headline.standardErrors[0])} in run 1 and ${pct(headline.standardErrors[1])} in run 2 (median over cells; the spread of the bootstrap behind each cell's interval, ${ratioIntervalNote(run)}). ` +
      `With errors that size, ${pct(headline.expectedHeld)} of the cells would be expected within ${RATIO_TOLERANCE * 100} % (reached: ${pct(headline.ratiosHeld)}); ` +
      `${pct(GOALS.ratiosHeld)} needs about ${pct(RATIOS_HELD_GOAL_ERROR)} in both runs. ${covered}`.trimEnd(),
    '',
  ];
}

/** The baseline's own move per scenario beside the other targets': the part of every ratio's move the cells share. */
function baselineLines(a: Result, b: Result): string[] {
  const shifts = baselineShifts(a, b);
  if (shifts.length === 0) return [];
  return [
    `The baseline (${a.plan.baseline}) itself, run 2 against run 1, in req/s (each target's best quarter of rounds): ` +
      shifts
        .map((s) => `${s.scenario} ${signed(s.baseline)} (the other targets' median ${signed(s.others)})`)
        .join('; ') +
      '. Every ratio of a scenario is divided by its baseline, so the difference between the two moves shifts all of them.',
    '',
    ...processLines(a, b),
  ];
}

/** Each round against the run as a whole (stats/round-drift.ts): a slow first round means targets still warming up. */
function roundLines(a: Result, b: Result): string[] {
  const line = (r: Result) =>
    roundLevels(r.trials)
      .map((l) => signedNumber(l.level))
      .join(', ');
  return [
    `Each round against the run (the median cell's req/s in the round against its mean over the rounds, in %, round 1 first): run 1 ${line(a)}; run 2 ${line(b)}.`,
    '',
  ];
}

/** "16 rounds", or the rounds each run measured where a budget (or an interrupt) ended one early. */
function roundsOfRuns(a: Result, b: Result): string {
  const [ra, rb] = [roundsRun(a), roundsRun(b)];
  if (ra === a.plan.repeats && rb === a.plan.repeats) return `${ra} rounds`;
  const budget = a.plan.roundBudget;
  return `${a.plan.repeats} rounds planned, ${ra} and ${rb} measured${budget ? ` (no round started that would have ended past ${budget.sec} s of its run)` : ''}`;
}

/** Where each run's wall time went (stats/time-spent.ts): which part grew when a run took longer. */
function timeLines(a: Result, b: Result): string[] {
  const spent = [timeSpent(a), timeSpent(b)];
  if (!spent[0] || !spent[1]) return [];
  const rows: Array<[string, (t: TimeSpent) => number]> = [
    ['the whole run', (t) => t.wallSec],
    ['before the first window', (t) => t.beforeRoundsSec],
    ['… of it, until the targets answered', (t) => t.readySec],
    ['… of it, warming up', (t) => t.warmupSec],
    ['the rounds', (t) => t.roundsSec],
    ['… windows as asked', (t) => t.askedSec],
    ['… more in windows lengthened for their load', (t) => t.lengthenedSec],
    ['… first tries measured again', (t) => t.remeasuredSec],
    ['… unmeasured load before the windows', (t) => t.leadInSec],
    ['… waiting for targets to go idle', (t) => t.settleSec],
    ['… starting loads and checking answers', (t) => t.otherSec],
  ];
  const [x, y] = spent as [TimeSpent, TimeSpent];
  return [
    `Where each run's time went (run 1: ${x.starts} starts, ${x.windows} windows; run 2: ${y.starts} starts, ${y.windows} windows):`,
    '',
    '| part | run 1 | run 2 |',
    '|---|---|---|',
    ...rows.map(([name, of]) => `| ${name} | ${Math.round(of(x))} s | ${Math.round(of(y))} s |`),
    '',
  ];
}

/** Each target's first rounds against its last in both runs (stats/first-rounds.ts), for the JSON and the line below. */
function firstRoundsOf(a: Result, b: Result): Array<{ target: string; scenario: string; runs: [number, number] }> {
  const second = firstRoundsAgainstLast(b);
  return firstRoundsAgainstLast(a).flatMap((x) => {
    const y = second.find((r) => r.target === x.target && r.scenario === x.scenario);
    return y ? [{ target: x.target, scenario: x.scenario, runs: [x.firstAgainstLast, y.firstAgainstLast] }] : [];
  });
}

/** Whether targets still climbed after their warm-up: the mean of the two runs, lowest first. */
function firstRoundsLines(firstRounds: ReturnType<typeof firstRoundsOf>): string[] {
  if (firstRounds.length === 0) return [];
  const byMean = firstRounds.map((f) => ({ ...f, mean: (f.runs[0] + f.runs[1]) / 2 })).sort((x, y) => x.mean - y.mean);
  const named = (list: typeof byMean) =>
    list
      .map(
        (f) =>
          `${f.target}${firstRounds.some((g) => g.scenario !== f.scenario) ? `/${f.scenario}` : ''} ${signedNumber(f.mean)} %`,
      )
      .join(', ');
  const middle = byMean[Math.floor((byMean.length - 1) / 2)].mean;
  return [
    `Still warming when the rounds began? Each target's first ${EDGE_ROUNDS} rounds against its last ${EDGE_ROUNDS}, both as ratios to the baseline in the same rounds (the best two of four at each end), the mean of the two runs: the median target ${signedNumber(middle)} %; lowest ${named(byMean.slice(0, 3))}; highest ${named(byMean.slice(-3).reverse())}. ` +
      `Below zero, a target was still climbing after its warm-up. Each end rests on ${EDGE_ROUNDS} rounds, so one pair's noise moves it by a few % in a calm hour and by 20 % or more in a noisy one: read it over several pairs.`,
    '',
  ];
}

/** How far the baseline's processes differed within each run: the per-start part of its error. */
function processLines(a: Result, b: Result): string[] {
  const gaps = [a, b].map(baselineProcessGaps);
  if (gaps.every((g) => g.length === 0)) return [];
  const counts = [...new Set(gaps.flat().map((g) => g.processes))].join(' or ');
  return [
    `The baseline's ${counts} processes (one per visit, started apart, measured in the same rounds), the fastest against the slowest in req/s (best quarter of rounds): ` +
      gaps
        .map(
          (g, i) =>
            `run ${i + 1} ${g.map((x) => `${x.scenario} +${(x.gap * 100).toFixed(1)} %`).join(', ') || 'one process'}`,
        )
        .join('; ') +
      ". The baseline's figure is the median of its processes' figures (of two, their mean), so a gap this size weighs half or less in every ratio.",
    '',
    ...spreadLines(a, b),
  ];
}

/** How far the processes of each target differed within a run beyond their rounds' noise (stats/process-spread.ts). */
function spreadLines(a: Result, b: Result): string[] {
  const spreads = [a, b].map(processSpread);
  if (spreads.every((s) => s === undefined)) return [];
  const line = (s: ProcessSpread | undefined, i: number) =>
    s
      ? `run ${i + 1} ${pct(s.observed)} over ${s.cells} cell(s) where the rounds' noise gives ${pct(s.expected)}, so each start adds about ${pct(s.perStart)}`
      : `run ${i + 1} one process per target (or too few cells in several)`;
  return [
    `Processes of one target, measured in the same rounds (the spread of their req/s, best quarter of rounds, as a root mean square over the cells): ${spreads.map(line).join('; ')}. A cell's figure over k processes keeps 1/√k of what a start adds.`,
    '',
  ];
}

/** The cost of each layer on top in both runs (stats/layer-moves.ts), in points of req/s and of CPU per request. */
function layerLines(a: Result, b: Result): string[] {
  const moves = layerMoves(a, b);
  if (moves.length === 0) return [];
  const points = (pair: [number, number]) => signedNumber(pair[1] - pair[0]);
  const covered = (ok: boolean | undefined) => (ok === undefined ? '–' : ok ? 'yes' : 'no');
  return [
    '## Cost of the layer on top',
    '',
    '| target | built on | throughput cost, run 1, run 2 | move (points) | CPU cost per request, run 1, run 2 | move (points) | intervals covered the moves (req/s, CPU) |',
    '|---|---|---|---|---|---|---|',
    ...moves.map(
      (m) =>
        `| ${m.target} | ${m.layer} | ${signed(-m.throughputCost[0])}, ${signed(-m.throughputCost[1])} | ${points([-m.throughputCost[0], -m.throughputCost[1]])} | ${signed(m.cpuCost[0])}, ${signed(m.cpuCost[1])} | ${points(m.cpuCost)} | ${covered(m.covered?.requestsPerSec)}, ${covered(m.covered?.cpuUsPerRequest)} |`,
    ),
    '',
  ];
}

function render(
  label: string,
  runs: Array<{ result: Result; wallSec: number }>,
  agreements: RunAgreement[],
  firstRounds: ReturnType<typeof firstRoundsOf>,
  /** Set for runs read with `--from`: how they were shortened in words ('' when they were read whole). */
  reread: { shortened: string } | undefined,
): string {
  const [a, b] = runs;
  const headline = agreements[0];
  const env = a.result.environment;
  const lines = [
    `# Stability benchmark: ${label}`,
    '',
    `Two runs of the same job (suite ${a.result.plan.suite}, engine ${a.result.plan.engine}) on ${env.cpuModel}, ${env.cpuCount} cores, ${env.os}; ` +
      `${a.result.plan.targets.length} targets, scenarios ${a.result.plan.scenarios.join(', ')}, ${roundsOfRuns(a.result, b.result)} of ${a.result.plan.durationSec} s windows${a.result.plan.processes ? `, every target in ${a.result.plan.processes} processes` : ''}, ` +
      `${a.result.plan.trialWarmupSec ?? 0} s of unmeasured load before each window, warm-up up to ${a.result.plan.warmupSec} s per start; the baseline visited ${a.result.plan.baselineVisits ?? 1} time(s) per scenario and round; targets on ${a.result.plan.runtime}.`,
    `Engines: ${engines(a.result)}. Run on ${runDays([a.result.startedAt, b.result.startedAt])}.`,
    `Generator: run 1 ${generatorLine(a.result)}; run 2 ${generatorLine(b.result)}.`,
    `Idle cores: run 1 ${idleLine(a.result)}; run 2 ${idleLine(b.result)}.`,
    ...(reread
      ? [
          'Re-read from the saved runs (`--from`): their summaries were computed again from their trials by the gauntlet that wrote this page, so every figure below uses its estimators.',
          ...(reread.shortened
            ? [
                `Each run read as if it had measured less: ${reread.shortened} (\`--rounds\`, \`--baseline-visits\`); the wall times are still those of the whole saved runs, and where their time went is left out.`,
              ]
            : []),
        ]
      : []),
    '',
    `| goal | target | reached | |`,
    `|---|---|---|---|`,
    `| pairs ordered alike (medians ≥ ${PAIR_DIFFERENCE * 100} % apart in either run) | ≥ ${pct(GOALS.pairAgreement)} | ${pct(headline.pairAgreement)} | ${mark(headline.pairAgreement >= GOALS.pairAgreement)} |`,
    `| cells whose ratio to the baseline moved ≤ ${RATIO_TOLERANCE * 100} % | ≥ ${pct(GOALS.ratiosHeld)} | ${pct(headline.ratiosHeld)} | ${mark(headline.ratiosHeld >= GOALS.ratiosHeld)} |`,
    `| wall time per run | ≤ ${GOALS.wallSec} s | ${Math.round(a.wallSec)} s, ${Math.round(b.wallSec)} s | ${mark(Math.max(a.wallSec, b.wallSec) <= GOALS.wallSec)} |`,
    '',
    ...noiseLines(headline, a.result),
    ...baselineLines(a.result, b.result),
    ...roundLines(a.result, b.result),
    // a shortened re-read has fewer windows than its runs' record of their time accounts for
    ...(reread?.shortened ? [] : timeLines(a.result, b.result)),
    ...firstRoundsLines(firstRounds),
    '## Per figure',
    '',
    "| figure | pairs counted | ordered alike | cells within 5 % | expected from the runs' noise | median move | a cell's rounds, highest less lowest over the median (median over cells), run 1, run 2 | standard error in run 1, run 2 |",
    '|---|---|---|---|---|---|---|---|',
    ...agreements.map((g) => {
      const counted = g.scenarios.reduce((n, s) => n + s.pairs, 0);
      const errors = g.standardErrors ? `${pct(g.standardErrors[0])}, ${pct(g.standardErrors[1])}` : '–';
      return `| ${g.figure} | ${counted} | ${pct(g.pairAgreement)} | ${pct(g.ratiosHeld)} | ${g.expectedHeld === undefined ? '–' : pct(g.expectedHeld)} | ${pct(g.medianMove)} | ${pct(g.medianSpread[0])}, ${pct(g.medianSpread[1])} | ${errors} |`;
    }),
    '',
    `## Per scenario (${headline.figure})`,
    '',
    '| scenario | pairs counted | ordered alike |',
    '|---|---|---|',
    ...headline.scenarios.map(
      (s) => `| ${s.scenario} | ${s.pairs} | ${s.agreeing} (${pct(s.pairs ? s.agreeing / s.pairs : 1)}) |`,
    ),
    '',
    ...layerLines(a.result, b.result),
    `## Cells, largest move first (${headline.figure})`,
    '',
    '| target | scenario | run 1 | run 2 | move |',
    '|---|---|---|---|---|',
    ...[...headline.cells]
      .sort((x, y) => y.move - x.move)
      .map((c) => `| ${c.target} | ${c.scenario} | ${c.ratioA.toFixed(3)} | ${c.ratioB.toFixed(3)} | ${pct(c.move)} |`),
    '',
  ];
  return lines.join('\n');
}

const STABILITY: BenchCommand = {
  name: 'npm run bench:stability',
  usage: `Usage: npm run bench:stability -- [--label NAME] [--out DIR] [--from RUN1 RUN2 [--rounds N] [--baseline-visits K]] [-- <flags for gauntlet run>]

Runs the default run of gauntlet twice, one after the other, and writes bench/stability/<label>.md
and .json (replacing a label's earlier files): how far the two runs agree (docs/stability.md).
About 10 minutes.

  --label NAME       names the output files (default: default)
  --out DIR          where they go (default: bench/stability/ of this checkout)
  --from RUN1 RUN2   read two saved runs (folders or result.json) instead of running; their
                     summaries are computed again with today's estimators
  --rounds N         with --from: read each run's first N rounds only (what fewer rounds
                     would have measured)
  --baseline-visits K  with --from: keep the baseline's first K visits of each round (its
                     processes 1..K), to see what its other visits bought
  -- <flags>         passed to both runs of gauntlet run, e.g. -- --engine autocannon
`,
  options: ['label', 'out', 'from', 'rounds', 'baseline-visits'],
  lists: ['from'],
  example: 'npm run bench:stability -- --label try -- --repeats 8',
};

runBench(STABILITY, ({ values, lists, positionals, passOn }) => {
  if (positionals.length > 0)
    throw new UserError(
      'GAUNTLET_USAGE',
      `unexpected argument "${positionals[0]}" for ${STABILITY.name}`,
      STABILITY.usage.split('\n')[0],
    );
  const from = lists.from.length > 0 ? lists.from : undefined;
  if (from && from.length !== 2)
    throw new UserError(
      'GAUNTLET_USAGE',
      `--from takes two saved runs, got ${from.length}`,
      'name the folders (or result.json) of the two runs to compare',
    );
  const shortening: Shortening = {
    ...(values.rounds !== undefined && { rounds: positiveCount(values.rounds, '--rounds') }),
    ...(values['baseline-visits'] !== undefined && {
      baselineVisits: positiveCount(values['baseline-visits'], '--baseline-visits'),
    }),
  };
  const shortenedAs = describeShortening(shortening);
  if (!from && shortenedAs)
    throw new UserError(
      'GAUNTLET_USAGE',
      `--rounds and --baseline-visits re-read saved runs, and need --from`,
      'name two saved runs with --from, or pass gauntlet run its own flags after a second --, as in `npm run bench:stability -- -- --repeats 8`',
    );
  const label = values.label ?? 'default';
  const out = resolve(values.out ?? STABILITY_DIR);
  // Saved runs are summarized again from their trials, so an older run is read with today's estimators.
  const resummarized = (result: Result): Result => ({ ...result, summaries: summarize(result) });
  const runs = from
    ? from.map((dir) => measured(resummarized(shortened(loadResult(dir), dir, shortening))))
    : [1, 2].map((n) => {
        const outDir = mkdtempSync(join(tmpdir(), `gauntlet-stability-${n}-`));
        process.stderr.write(
          `stability benchmark ${label}: run ${n} of 2 (gauntlet run ${passOn.join(' ')}) into ${outDir}\n`,
        );
        return runOnce(passOn, outDir);
      });
  const agreements = (Object.keys(figures) as Array<keyof typeof figures>).map((name) =>
    compareRuns(runs[0].result, runs[1].result, name),
  );
  const firstRounds = firstRoundsOf(runs[0].result, runs[1].result);
  const markdown = render(label, runs, agreements, firstRounds, from ? { shortened: shortenedAs } : undefined);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `${label}.md`), markdown);
  writeFileSync(
    join(out, `${label}.json`),
    `${JSON.stringify({ label, runArgs: passOn, ...(shortenedAs && { shortening }), wallSec: runs.map((r) => r.wallSec), runs: runs.map((r) => r.result.id), ...(!shortenedAs && { timeSpent: runs.map((r) => timeSpent(r.result)) }), agreements, firstRounds }, null, 2)}\n`,
  );
  process.stdout.write(`${markdown}\nwritten: ${join(out, `${label}.md`)}\n`);
});
