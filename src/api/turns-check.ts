/** Whether a run can be measured in turns (`--turns`, measure/turns-trial.ts); refused with the reason where not. */
import { UserError } from '../core/errors.js';
import type { Suite } from '../suites/types.js';
import { type LoadOptions, resolveProfile } from './settings.js';

function refuse(why: string): never {
  throw new UserError(
    'GAUNTLET_TURNS_UNSUITED',
    `--turns cannot measure this run: ${why}`,
    'drop --turns, or run a fixed load of an HTTP suite with at least one target beside the baseline',
  );
}

/**
 * Before anything starts: --turn-ms without --turns (it would change nothing: said rather than
 * ignored), then, with --turns, the suite and the load shape.
 */
export function refuseTurnsOf(suite: Suite, options: Pick<LoadOptions, 'turns' | 'turnMs' | 'profile'>): void {
  if (options.turnMs !== undefined && !options.turns)
    throw new UserError(
      'GAUNTLET_USAGE',
      '--turn-ms sets the length of a turn, but this run takes no turns',
      'add --turns, or drop --turn-ms',
    );
  if (!options.turns) return;
  if (suite.kind === 'bench') refuse(`the ${suite.name} suite runs in-process benches, not servers to take turns`);
  if (suite.upstream)
    refuse(
      `the ${suite.name} suite's requests call an upstream, whose count of calls over a window would mix both sides`,
    );
  const kind = resolveProfile(options.profile).kind;
  if (kind !== 'fixed')
    refuse(`a ${kind} profile; turns need a fixed load that keeps work queued while a server waits its turn`);
}

/** Once the targets are chosen: the baseline and at least one other. */
export function refuseTurnsWithout(targets: string[], baseline: string): void {
  if (!targets.includes(baseline) || targets.length < 2)
    refuse(
      `turns pair every target with the baseline (${baseline}), so the run needs it and at least one other target`,
    );
}
