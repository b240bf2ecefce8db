/**
 * Whether the fake engine may be named. It generates no load, so its figures mean nothing:
 * it exists for tests of the whole pipeline and is hidden from users unless asked for.
 */

/** The name the fake engine records in every trial and in environment.scenarioEngines. */
export const FAKE_ENGINE_NAME = 'fake';

/** Set to 1 to make `--engine fake` usable (tests only). */
export const FAKE_ENGINE_VAR = 'GAUNTLET_FAKE_ENGINE';

/** Read on every call, so a test can switch it on and off in one process. */
export function fakeEngineEnabled(): boolean {
  return process.env[FAKE_ENGINE_VAR] === '1';
}
