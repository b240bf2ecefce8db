#!/usr/bin/env node
/**
 * Two setups of simulated hosts against each other (`npm run bench:two-hosts`, as root), the
 * same targets measured in both, alternated (A, B, B, A, …) so that the machine's drift hits
 * both alike; each setup's ratios to the baseline, CPU per request and latency side by side.
 *   --compare server (default): everything on one machine, against the targets on a server host
 *     reached over SSH (scripts/two-hosts.sh: two network namespaces, a veth pair, a real sshd).
 *   --compare load: the targets on the server host both times, the k6 load from one load host
 *     against the same load split over two (--load-hosts; a third namespace).
 *
 * Output: bench/two-hosts/<label>.md (default label: one-box-vs-namespaces, or one-vs-two-load-hosts).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownTable } from 'markdown-table';
import { unknownValue, UserError } from '../core/errors.js';
import { positiveCount } from '../core/option-values.js';
import { twoHostsLines } from './two-hosts-lines.js';
import { projectRoot } from '../core/paths.js';
import type { Result } from '../model/schema.js';
import { loadResult } from '../results/store.js';
import { medianOf } from '../stats/describe.js';
import { type BenchCommand, runBench, runGauntlet } from './args.js';
import { BENCH_DIR, runDays } from './outputs.js';

const TWO_HOSTS: BenchCommand = {
  name: 'npm run bench:two-hosts',
  usage: `npm run bench:two-hosts -- [--compare server|load] [--targets node-http,fastify,express5] [--runs 2] [--label <name>] [-- <gauntlet run flags>]

As root: measures the targets in two setups of simulated hosts (network namespaces, sshd),
alternated --runs times each, and writes bench/two-hosts/<label>.md. --compare server
(default): one machine against the targets on a server host; --compare load: the k6 load from one
load host against the same load split over two.
`,
  options: ['compare', 'targets', 'runs', 'label'],
  example: 'npm run bench:two-hosts -- --runs 2 -- --repeats 4',
};

/** The two setups, A then B. */
const SETUPS = ['A', 'B'] as const;
type Setup = (typeof SETUPS)[number];

/** What one comparison measures: its setups' names and gauntlet flags, and what the page says of them. */
interface Comparison {
  title: string;
  label: string;
  /** Each setup's name, as the table's columns say it. */
  names: Record<Setup, string>;
  /** Load hosts scripts/two-hosts.sh makes: 1, or 2 for a second load namespace. */
  loadHosts: 1 | 2;
  /** Each setup's own flags; `across`: run from the load namespace, over ssh. */
  flags(env: Record<string, string>): Record<Setup, { flags: string[]; across: boolean }>;
  /** The paragraph on what differs between the setups. */
  about(sample: Result): string[];
}

const linkLine = (sample: Result) => {
  const link = sample.environment.serverHost?.link;
  return link
    ? ` Link measured at the start of a run: ${link.rttMs.toFixed(3)} ms round trip, ${Math.round((link.bytesPerSec * 8) / 1e6)} Mbit/s.`
    : '';
};

const COMPARISONS: Record<string, Comparison> = {
  server: {
    title: 'One machine against two simulated hosts',
    label: 'one-box-vs-namespaces',
    names: { A: 'one machine', B: 'two hosts' },
    loadHosts: 1,
    flags: (env) => ({
      A: { flags: [], across: false },
      B: { flags: ['--server-host', env.SERVER], across: true },
    }),
    about: (sample) => [
      'The two hosts are network namespaces of this machine joined by a veth pair, the targets started',
      'over a real sshd by `gauntlet agent` on the last core, gauntlet and the load generator on the',
      'other: the same cores as on one machine, but the load crosses a veth pair instead of loopback',
      `and the CPU is read by the agent.${linkLine(sample)}`,
    ],
  },
  load: {
    title: 'One k6 load host against the same load split over two',
    label: 'one-vs-two-load-hosts',
    names: { A: 'one k6', B: 'two k6' },
    loadHosts: 2,
    flags: (env) => ({
      A: { flags: ['--server-host', env.SERVER, '--engine', 'k6'], across: true },
      B: { flags: ['--server-host', env.SERVER, '--load-hosts', env.LOAD_HOSTS], across: true },
    }),
    about: (sample) => [
      'The targets run on a server host (a network namespace on the last core, reached over a real',
      'sshd) both times. "one k6" sends the load from the namespace gauntlet runs in; "two k6" splits',
      'it over two load hosts (that namespace and a third, each with its own sshd and agent, on one',
      'bridge) with execution segments, started together and merged. Both load hosts share the',
      "same cores, so this checks that a split load measures what one load does, not a second host's",
      `capacity.${linkLine(sample)}`,
    ],
  },
};

