import type { Provider } from '@nestjs/common';
import { storeFromEnv } from '../_lib/saas-store.js';

/** Injection token of the store: a factory provider, created once when the module starts. */
export const SAAS_STORE = Symbol('SAAS_STORE');

export const storeProvider: Provider = { provide: SAAS_STORE, useFactory: () => storeFromEnv() };
