/**
 * Runs a bench suite: per repeat round, every (target, table) in a seeded shuffled order; each
 * gets a fresh child process (own process group, its target's runtime) that runs the table's
 * cases in a shuffled order, one window each. Every trial goes to the journal as it ends;
 * Ctrl-C stops after the current case and still writes the result.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { projectRoot } from '../core/paths.js';
import type { BenchPlan, BenchTrial } from '../model/inproc-schema.js';
import type { Plan } from '../model/schema.js';
import { allowedCores, pinRunning, pinSelf, planCores, tasksetAvailable } from '../proc/pinning.js';
import { machineCpuTicks, othersBusyShare } from '../proc/proc-stat.js';
import { finishRun } from '../results/finish-run.js';
import { collectEnvironment } from '../results/environment.js';
import { pollIdleCores } from '../proc/idle-polling.js';
import { Journal } from '../results/journal.js';
import { JOURNAL_FILE, runId } from '../results/store.js';
import type { ServiceName, Services } from '../backends/services.js';
import { seededRandom, shuffled } from '../stats/random.js';
import type { BenchCase } from '../suites/inproc-types.js';
import type { Suite } from '../suites/types.js';
import { BenchChild, type SampledGroup } from './case-child.js';
import { casesFor, partRunsOn, targetPackageDir, type BenchVariant, type SelectedTable } from './select.js';
import type { RunOutcome } from '../measure/run.js';

export interface BenchRunSettings {
  suite: Suite;
  variants: BenchVariant[];
  unavailable: Array<{ target: string; reason: string }>;
  tables: SelectedTable[];
  repeats: number;
  durationSec: number;
  warmupSec: number;
  seed: number;
  outDir: string;
  pin: boolean;
  /** Make idle cores poll for the run where they halt at once (proc/idle-polling.ts); false: leave them. */
  idlePolling: boolean;
  /** A child per table and round (default), or per case. */
  isolate: 'table' | 'case';
  /** Seconds a case may take to set up before it counts as failed. */
  setupTimeoutSec: number;
  services: Services;
  log: (line: string) => void;
}

function libraryVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(join(projectRoot, 'node_modules', 'tinybench', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  } catch {
    return 'unknown';
  }
}

