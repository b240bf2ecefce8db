/**
 * A run of `--cost instructions`: in each round every target is started once under callgrind
 * and each scenario counted in that process, one target at a time (the order alternates between rounds), and instructions.json is
 * rewritten after every count, so a run stopped by Ctrl-C keeps what it counted.
 */
import { mkdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { pinSelf, planCores, tasksetAvailable, allowedCores } from '../proc/pinning.js';
import { gauntletVersion } from '../results/environment.js';
import { runId, writeAtomic } from '../results/store.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { Scenario, Suite } from '../suites/types.js';
import type { Target } from '../targets/registry.js';
import { CountFailure, type CountPlan, countProcess, type ProcessCount } from './count-process.js';
import { COUNTS_FILE, type CountsDocument, countedOnBusyCore } from './count-result.js';
import { callgrindFlags, valgrindVersion } from './valgrind.js';

/**
 * V8 flags every counted target runs with, before the run's own (which carry
 * `--no-memory-reducer` unless `--memory-reducer`: api/cost.ts), each pinned because a count moved
 * without it (docs/instructions.md, "What is pinned, and why"):
 * - the seeds: V8 seeds its hash tables at random in each process; two processes of node:http
 *   counted 0.6 % apart, and 0.2 % with the seeds fixed;
 * - the young generation fixed at 16 MB a semi-space: by default V8 starts it at 1 MB and grows
 *   it (up to 32 MB on a 64-bit machine with this much memory) at a point that varies from process
 *   to process, and every growth takes a level off the count (0http's processes counted 51,000 or
 *   49,700 and stepped between them mid-count). At 16 MB a scavenge falls in every other block of
 *   0http and three processes counted within 0.04 %; at 32 MB, rarer and so less even, 0.4 %;
 * - the memory reducer off, as in timed runs: it decides by allocation per wall-clock millisecond,
 *   and under Valgrind a loaded target allocates so slowly that it looks idle; its
 *   memory-reducing collection shrank nest-express's heap and dropped optimized code mid-count.
 */
export const COUNT_V8_FLAGS = [
  '--hash-seed=1',
  '--random-seed=1',
  '--min-semi-space-size=16',
  '--max-semi-space-size=16',
];

export interface CountRunSettings {
  suite: Suite;
  scenarios: Scenario[];
  targets: Target[];
  baseline: string;
  runtime: Runtime;
  rounds: number;
  plan: CountPlan;
  /** Flags after COUNT_V8_FLAGS: gauntlet's kept-up flags unless --memory-reducer, then the user's. */
  v8Flags?: string[];
  outDir: string;
  pin: boolean;
  log: (line: string) => void;
}

export interface CountRunOutcome {
  document: CountsDocument;
  runDir: string;
  interrupted: boolean;
}

/** A finished count as the run prints it, with what makes it suspect. */
function countLine(scenario: string, count: ProcessCount): string {
  const notes = [
    count.settled ? '' : ' (not levelled off)',
    countedOnBusyCore(count)
      ? ` (on a busy core: others took ${Math.round((count.core?.others ?? 0) * 100)} % of it)`
      : '',
    count.reopened?.redone ? ` (${count.reopened.redone} blocks counted again: connections reopened)` : '',
    count.reopened?.kept ? ` (${count.reopened.kept} blocks with connections reopened kept)` : '',
  ];
  return `  ${scenario}: ${Math.round(count.instructionsPerRequest).toLocaleString('en-US')} instructions/request${notes.join('')}`;
}

/** Round r's order: as given in odd rounds, reversed in even ones, so no target always goes first. */
export function roundOrder<T>(items: T[], round: number): T[] {
  return round % 2 === 1 ? items : [...items].reverse();
}

export async function executeCountRun(settings: CountRunSettings): Promise<CountRunOutcome> {
  const cores = planCores(allowedCores(), tasksetAvailable(), settings.pin, []);
  pinSelf(cores.engine);
  const runDir = join(settings.outDir, runId(settings.suite.name));
  mkdirSync(runDir, { recursive: true });
  const v8Flags = [...COUNT_V8_FLAGS, ...(settings.v8Flags ?? [])];
  const document: CountsDocument = {
    kind: 'instructions',
    gauntletVersion: gauntletVersion(),
    startedAt: new Date().toISOString(),
    complete: false,
    suite: settings.suite.name,
    scenarios: settings.scenarios.map((s) => s.name),
    targets: settings.targets.map((t) => t.name),
    baseline: settings.baseline,
    runtime: { id: settings.runtime.id, version: settings.runtime.version },
    machine: { cpuModel: cpus()[0]?.model?.trim() ?? 'unknown', cores: allowedCores().length },
    valgrind: { version: valgrindVersion(), tool: 'callgrind', flags: callgrindFlags('<dir>') },
    v8Flags,
    rounds: settings.rounds,
    plan: settings.plan,
    counts: [],
    failures: [],
  };
  const save = () => writeAtomic(join(runDir, COUNTS_FILE), `${JSON.stringify(document, null, 2)}\n`);
  save();
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) return;
    settings.log(`\n${signal}: stopping the current count; the counts so far are kept in ${runDir}`);
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const refused = new Set<string>();
  const total = settings.rounds * settings.targets.length;
  let done = 0;
  try {
    for (let round = 1; round <= settings.rounds && !abort.signal.aborted; round++) {
      for (const target of roundOrder(settings.targets, round)) {
        if (abort.signal.aborted) break;
        done++;
        if (refused.has(target.name)) continue;
        settings.log(`[${done}/${total}] round ${round}: ${target.name} under callgrind`);
        try {
          const counts = await countProcess({
            target,
            suite: settings.suite.name,
            scenarios: settings.scenarios,
            runtime: settings.runtime,
            cores: cores.server,
            v8Flags,
            plan: settings.plan,
            signal: abort.signal,
          });
          for (const { scenario, count } of counts) {
            document.counts.push({ target: target.name, scenario, round, ...count });
            settings.log(countLine(scenario, count));
          }
        } catch (error) {
          if (abort.signal.aborted) break; // stopped by the user, not a failure
          const cause = error instanceof CountFailure ? error.failedBy : 'tool';
          for (const scenario of settings.scenarios)
            document.failures.push({
              target: target.name,
              scenario: scenario.name,
              round,
              reason: (error as Error).message,
              cause,
            });
          // A target that answered wrongly or never started is not counted again.
          if (cause !== 'tool') refused.add(target.name);
          settings.log(`  failed: ${(error as Error).message.split('\n')[0]}`);
        }
        save();
      }
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  document.complete = !abort.signal.aborted;
  document.finishedAt = new Date().toISOString();
  save();
  return { document, runDir, interrupted: abort.signal.aborted };
}
