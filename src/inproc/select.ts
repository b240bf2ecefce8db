/**
 * What a bench run measures: the parts and tables named (--scenarios takes either), and each
 * target (a framework line) on the runtimes it can run on. Without --runtime, every line runs
 * on its own default runtime (Moleculer 0.15 on node@24, 0.14 on node@20).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UserError, unknownValue } from '../core/errors.js';
import { findPackageDir, projectRoot } from '../core/paths.js';
import { DEFAULT_RUNTIME_ID, runtimeLabel } from '../runtimes/known-runtimes.js';
import { resolveRuntimes } from '../runtimes/resolve-runtime.js';
import type { Runtime } from '../runtimes/runtime.js';
import type { BenchPart, BenchSpec, BenchTable, BenchTarget } from '../suites/inproc-types.js';

export interface BenchVariant {
  /** The name in the run: the target's, with `@node20` when a run has several runtimes. */
  name: string;
  target: BenchTarget;
  runtime: Runtime;
}

export interface SelectedTable {
  part: BenchPart;
  table: BenchTable;
}

export function selectTables(spec: BenchSpec, names: string[] | undefined): SelectedTable[] {
  const all = spec.parts.flatMap((part) => part.tables.map((table) => ({ part, table })));
  const wanted = names ?? spec.defaultParts ?? spec.parts.map((p) => p.name);
  const valid = [...spec.parts.map((p) => p.name), ...all.map((t) => t.table.name)];
  for (const name of wanted) if (!valid.includes(name)) throw unknownValue('part or table', name, valid, '--scenarios');
  return all.filter(({ part, table }) => wanted.includes(part.name) || wanted.includes(table.name));
}

/** The folder a package of the target loads from: its own node_modules first, then the ones above (npm may hoist). */
export function targetPackageDir(target: BenchTarget, pkg: string): string | undefined {
  return findPackageDir(pkg, join(projectRoot, target.packageRoot));
}

function installed(target: BenchTarget): boolean {
  return (
    existsSync(join(projectRoot, target.packageRoot)) &&
    target.packages.every((pkg) => targetPackageDir(target, pkg) !== undefined)
  );
}

/** The targets on their runtimes; what cannot run (not installed, runtime too old or missing) is listed with why. */
export async function selectVariants(
  spec: BenchSpec,
  names: string[] | undefined,
  runtimeIds: string[] | undefined,
  install: boolean,
  log: (line: string) => void,
): Promise<{ variants: BenchVariant[]; unavailable: Array<{ target: string; reason: string }> }> {
  const valid = spec.targets.map((t) => t.name);
  for (const name of names ?? []) if (!valid.includes(name)) throw unknownValue('target', name, valid, '--targets');
  const chosen = spec.targets.filter((t) => !names || names.includes(t.name));
  const variants: BenchVariant[] = [];
  const unavailable: Array<{ target: string; reason: string }> = [];
  const several = (runtimeIds?.length ?? 0) > 1;
  for (const target of chosen) {
    if (!installed(target)) {
      unavailable.push({
        target: target.name,
        reason: `${target.packages.join(', ')} not installed in ${target.packageRoot} (run npm install)`,
      });
      continue;
    }
    for (const id of runtimeIds ?? [target.defaultRuntime]) {
      const name = several ? `${target.name}@${runtimeLabel(id)}` : target.name;
      let runtime: Runtime;
      try {
        [runtime] = await resolveRuntimes([id], install, log);
      } catch (error) {
        if (runtimeIds) throw error; // asked for by name: refuse, with the command that installs it
        // Its own runtime is not here (node@20 when gauntlet runs on another node): the default one, said so.
        const hint = (error as UserError).hint ?? (error as Error).message;
        const fallback = await defaultRuntimeFor(target);
        if (!fallback) {
          unavailable.push({ target: name, reason: `its runtime ${id} is not installed: ${hint}` });
          continue;
        }
        log(`${target.name}: ${id} is not installed (${hint}), so it runs on ${fallback.id}`);
        runtime = fallback;
      }
      const major = Number(runtime.version.split('.')[0]);
      if (runtime.name !== 'node' || major < target.minNodeMajor) {
        unavailable.push({
          target: name,
          reason: `${target.title} needs Node ${target.minNodeMajor} or newer (asked for ${runtime.id}, ${runtime.name} ${runtime.version})`,
        });
        continue;
      }
      variants.push({ name, target, runtime });
    }
  }
  if (variants.length === 0) {
    throw new UserError(
      'GAUNTLET_NOTHING_TO_RUN',
      `no target of the suite can run here:\n${unavailable.map((u) => `  ${u.target}: ${u.reason}`).join('\n')}`,
      'gauntlet list shows the suites and their targets',
    );
  }
  return { variants, unavailable };
}

/** gauntlet's default runtime, when the target runs on it. */
async function defaultRuntimeFor(target: BenchTarget): Promise<Runtime | undefined> {
  if (target.defaultRuntime === DEFAULT_RUNTIME_ID) return undefined;
  try {
    const [runtime] = await resolveRuntimes([DEFAULT_RUNTIME_ID], false);
    return runtime.name === 'node' && Number(runtime.version.split('.')[0]) >= target.minNodeMajor
      ? runtime
      : undefined;
  } catch {
    return undefined;
  }
}

/** Cases of a table the variant runs (a serializer only one line ships is left out on the other). */
export function casesFor(selected: SelectedTable, variant: BenchVariant) {
  return selected.table.cases.filter((c) => !c.targets || c.targets.includes(variant.target.name));
}

export function partRunsOn(part: BenchPart, variant: BenchVariant): boolean {
  return !part.targets || part.targets.includes(variant.target.name);
}
