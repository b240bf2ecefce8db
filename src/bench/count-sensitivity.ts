#!/usr/bin/env node
/**
 * What `ab --cost instructions` tells apart on this machine (`npm run bench:counts`): runs it of
 * a version against itself (A/A) and against another (A/B) in turn, and counts how often each
 * calls a difference, what change it measured, and how long a run took.
 *
 * Usage: npm run bench:counts -- --help (COUNT_SENSITIVITY below)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { UserError } from '../core/errors.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownTable } from 'markdown-table';
import { EXIT } from '../core/exit-codes.js';
import { positiveCount } from '../core/option-values.js';
import {
  COUNT_THRESHOLD_PERCENT,
  COUNTS_FILE,
  type CountsDocument,
  countChange,
} from '../instructions/count-result.js';
import { medianOf } from '../stats/describe.js';
import { type CountRunRecord, tallyCountRuns } from './count-tally.js';
import { type BenchCommand, runBench, runGauntlet } from './args.js';
import { BENCH_DIR, runDays } from './outputs.js';

export const COUNT_SENSITIVITY_DIR = join(BENCH_DIR, 'instructions');

const COUNT_SENSITIVITY: BenchCommand = {
  name: 'npm run bench:counts',
  usage: `Usage: npm run bench:counts -- <target> <A> <B> [--runs N] [--label NAME] [--resume] [-- <flags for gauntlet ab>]

Runs \`gauntlet ab <target> <A> <A> --cost instructions\` and \`… <A> <B> …\` in turn, N times
each (default 4), and writes bench/instructions/<label>.md and .json: how often each called a
difference, the change it measured, and the minutes a run took. Both files are rewritten after
every run, so a bench stopped early keeps its runs; --resume continues one of the same target,
A and B up to N runs of each.
`,
  options: ['runs', 'label'],
  switches: ['resume'],
  example: 'npm run bench:counts -- polka polka@1.0.0-next.28 polka@file:/tmp/polka-1pct --runs 4 -- --scenarios json',
};

/** One `ab --cost instructions` run, judged per scenario, and its minutes. */
function abOnce(
  target: string,
  a: string,
  b: string,
  passOn: string[],
  threshold: number,
): Omit<CountRunRecord, 'kind'> {
  const outDir = mkdtempSync(join(tmpdir(), 'gauntlet-count-ab-'));
  const started = Date.now();
  runGauntlet(['ab', target, a, b, '--cost', 'instructions', '--out', outDir, '--quiet', ...passOn], outDir, [
    EXIT.OK,
    EXIT.REGRESSION,
  ]);
  const runDir = join(outDir, readdirSync(outDir)[0]);
  const doc = JSON.parse(readFileSync(join(runDir, COUNTS_FILE), 'utf8')) as CountsDocument;
  const [labelA, labelB] = doc.targets;
  const changes = doc.scenarios.map((scenario) => countChange(doc, labelA, labelB, scenario, threshold));
  return { changes, minutes: (Date.now() - started) / 60_000, v8Flags: doc.v8Flags };
}

/** The runs of an earlier bench of the same target, A and B, to continue (--resume). */
function resumed(
  file: string,
  target: string,
  a: string,
  b: string,
): { records: CountRunRecord[]; startedAt: string[] } {
  if (!existsSync(file)) return { records: [], startedAt: [] };
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    target: string;
    a: string;
    b: string;
    records: CountRunRecord[];
    startedAt?: string[];
  };
  if (saved.target !== target || saved.a !== a || saved.b !== b)
    throw new UserError(
      'GAUNTLET_USAGE',
      `${file} holds a bench of ${saved.target} ${saved.a} ${saved.b}, not of ${target} ${a} ${b}`,
      'resume with the same target, A and B, or choose another --label',
    );
  return { records: saved.records, startedAt: saved.startedAt ?? [] };
}

const pct = (share: number | undefined) => (share === undefined ? '—' : `${(share * 100).toFixed(2)} %`);

