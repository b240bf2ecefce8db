#!/usr/bin/env node
/**
 * What `ab` can tell apart on this machine (`npm run bench:ab`): runs `ab` of a version against
 * itself (A/A) and against another (A/B) in turn, and judges every run's trials twice, round by
 * round (the signed-rank test `ab` uses) and as two samples (Mann-Whitney, what `compare` uses
 * and `ab` used before): how often each calls a difference where there is none, how often it
 * sees the one there is, and how far its estimate of the change moves from run to run.
 *
 * Usage: npm run bench:ab -- --help (AB_SENSITIVITY below)
 */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compareCells, pairsWithinRun, type CellComparison } from '../compare/cells.js';
import { FIGURES } from '../compare/figures.js';
import { UserError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { positiveCount } from '../core/option-values.js';
import { AB_SENSITIVITY_DIR, runDays } from './outputs.js';
import type { Result } from '../model/schema.js';
import { changeWithInterval, signedPercent } from '../report/comparison-render.js';
import { loadResult } from '../results/store.js';
import { type BenchCommand, runBench, runGauntlet } from './args.js';
import { sampleStandardDeviation } from 'simple-statistics';
import { medianOf } from '../stats/describe.js';

const GATED = ['rps', 'cpu'];
const THRESHOLD = 0.05;
const METHODS = [
  { key: 'signed-rank', title: 'rounds paired: Wilcoxon signed-rank (`ab` now)', byRound: true },
  { key: 'mann-whitney', title: 'two samples: Mann-Whitney (`ab` before)', byRound: false },
] as const;

function abOnce(target: string, a: string, b: string, abArgs: string[]): string {
  const outDir = mkdtempSync(join(tmpdir(), 'gauntlet-ab-'));
  // 0: no regression, 1: a regression; anything else means the run did not compare.
  runGauntlet(['ab', target, a, b, '--out', outDir, ...abArgs], outDir, [EXIT.OK, EXIT.REGRESSION]);
  return join(outDir, readdirSync(outDir)[0]);
}

/** Every gated cell of one ab run, judged both ways. */
function judged(result: Result): Record<string, CellComparison[]> {
  const labelA = result.plan.baseline;
  const labelB = result.plan.targets.find((t) => t !== labelA)!;
  const pairs = pairsWithinRun(result.trials, labelA, labelB, result.plan.suite);
  const figures = FIGURES.filter((f) => GATED.includes(f.key));
  return Object.fromEntries(
    METHODS.map((m) => [
      m.key,
      compareCells(
        pairs.map((p) => ({ ...p, byRound: m.byRound })),
        figures,
        GATED,
        THRESHOLD,
      ),
    ]),
  );
}

const pct = (share: number) => `${(share * 100).toFixed(0)} %`;

interface MethodFigures {
  called: number;
  regressions: number;
  cells: number;
  medianWidth: number;
  medianChange: number;
  changeSpread: number;
}

function summarizeMethod(cells: CellComparison[]): MethodFigures {
  const changes = cells.map((c) => c.change);
  return {
    cells: cells.length,
    called: cells.filter((c) => c.verdict !== 'no-difference').length / Math.max(1, cells.length),
    regressions: cells.filter((c) => c.regression).length / Math.max(1, cells.length),
    medianWidth: medianOf(cells.map((c) => c.interval[1] - c.interval[0])) ?? 0,
    medianChange: medianOf(changes) ?? 0,
    changeSpread: cells.length > 1 ? sampleStandardDeviation(changes) : 0,
  };
}

function render(label: string, same: Result[], other: Result[]): { markdown: string; json: unknown } {
  const all = (results: Result[], method: string, figure: string) =>
    results.flatMap((r) => judged(r)[method]).filter((c) => c.figure === figure);
  const rows = METHODS.flatMap((m) =>
    GATED.map((figure) => ({
      method: m,
      figure: FIGURES.find((f) => f.key === figure)!.label,
      same: summarizeMethod(all(same, m.key, figure)),
      other: summarizeMethod(all(other, m.key, figure)),
    })),
  );
  const first = same[0] ?? other[0];
  const env = first.environment;
  const plan = first.plan;
  const lines = [
    `# What ab tells apart: ${label}`,
    '',
    `${same.length} A/A runs (\`${same[0]?.plan.targets.join('` against `') ?? '—'}\`) and ${other.length} A/B runs (\`${other[0]?.plan.targets.join('` against `') ?? '—'}\`), alternated, ` +
      `on ${env.cpuModel}, ${env.cpuCount} cores; suite ${plan.suite}, scenarios ${plan.scenarios.join(', ')}, ${plan.repeats} rounds of ${plan.durationSec} s windows${plan.processes ? `, each side in ${plan.processes} processes` : ''}, targets on ${plan.runtime}; ` +
      `run on ${runDays([...same, ...other].map((r) => r.startedAt))}. ` +
      `A cell is one scenario's figure in one run; a regression is a cell called worse by more than ${THRESHOLD * 100} %. ` +
      "The spread between runs is the standard deviation of the A/B change over the runs and scenarios: how far one run's estimate can be trusted.",
    '',
    '| test | figure | A/A: called different | A/A: regressions | A/B: called different | A/B: regressions | A/B change: median, spread between runs | median interval width (A/A, A/B) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      ({ method, figure, same: s, other: o }) =>
        `| ${method.title} | ${figure} | ${pct(s.called)} of ${s.cells} | ${pct(s.regressions)} | ${pct(o.called)} of ${o.cells} | ${pct(o.regressions)} | ` +
        `${signedPercent(o.medianChange)}, ± ${(o.changeSpread * 100).toFixed(1)} points | ${(s.medianWidth * 100).toFixed(1)}, ${(o.medianWidth * 100).toFixed(1)} points |`,
    ),
    '',
    '## A/B runs, cell by cell',
    '',
    '| run | scenario | figure | paired change [interval] | p | two samples change [interval] | p |',
    '|---|---|---|---|---|---|---|',
  ];
  other.forEach((result, index) => {
    const { 'signed-rank': paired, 'mann-whitney': samples } = judged(result);
    paired.forEach((cell, i) => {
      const twin = samples[i];
      lines.push(
        `| ${index + 1} | ${cell.scenario} | ${cell.figureLabel} | ${changeWithInterval(cell)} | ${cell.pValue.toFixed(3)} | ` +
          `${changeWithInterval(twin)} | ${twin.pValue.toFixed(3)} |`,
      );
    });
  });
  const json = {
    label,
    runs: { same: same.map((r) => r.id), other: other.map((r) => r.id) },
    methods: rows.map(({ method, figure, same: s, other: o }) => ({ test: method.key, figure, aa: s, ab: o })),
  };
  return { markdown: `${lines.join('\n')}\n`, json };
}

