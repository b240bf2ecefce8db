/**
 * The stores a saas run can put behind every handler (--stores): the in-process maps, a
 * simulated store with a fixed latency, or a real Redis that gauntlet starts itself.
 */
import { UserError } from '../core/errors.js';

export interface StoreSpec {
  /** As written: memory, delay:1, redis. */
  text: string;
  kind: 'memory' | 'delay' | 'redis';
  /** Suffix of the target variant's name (`fastify+redis`); empty for memory. */
  label: string;
  delayMs?: number;
}

export function parseStores(list: string[]): StoreSpec[] {
  const specs = list.map((text): StoreSpec => {
    if (text === 'memory') return { text, kind: 'memory', label: '' };
    if (text === 'redis') return { text, kind: 'redis', label: 'redis' };
    const delay = /^delay:(\d+(?:\.\d+)?)$/.exec(text);
    if (delay) return { text, kind: 'delay', label: `delay${delay[1]}ms`, delayMs: Number(delay[1]) };
    throw new UserError(
      'GAUNTLET_UNKNOWN_VALUE',
      `unknown store "${text}" for --stores`,
      '--stores takes a list of: memory, delay:<ms> (simulated latency, e.g. delay:1), redis',
    );
  });
  if (new Set(specs.map((s) => s.text)).size !== specs.length)
    throw new UserError('GAUNTLET_DUPLICATE_VALUE', '--stores names a store twice');
  return specs;
}