interface Cell {
  target: string;
  /** Per setup, the medians over its runs. */
  figures: Record<Setup, { vsBaseline?: number; cpuVsBaseline?: number; rps?: number; cpuUs?: number; p50Ms?: number }>;
  /** Per setup, each run's ratio to the baseline (req/s), in run order: how far the runs of one setup agree. */
  runs: Record<Setup, number[]>;
}

/** scripts/two-hosts.sh up: its KEY=value lines. */
function hostsUp(dir: string, loadHosts: 1 | 2): Record<string, string> {
  const out = execFileSync('bash', [join(projectRoot, 'scripts', 'two-hosts.sh'), 'up', dir], {
    env: { ...process.env, TWO_HOSTS_PREFIX: 'gbench', TWO_HOSTS_LOAD_HOSTS: String(loadHosts) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return Object.fromEntries(twoHostsLines(out));
}

function cellsOf(results: Record<Setup, Result[]>, targets: string[]): Cell[] {
  return targets.map((target) => {
    const figures = {} as Cell['figures'];
    const runs = {} as Cell['runs'];
    for (const setup of SETUPS) {
      const summaries = results[setup].flatMap((r) => r.summaries.filter((s) => s.target === target));
      const each = (pick: (s: (typeof summaries)[number]) => number | undefined) =>
        summaries.map(pick).filter((v): v is number => v !== undefined);
      const median = (pick: Parameters<typeof each>[0]) => medianOf(each(pick));
      runs[setup] = each((s) => s.baselineRatios?.requestsPerSec?.estimate ?? s.ratioToBaseline);
      figures[setup] = {
        vsBaseline: medianOf(runs[setup]),
        cpuVsBaseline: median((s) => s.baselineRatios?.cpuUsPerRequest?.estimate),
        rps: median((s) => s.requestsPerSec?.median),
        cpuUs: median((s) => s.cpuUsPerRequest?.median),
        p50Ms: median((s) => s.latencyMs?.p50),
      };
    }
    return { target, figures, runs };
  });
}

const fixed = (value: number | undefined, digits: number) => (value === undefined ? '–' : value.toFixed(digits));
const change = (a?: number, b?: number) =>
  a === undefined || b === undefined ? '–' : `${b >= a ? '+' : '−'}${Math.abs((b / a - 1) * 100).toFixed(1)} %`;

function render(comparison: Comparison, cells: Cell[], results: Record<Setup, Result[]>, command: string): string {
  const sample = results.B[0];
  const { A: a, B: b } = comparison.names;
  const rows = cells.map((cell) => {
    const [one, two] = SETUPS.map((s) => cell.figures[s]);
    return [
      cell.target,
      `${fixed(one.vsBaseline, 3)} (${cell.runs.A.map((r) => r.toFixed(3)).join(', ')})`,
      `${fixed(two.vsBaseline, 3)} (${cell.runs.B.map((r) => r.toFixed(3)).join(', ')})`,
      fixed(one.cpuVsBaseline, 3),
      fixed(two.cpuVsBaseline, 3),
      `${fixed(one.cpuUs, 1)} → ${fixed(two.cpuUs, 1)} (${change(one.cpuUs, two.cpuUs)})`,
      `${fixed(one.rps, 0)} → ${fixed(two.rps, 0)} (${change(one.rps, two.rps)})`,
      `${fixed(one.p50Ms, 2)} → ${fixed(two.p50Ms, 2)}`,
    ];
  });
  return [
    `# ${comparison.title}`,
    '',
    `Measured on ${runDays([...results.A, ...results.B].map((r) => r.startedAt))}: ${sample.environment.cpuModel}, ${sample.environment.cpuCount} cores; targets on ${sample.plan.runtime}.`,
    `Runs: ${results.A.length} "${a}" and ${results.B.length} "${b}", alternated. Each: \`${command}\` and the setup's own flags.`,
    '',
    ...comparison.about(sample),
    '',
    'Each figure is the median over the setup\'s runs, each run\'s own in brackets. "vs baseline" is req/s over',
    'the baseline\'s in the same rounds (the ranking), "CPU vs" the same for CPU µs per request.',
    '',
    markdownTable([
      [
        'target',
        `vs baseline, ${a}`,
        `vs baseline, ${b}`,
        `CPU vs, ${a}`,
        `CPU vs, ${b}`,
        `CPU µs/req, ${a} → ${b}`,
        `req/s, ${a} → ${b}`,
        `latency p50 ms, ${a} → ${b}`,
      ],
      ...rows,
    ]),
    '',
  ].join('\n');
}

runBench(TWO_HOSTS, (args) => {
  if (process.getuid?.() !== 0)
    throw new UserError(
      'GAUNTLET_USAGE',
      'bench:two-hosts builds network namespaces: run it as root',
      'sudo npm run bench:two-hosts',
    );
  const name = args.values.compare ?? 'server';
  const comparison = COMPARISONS[name];
  if (!comparison) throw unknownValue('comparison', name, Object.keys(COMPARISONS), '--compare');
  const targets = (args.values.targets ?? 'node-http,fastify,express5').split(',');
  const runs = positiveCount(args.values.runs ?? '2', '--runs');
  const label = args.values.label ?? comparison.label;
  const work = mkdtempSync(join(tmpdir(), 'gauntlet-bench-two-hosts-'));
  const hostsDir = join(work, 'hosts');
  const runFlags = ['--targets', targets.join(','), '--scenarios', 'json', '--quiet', ...args.passOn];
  const results: Record<Setup, Result[]> = { A: [], B: [] };
  const env = hostsUp(hostsDir, comparison.loadHosts);
  const setups = comparison.flags(env);
  try {
    for (let run = 0; run < runs; run++) {
      // A, B, then B, A: neither setup always goes first
      const order: Setup[] = run % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
      for (const setup of order) {
        const out = join(work, `${setup}-${run + 1}`);
        mkdirSync(out);
        console.error(`${comparison.names[setup]}, run ${run + 1} of ${runs}`);
        const { flags, across } = setups[setup];
        const gauntletArgs = ['run', ...runFlags, ...flags, '--out', out];
        if (!across) runGauntlet(gauntletArgs, out);
        else
          runGauntlet(gauntletArgs, out, undefined, {
            prefix: ['ip', 'netns', 'exec', env.LOAD_NS, 'taskset', '-c', env.LOAD_CORES],
            env: { GAUNTLET_SSH_COMMAND: `ssh -F ${env.SSH_CONFIG}` },
          });
        results[setup].push(loadResult(join(out, readdirSync(out)[0])));
      }
    }
  } finally {
    execFileSync('bash', [join(projectRoot, 'scripts', 'two-hosts.sh'), 'down', hostsDir], {
      env: { ...process.env, TWO_HOSTS_PREFIX: 'gbench' },
      stdio: 'inherit',
    });
  }
  const cells = cellsOf(results, targets);
  const folder = join(BENCH_DIR, 'two-hosts');
  mkdirSync(folder, { recursive: true });
  const command = `gauntlet run ${runFlags.join(' ')}`;
  writeFileSync(join(folder, `${label}.md`), render(comparison, cells, results, command));
  rmSync(work, { recursive: true, force: true });
  console.error(`written: bench/two-hosts/${label}.md`);
});
