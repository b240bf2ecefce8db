#!/usr/bin/env node
/**
 * What `ab` can tell apart on this machine (`npm run bench:ab`): runs `ab` of a version against
 * itself (A/A) and against another (A/B) in turn, and judges every run's trials twice, round by
 * round (the signed-rank test `ab` uses) and as two samples (Mann-Whitney, what `compare` uses
 * and `ab` used before): how often each calls a difference where there is none, how often it
 * sees the one there is, and how far its estimate of the change moves from run to run.
 *
 * Usage: npm run bench:ab -- <target> <A> <B> [--runs N] [--label NAME] [--out DIR] [-- <flags for gauntlet ab>]
 *        npm run bench:ab -- --label again --from <A/A run folders…> --vs <A/B run folders…>   (no new runs)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compareCells, pairsWithinRun, type CellComparison } from '../compare/cells.js';
import { FIGURES } from '../compare/figures.js';
import { ignoreClosedPipes } from '../core/closed-pipes.js';
import { projectRoot } from '../core/paths.js';
import type { Result } from '../model/schema.js';
import { changeWithInterval, signedPercent } from '../report/comparison-render.js';
import { loadResult } from '../results/store.js';
import { sampleStandardDeviation } from 'simple-statistics';
import { medianOf } from '../stats/describe.js';

const GATED = ['rps', 'cpu'];
const THRESHOLD = 0.05;
const METHODS = [
  { key: 'signed-rank', title: 'rounds paired: Wilcoxon signed-rank (`ab` now)', byRound: true },
  { key: 'mann-whitney', title: 'two samples: Mann-Whitney (`ab` before)', byRound: false },
] as const;

interface Args {
  label: string;
  out: string;
  runs: number;
  abArgs: string[];
  versions?: [string, string, string];
  from?: { same: string[]; other: string[] };
}

function parseArgs(argv: string[]): Args {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const value = (flag: string) => {
    const at = own.indexOf(flag);
    return at === -1 ? undefined : own[at + 1];
  };
  const listAfter = (flag: string) => {
    const at = own.indexOf(flag);
    if (at === -1) return [];
    const rest = own.slice(at + 1);
    const end = rest.findIndex((a) => a.startsWith('--'));
    return end === -1 ? rest : rest.slice(0, end);
  };
  const positional = own.filter((a, i) => !a.startsWith('--') && (i === 0 || !own[i - 1].startsWith('--')));
  const from = listAfter('--from');
  return {
    label: value('--label') ?? 'default',
    out: resolve(value('--out') ?? join(projectRoot, 'bench')),
    runs: Number(value('--runs') ?? 6),
    abArgs: split === -1 ? [] : argv.slice(split + 1),
    ...(positional.length >= 3 && { versions: positional.slice(0, 3) as [string, string, string] }),
    ...(from.length > 0 && { from: { same: from, other: listAfter('--vs') } }),
  };
}

function abOnce(target: string, a: string, b: string, abArgs: string[]): string {
  const outDir = mkdtempSync(join(tmpdir(), 'gauntlet-ab-'));
  const child = spawnSync(
    process.execPath,
    [join(projectRoot, 'dist/src/cli/main.js'), 'ab', target, a, b, '--out', outDir, ...abArgs],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  // 0: no regression, 1: a regression; anything else means the run did not compare.
  if (child.status !== 0 && child.status !== 1)
    throw new Error(`gauntlet ab exited with ${child.status ?? child.signal}`);
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
      `gauntlet ${env.gitCommit?.slice(0, 10) ?? '?'}${env.gitDirty ? ' (modified tree)' : ''}. ` +
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

ignoreClosedPipes();
const args = parseArgs(process.argv.slice(2));
let same: string[];
let other: string[];
if (args.from) {
  same = args.from.same;
  other = args.from.other;
} else if (args.versions) {
  const [target, a, b] = args.versions;
  same = [];
  other = [];
  for (let i = 1; i <= args.runs; i++) {
    console.error(`run ${i} of ${args.runs}: ${a} against itself, then against ${b}`);
    same.push(abOnce(target, a, a, args.abArgs));
    other.push(abOnce(target, a, b, args.abArgs));
  }
} else {
  console.error(
    'usage: npm run bench:ab -- <target> <A> <B> [--runs N] [--label NAME] [-- <ab flags>]  |  --from <A/A runs…> --vs <A/B runs…>',
  );
  process.exit(2);
}
const { markdown, json } = render(args.label, same.map(loadResult), other.map(loadResult));
mkdirSync(args.out, { recursive: true });
const base = join(args.out, `ab-sensitivity-${args.label}`);
writeFileSync(`${base}.md`, markdown);
writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
console.log(markdown);
console.error(`written: ${base}.md, ${base}.json`);
