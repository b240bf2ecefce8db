/** Which runtimes a run, verify or ab uses (installed or refused), and the targets on each. */
import { UserError } from '../core/errors.js';
import { DEFAULT_RUNTIME_ID } from '../runtimes/known-runtimes.js';
import { resolveRuntimes } from '../runtimes/resolve-runtime.js';
import type { Runtime } from '../runtimes/runtime.js';
import {
  runtimeBaselineName,
  runtimeVariantName,
  runtimeVariants,
  splitRuntimeSuffix,
  targetsAndRuntimeLimits,
  type RuntimeSelection,
} from '../targets/runtime-variants.js';
import type { Suite } from '../suites/types.js';
import { chooseBaseline, selectTargets } from './selection.js';

/** The runtimes asked for (default: node@24), installed first when `install` says so, else refused when missing. */
export async function chosenRuntimes(
  ids: string[] = [DEFAULT_RUNTIME_ID],
  install = false,
  log: (line: string) => void = () => undefined,
): Promise<Runtime[]> {
  if (ids.length === 0)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      '--runtime names no runtime',
      `e.g. --runtime ${DEFAULT_RUNTIME_ID},bun`,
    );
  return resolveRuntimes(ids, install, log);
}

export interface TargetsOnRuntimes extends RuntimeSelection {
  /** The baseline's name in the run (the variant on the first runtime it runs on). */
  baseline: string;
}

/**
 * The chosen targets (names as reports print them, `fastify@bun`, are taken too) on every
 * runtime; pairs a target cannot run on are listed with the reason. Nothing runnable is refused.
 */
export async function selectTargetsOnRuntimes(
  suite: Suite,
  names: string[] | undefined,
  runtimes: Runtime[],
  baseline?: string,
): Promise<TargetsOnRuntimes> {
  const { names: plain, limits } = targetsAndRuntimeLimits(
    names,
    runtimes.map((r) => r.id),
  );
  const selection = await selectTargets(suite, plain);
  const variants = runtimeVariants(selection.runnable, runtimes, suite.name, limits);
  const unavailable = [...selection.unavailable, ...variants.unavailable];
  if (variants.runnable.length === 0) {
    throw new UserError(
      'GAUNTLET_NOTHING_TO_RUN',
      `none of the chosen targets can run the ${suite.name} suite on ${runtimes.map((r) => r.id).join(', ')}:\n${unavailable.map((u) => `  ${u.target}: ${u.reason}`).join('\n')}`,
      'gauntlet list shows which targets run on which runtime',
    );
  }
  // The baseline is one of the targets that runs on at least one of the runtimes.
  const runsSomewhere = selection.runnable.filter((target) =>
    variants.runnable.some((v) => v.name === runtimeVariantName(target.name, v.runtime!, runtimes)),
  );
  const base = chooseBaseline(
    { runnable: runsSomewhere, unavailable },
    baseline === undefined ? undefined : splitRuntimeSuffix(baseline).target,
  );
  return {
    runnable: variants.runnable,
    unavailable,
    baseline: runtimeBaselineName(base, baseline, variants, runtimes),
  };
}
