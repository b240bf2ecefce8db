import { UserError, unknownValue } from '../core/errors.js';
import { autocannonEngine } from './autocannon/engine.js';
import type { Engine } from './engine.js';

/** Every engine gauntlet can drive, most preferred first when several can carry a scenario. */
export const engines: Engine[] = [autocannonEngine];

export function selectEngine(name: string | undefined): Engine {
  if (name === undefined || name === 'auto') {
    const usable = engines.find((engine) => !engine.unavailableReason());
    if (!usable) throw new UserError('GAUNTLET_NO_ENGINE', 'no load engine is usable here', 'run npm install, then gauntlet doctor');
    return usable;
  }
  const engine = engines.find((candidate) => candidate.name === name);
  if (!engine) throw unknownValue('engine', name, ['auto', ...engines.map((e) => e.name)], '--engine');
  const reason = engine.unavailableReason();
  if (reason) throw new UserError('GAUNTLET_ENGINE_UNAVAILABLE', `engine ${name} is not usable here: ${reason}`, 'see gauntlet doctor');
  return engine;
}