function markdown(
  records: CountRunRecord[],
  setup: { target: string; a: string; b: string; threshold: number; days: string; passOn: string[]; runs: number },
): string {
  const done = Math.min(...(['A/A', 'A/B'] as const).map((kind) => records.filter((r) => r.kind === kind).length));
  const partial =
    done < setup.runs
      ? ` So far ${records.length} of the ${2 * setup.runs} runs planned (\`--resume\` continues).`
      : '';
  const rows = (['A/A', 'A/B'] as const).map((kind) => {
    const { runs, cells, called, regressions, changes, medianMinutes } = tallyCountRuns(records, kind);
    return [
      kind,
      String(runs),
      `${called} of ${cells}`,
      `${regressions} of ${cells}`,
      pct(medianOf(changes)),
      changes.length > 0 ? `${pct(Math.min(...changes))} to ${pct(Math.max(...changes))}` : '—',
      medianMinutes.toFixed(1),
    ];
  });
  const flagSets = [...new Set(records.map((r) => (r.v8Flags ? `\`${r.v8Flags.join(' ')}\`` : 'not recorded')))];
  const detail = records.flatMap((r, index) =>
    r.changes.map((c) => [
      String(index + 1),
      r.kind,
      c.scenario,
      pct(c.change),
      c.roundRatios.map((x) => pct(x - 1)).join(', '),
      c.verdict,
      r.minutes.toFixed(1),
    ]),
  );
  return [
    `# What ab --cost instructions tells apart: ${setup.target}`,
    '',
    `Written by \`npm run bench:counts\` (src/bench/count-sensitivity.ts) on ${setup.days}. A: \`${setup.a}\`, B: \`${setup.b}\`; A/A runs put A against a second install of itself. ` +
      `Each run is \`gauntlet ab … --cost instructions${setup.passOn.length > 0 ? ` ${setup.passOn.join(' ')}` : ''}\`; a regression is B counting more than ${pct(setup.threshold)} more instructions per request than A, every round agreeing. The targets' V8 flags: ${flagSets.join(', ')}.${partial}`,
    '',
    markdownTable(
      [
        [
          'runs',
          'n',
          'called different',
          'regressions',
          'median change',
          'changes, lowest to highest',
          'minutes per run',
        ],
        ...rows,
      ],
      { align: ['l', 'r', 'r', 'r', 'r', 'l', 'r'] },
    ),
    '',
    '## Every run',
    '',
    markdownTable([['run', 'kind', 'scenario', 'change', 'rounds (B/A − 1)', 'verdict', 'minutes'], ...detail], {
      align: ['r', 'l', 'l', 'r', 'l', 'l', 'r'],
    }),
    '',
  ].join('\n');
}

runBench(COUNT_SENSITIVITY, (args) => {
  const [target, a, b] = args.positionals;
  if (!target || !a || !b) {
    process.stdout.write(COUNT_SENSITIVITY.usage);
    process.exitCode = EXIT.USAGE;
    return;
  }
  const runs = positiveCount(args.values.runs ?? '4', '--runs');
  const label = args.values.label ?? target;
  const thresholdAt = args.passOn.indexOf('--threshold');
  const threshold = (thresholdAt === -1 ? COUNT_THRESHOLD_PERCENT : Number(args.passOn[thresholdAt + 1])) / 100;
  const jsonFile = join(COUNT_SENSITIVITY_DIR, `${label}.json`);
  const earlier = args.values.resume ? resumed(jsonFile, target, a, b) : undefined;
  const records: CountRunRecord[] = earlier?.records ?? [];
  const startedAt: string[] = earlier?.startedAt ?? [];
  mkdirSync(COUNT_SENSITIVITY_DIR, { recursive: true });
  const write = () => {
    const setup = { target, a, b, threshold, days: runDays(startedAt), passOn: args.passOn, runs };
    writeFileSync(jsonFile, `${JSON.stringify({ ...setup, startedAt, records }, null, 2)}\n`);
    writeFileSync(join(COUNT_SENSITIVITY_DIR, `${label}.md`), markdown(records, setup));
  };
  for (let run = 1; run <= runs; run++) {
    for (const kind of ['A/A', 'A/B'] as const) {
      if (records.filter((r) => r.kind === kind).length >= run) continue; // done before --resume
      console.error(`${kind}, run ${run} of ${runs}`);
      startedAt.push(new Date().toISOString());
      records.push({ kind, ...abOnce(target, a, kind === 'A/A' ? a : b, args.passOn, threshold) });
      write();
    }
  }
  write();
  console.error(`wrote bench/instructions/${label}.md and .json`);
});