function packagesOf(variant: BenchVariant): Record<string, string> {
  return Object.fromEntries(
    variant.target.packages.map((pkg) => {
      try {
        const file = join(targetPackageDir(variant.target, pkg) ?? '', 'package.json');
        return [pkg, (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version];
      } catch {
        return [pkg, 'unknown'];
      }
    }),
  );
}

export function benchPlanOf(settings: Pick<BenchRunSettings, 'tables' | 'variants' | 'isolate'>): BenchPlan {
  const parts = [...new Set(settings.tables.map((t) => t.part))];
  return {
    library: { name: 'tinybench', version: libraryVersion() },
    isolate: settings.isolate,
    parts: parts.map((part) => ({
      name: part.name,
      title: part.title,
      services: part.services ?? [],
      tables: settings.tables
        .filter((t) => t.part === part)
        .map(({ table }) => ({
          name: table.name,
          title: table.title,
          reference: table.reference,
          cases: table.cases.map((c) => ({ name: c.name, title: c.title, ...(c.targets && { targets: c.targets }) })),
        })),
    })),
    targets: settings.variants.map((v) => ({
      name: v.name,
      title: v.target.title,
      runtime: v.runtime.id,
      packages: packagesOf(v),
    })),
  };
}

interface Unit {
  round: number;
  variant: BenchVariant;
  selected: SelectedTable;
}

export async function executeBenchRun(settings: BenchRunSettings): Promise<RunOutcome> {
  const usableCores = allowedCores();
  const running = settings.services.running();
  // Services (redis-server, brokers) get their cores from the same plan as for HTTP runs.
  const cores = planCores(
    usableCores,
    tasksetAvailable(),
    settings.pin,
    running.map((s) => s.name),
  );
  pinSelf(cores.engine);
  for (const service of running) pinRunning(service.pid, cores.services);
  const polling = pollIdleCores(settings.idlePolling);
  const id = runId(settings.suite.name);
  const runDir = join(settings.outDir, id);
  mkdirSync(runDir, { recursive: true });
  const bench = benchPlanOf(settings);
  const library = `${bench.library.name} ${bench.library.version}`;
  const flags = `warm-up ${settings.warmupSec} s, ${settings.durationSec} s per window, one call in flight, a child per ${settings.isolate}`;
  const packages: Record<string, string> = { tinybench: bench.library.version };
  for (const v of settings.variants)
    for (const [pkg, version] of Object.entries(packagesOf(v))) packages[`${v.target.name}:${pkg}`] = version;
  const runtimes = [...new Map(settings.variants.map((v) => [v.runtime.id, v.runtime])).values()];
  const environment = collectEnvironment({
    engine: { name: bench.library.name, version: bench.library.version, flags },
    scenarioEngines: undefined,
    pinning: {
      ...cores,
      note: cores.pinned
        ? `bench children on core ${cores.server}, gauntlet on core ${cores.engine}${cores.services ? `, services on core ${cores.services}` : ''}`
        : cores.note,
    },
    allowedCores: usableCores,
    packages,
    runtimes: runtimes.map((r) => ({ id: r.id, name: r.name, version: r.version, source: r.source })),
    idlePolling: polling.record,
    cpuBusyBefore: await othersBusyShare(),
  });
  const plan: Plan = {
    suite: settings.suite.name,
    kind: 'bench',
    targets: [...settings.variants.map((v) => v.name), ...settings.unavailable.map((u) => u.target)],
    scenarios: settings.tables.map((t) => t.table.name),
    runtime: settings.variants.map((v) => `${v.name} on ${v.runtime.name} ${v.runtime.version}`).join(', '),
    repeats: settings.repeats,
    durationSec: settings.durationSec,
    warmupSec: settings.warmupSec,
    connections: 1,
    pipelining: 1,
    engine: library,
    baseline: "each table's reference row",
    seed: settings.seed,
    bench,
  };
  const journal = Journal.create(join(runDir, JOURNAL_FILE), {
    id,
    startedAt: new Date().toISOString(),
    environment,
    plan,
    targets: settings.variants.map((v) => ({
      name: v.name,
      title: `${v.target.title} on ${v.runtime.name} ${v.runtime.version}`,
      description: v.target.description,
      router: false,
      homepage: v.target.homepage,
      features: [],
      packages: packagesOf(v),
      runtime: { id: v.runtime.id, name: v.runtime.name, version: v.runtime.version },
    })),
    unavailable: settings.unavailable,
  });

  const ticksBefore = machineCpuTicks();
  const random = seededRandom(settings.seed);
  const units: Unit[] = [];
  for (let round = 1; round <= settings.repeats; round++) {
    const pairs = settings.variants.flatMap((variant) =>
      settings.tables.filter((t) => partRunsOn(t.part, variant)).map((selected) => ({ variant, selected })),
    );
    for (const pair of shuffled(pairs, random)) units.push({ round, ...pair });
  }
  const abort = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (abort.signal.aborted) return;
    settings.log(`\n${signal}: stopping after the current case; finished trials are kept in ${runDir}`);
    abort.abort(new Error(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let index = 0;
  /** Cases that answered wrongly or could not be set up: not run again. */
  const broken = new Set<string>();
  let child: BenchChild | undefined;
  const timeMs = settings.durationSec * 1000;
  const warmupMs = settings.warmupSec * 1000;
  const caseTimeoutMs = warmupMs + timeMs * 3 + settings.setupTimeoutSec * 1000;
  try {
    for (const [u, unit] of units.entries()) {
      if (abort.signal.aborted) break;
      const { variant, selected, round } = unit;
      const cases = shuffled(casesFor(selected, variant), random);
      settings.log(`[${u + 1}/${units.length}] round ${round} ${variant.name} ${selected.table.name}`);
      for (const c of cases) {
        if (abort.signal.aborted) break;
        const key = `${variant.name}\u0000${selected.table.name}\u0000${c.name}`;
        if (broken.has(key)) continue;
        if (!child?.alive()) child = new BenchChild(variant.runtime, cores.server, { GAUNTLET_BENCH: '1' });
        const trial = await runOne(settings, child, unit, c, { warmupMs, timeMs, caseTimeoutMs });
        const indexed: BenchTrial = { ...trial, index: index++ };
        journal.benchTrial(indexed);
        settings.log(
          `    ${c.title}: ${indexed.measurement ? `${Math.round(indexed.measurement.opsPerSec).toLocaleString('en-US')} ops/s` : `failed: ${indexed.reason?.split('\n')[0]}`}`,
        );
        if (indexed.wrongAnswer || /^set-up failed|has no case/.test(indexed.reason ?? '')) broken.add(key);
        if (settings.isolate === 'case' || indexed.status === 'failed') {
          await child.stop();
          child = undefined;
        }
      }
      await child?.stop();
      child = undefined;
    }
  } finally {
    await child?.stop();
    polling.restore();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const { result, interrupted } = finishRun(journal, runDir, abort.signal, ticksBefore);
  return { result, runDir, interrupted };
}

async function runOne(
  settings: BenchRunSettings,
  child: BenchChild,
  unit: Unit,
  c: BenchCase,
  limits: { warmupMs: number; timeMs: number; caseTimeoutMs: number },
): Promise<Omit<BenchTrial, 'index'>> {
  const { variant, selected, round } = unit;
  const startedAt = new Date().toISOString();
  const measured: ServiceName[] = c.measureServices ?? [];
  const sampled: SampledGroup[] = measured.flatMap((name) => {
    // A service's process leads its own process group: its pid is the group's id.
    const pgid = settings.services.running().find((s) => s.name === name)?.pid;
    return pgid === undefined ? [] : [{ name, pgid }];
  });
  const serviceUrls = Object.fromEntries(
    (selected.part.services ?? []).map((name) => [name, settings.services.url(name)]),
  );
  const outcome = await child.runCase(
    {
      module: isAbsolute(selected.part.module)
        ? selected.part.module
        : join(projectRoot, 'dist', 'src', selected.part.module),
      factory: c.factory ?? c.name,
      target: variant.target.name,
      packageRoot: join(projectRoot, variant.target.packageRoot),
      services: serviceUrls,
      options: { ...selected.table.options, ...c.options },
      warmupMs: limits.warmupMs,
      timeMs: limits.timeMs,
    },
    sampled,
    limits.caseTimeoutMs,
  );
  const base = {
    kind: 'bench' as const,
    round,
    target: variant.name,
    part: selected.part.name,
    scenario: selected.table.name,
    case: c.name,
    startedAt,
    childPid: child.pid,
    runtime: { id: variant.runtime.id, name: variant.runtime.name, version: variant.runtime.version },
  };
  if (!outcome.ok || !outcome.samples) {
    return {
      ...base,
      status: 'failed',
      reason: outcome.reason ?? 'failed',
      ...(outcome.wrongAnswer && { wrongAnswer: true }),
    };
  }
  const { samples } = outcome;
  const cpuSeconds = outcome.cpuSeconds ?? 0;
  const windowMs = outcome.windowMs ?? samples.wallMs;
  const perOp = (seconds: number) => (samples.ops > 0 ? (seconds * 1e9) / samples.ops : 0);
  return {
    ...base,
    status: 'ok',
    measurement: {
      ...samples,
      windowMs,
      cpuSeconds,
      cpuNsPerOp: perOp(cpuSeconds),
      cpuCores: windowMs > 0 ? cpuSeconds / (windowMs / 1000) : 0,
      ...(Object.keys(outcome.serviceCpuSeconds ?? {}).length > 0 && {
        services: Object.fromEntries(
          Object.entries(outcome.serviceCpuSeconds!).map(([name, s]) => [
            name,
            { cpuSeconds: s, cpuNsPerOp: perOp(s) },
          ]),
        ),
      }),
    },
    ...(outcome.facts && { facts: outcome.facts }),
  };
}