const AB_SENSITIVITY: BenchCommand = {
  name: 'npm run bench:ab',
  usage: `Usage: npm run bench:ab -- <target> <A> <B> [--runs N] [--label NAME] [--out DIR] [-- <flags for gauntlet ab>]
       npm run bench:ab -- [--label NAME] --from <A/A run folders…> --vs <A/B run folders…>

Runs gauntlet ab of A against itself and of A against B, alternated, N times each, and writes
bench/ab-sensitivity/<label>.md and .json (replacing a label's earlier files): how often each
test calls a difference where there is none, how often it sees the one there is (docs/ab.md).

  --runs N        A/A and A/B runs each (default 6)
  --label NAME    names the output files (default: default)
  --out DIR       where they go (default: bench/ab-sensitivity/ of this checkout)
  --from, --vs    read saved A/A and A/B runs instead of running
  -- <flags>      passed to every gauntlet ab, e.g. -- --repeats 8
`,
  options: ['runs', 'label', 'out', 'from', 'vs'],
  lists: ['from', 'vs'],
  example: 'npm run bench:ab -- polka polka@1.0.0-next.28 polka@file:../polka --runs 4 -- --repeats 8',
};

runBench(AB_SENSITIVITY, ({ values, lists, positionals, passOn }) => {
  const saved = lists.from.length > 0 || lists.vs.length > 0;
  if (saved ? lists.from.length === 0 || lists.vs.length === 0 || positionals.length > 0 : positionals.length !== 3)
    throw new UserError(
      'GAUNTLET_USAGE',
      saved
        ? `--from and --vs each take saved runs, and nothing else is read with them (got ${lists.from.length} and ${lists.vs.length}${positionals.length > 0 ? `, and "${positionals[0]}"` : ''})`
        : `${AB_SENSITIVITY.name} takes a target and two versions, got ${positionals.length} argument(s)`,
      AB_SENSITIVITY.usage.split('\n').slice(0, 2).join('\n  '),
    );
  const runs = positiveCount(values.runs ?? '6', '--runs');
  const label = values.label ?? 'default';
  const out = resolve(values.out ?? AB_SENSITIVITY_DIR);
  let same: string[] = lists.from;
  let other: string[] = lists.vs;
  if (!saved) {
    const [target, a, b] = positionals;
    same = [];
    other = [];
    for (let i = 1; i <= runs; i++) {
      console.error(`run ${i} of ${runs}: ${a} against itself, then against ${b}`);
      same.push(abOnce(target, a, a, passOn));
      other.push(abOnce(target, a, b, passOn));
    }
  }
  const { markdown, json } = render(label, same.map(loadResult), other.map(loadResult));
  mkdirSync(out, { recursive: true });
  const base = join(out, label);
  writeFileSync(`${base}.md`, markdown);
  writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  console.log(markdown);
  console.error(`written: ${base}.md, ${base}.json`);
});
