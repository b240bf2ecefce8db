/** One target per store: `fastify` (memory), `fastify+delay1ms`, `fastify+redis`, each told its store by GAUNTLET_STORE. */
import type { Target } from '../targets/registry.js';
import type { StoreSpec } from './store-spec.js';

/** The baseline's name in a run: itself with the memory store, else its first store variant. */
export function storeVariantName(target: string, stores: StoreSpec[]): string {
  return stores.some((s) => s.kind === 'memory') ? target : `${target}+${stores[0].label}`;
}

export function storeVariants(targets: Target[], stores: StoreSpec[], redisUrl?: string): Target[] {
  return stores.flatMap((store) =>
    targets.map((target): Target => {
      if (store.kind === 'memory') return target;
      const value = store.kind === 'redis' ? redisUrl! : store.text;
      return {
        ...target,
        name: `${target.name}+${store.label}`,
        title: `${target.title} + ${store.label}`,
        description: `${target.description} (every handler calls the ${store.kind === 'redis' ? 'Redis' : `simulated ${store.delayMs} ms`} store)`,
        env: { ...target.env, GAUNTLET_STORE: value },
      };
    }),
  );
}
