#!/usr/bin/env node
/**
 * One machine against two simulated hosts (`npm run bench:two-hosts`, as root): the same targets
 * measured with everything on one machine and with the targets on a server host reached over SSH
 * (scripts/two-hosts.sh: two network namespaces, a veth pair, a real sshd), the two setups
 * alternated (one, two, two, one, …) so that the machine's drift hits both alike. It reports each
 * setup's ratios to the baseline, CPU per request and latency side by side.
 *
 * Output: bench/two-hosts/<label>.md and .json (default label: one-box-vs-namespaces)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownTable } from 'markdown-table';
import { UserError } from '../core/errors.js';
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
  usage: `npm run bench:two-hosts -- [--targets node-http,fastify,express5] [--runs 2] [--label <name>] [-- <gauntlet run flags>]

As root: measures the targets on one machine and across two simulated hosts (network
namespaces, sshd), alternated --runs times each, and writes bench/two-hosts/<label>.md and .json.
`,
  options: ['targets', 'runs', 'label'],
  example: 'npm run bench:two-hosts -- --runs 2 -- --repeats 4',
};

const SETUPS = ['one machine', 'two hosts'] as const;
type Setup = (typeof SETUPS)[number];

interface Cell {
  target: string;
  /** Per setup, the medians over its runs. */
  figures: Record<Setup, { vsBaseline?: number; cpuVsBaseline?: number; rps?: number; cpuUs?: number; p50Ms?: number }>;
  /** Per setup, each run's ratio to the baseline (req/s), in run order: how far the runs of one setup agree. */
  runs: Record<Setup, number[]>;
}

/** scripts/two-hosts.sh up: its KEY=value lines. */
function hostsUp(dir: string): Record<string, string> {
  const out = execFileSync('bash', [join(projectRoot, 'scripts', 'two-hosts.sh'), 'up', dir], {
    env: { ...process.env, TWO_HOSTS_PREFIX: 'gbench' },
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

function render(cells: Cell[], results: Record<Setup, Result[]>, command: string): string {
  const sample = results['two hosts'][0];
  const server = sample.environment.serverHost;
  const runs = SETUPS.map(
    (s) => `${results[s].length} ${s === 'one machine' ? 'on one machine' : 'across the two hosts'}`,
  );
  const rows = cells.map((cell) => {
    const [one, two] = SETUPS.map((s) => cell.figures[s]);
    return [
      cell.target,
      `${fixed(one.vsBaseline, 3)} (${cell.runs['one machine'].map((r) => r.toFixed(3)).join(', ')})`,
      `${fixed(two.vsBaseline, 3)} (${cell.runs['two hosts'].map((r) => r.toFixed(3)).join(', ')})`,
      fixed(one.cpuVsBaseline, 3),
      fixed(two.cpuVsBaseline, 3),
      `${fixed(one.cpuUs, 1)} → ${fixed(two.cpuUs, 1)} (${change(one.cpuUs, two.cpuUs)})`,
      `${fixed(one.rps, 0)} → ${fixed(two.rps, 0)} (${change(one.rps, two.rps)})`,
      `${fixed(one.p50Ms, 2)} → ${fixed(two.p50Ms, 2)}`,
    ];
  });
  return [
    '# One machine against two simulated hosts',
    '',
    `Measured on ${runDays([...results['one machine'], ...results['two hosts']].map((r) => r.startedAt))}: ${sample.environment.cpuModel}, ${sample.environment.cpuCount} cores; targets on ${sample.plan.runtime}.`,
    `Runs: ${runs.join(' and ')}, alternated. Each: \`${command}\`.`,
    '',
    'The two hosts are network namespaces of this machine joined by a veth pair, the targets started',
    'over a real sshd by `gauntlet agent` on the last core, gauntlet and the load generator on the',
    'other: the same cores as on one machine, but the load crosses a veth pair instead of loopback',
    `and the CPU is read by the agent.${server?.link ? ` Link measured at the start of the first two-host run: ${server.link.rttMs.toFixed(3)} ms round trip, ${Math.round((server.link.bytesPerSec * 8) / 1e6)} Mbit/s.` : ''}`,
    '',
    'Each figure is the median over the setup\'s runs, each run\'s own in brackets. "vs baseline" is req/s over',
    'the baseline\'s in the same rounds (the ranking), "CPU vs" the same for CPU µs per request.',
    '',
    markdownTable([
      [
        'target',
        'vs baseline, one',
        'vs baseline, two',
        'CPU vs, one',
        'CPU vs, two',
        'CPU µs/req, one → two',
        'req/s, one → two',
        'latency p50 ms, one → two',
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
  const targets = (args.values.targets ?? 'node-http,fastify,express5').split(',');
  const runs = positiveCount(args.values.runs ?? '2', '--runs');
  const label = args.values.label ?? 'one-box-vs-namespaces';
  const work = mkdtempSync(join(tmpdir(), 'gauntlet-bench-two-hosts-'));
  const hostsDir = join(work, 'hosts');
  const runFlags = ['--targets', targets.join(','), '--scenarios', 'json', '--quiet', ...args.passOn];
  const results: Record<Setup, Result[]> = { 'one machine': [], 'two hosts': [] };
  const env = hostsUp(hostsDir);
  try {
    for (let run = 0; run < runs; run++) {
      // one, two, then two, one: neither setup always goes first
      const order: Setup[] = run % 2 === 0 ? ['one machine', 'two hosts'] : ['two hosts', 'one machine'];
      for (const setup of order) {
        const out = join(work, `${setup.replace(' ', '-')}-${run + 1}`);
        mkdirSync(out);
        console.error(`${setup}, run ${run + 1} of ${runs}`);
        if (setup === 'one machine') runGauntlet(['run', ...runFlags, '--out', out], out);
        else
          runGauntlet(['run', ...runFlags, '--server-host', env.SERVER, '--out', out], out, undefined, {
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
  writeFileSync(join(folder, `${label}.md`), render(cells, results, command));
  writeFileSync(join(folder, `${label}.json`), `${JSON.stringify({ targets, runs, command, cells }, null, 2)}\n`);
  rmSync(work, { recursive: true, force: true });
  console.error(`written: bench/two-hosts/${label}.md and .json`);
});
