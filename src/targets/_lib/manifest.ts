/**
 * What gauntlet knows about a target without starting it. Each target folder exports one
 * of these from `manifest.ts`; the core discovers folders and never imports a framework.
 */
export interface TargetManifest {
  /** CLI id, equal to the folder name: `fastify`, `nest-express`, … */
  name: string;
  /** Human title for reports: `NestJS (Express)`. */
  title: string;
  /** One line for reports: what this target is and how it is set up. */
  description: string;
  /** npm package names (as written in package.json, aliases included) whose exact installed versions are recorded. The first one is the framework itself. */
  packages: string[];
  /**
   * A folder, relative to gauntlet's root, whose node_modules hold the target's packages
   * instead of the top of gauntlet's (`deps/wooks-0.7`: a line of a framework that cannot share
   * the top with another target's line). Versions are read from there; `ab` refuses the target.
   */
  packageRoot?: string;
  /**
   * The packages of `packages` that run on a runtime, where the app picks a release by the runtime
   * it runs on (fanout: undici 8 on Node >= 22.19, else 7); the result records these per runtime.
   */
  packagesOn?(runtime: { name: string; version: string }): string[];
  /** Does the target route with a router (false for the bare node:http baseline)? */
  router: boolean;
  /** The target this one is built on, for layer-overhead figures (nest-fastify -> fastify). */
  layer?: string;
  homepage: string;
  /** Suite name -> app script, relative to this folder, as compiled (`hello.js`). */
  apps: Record<string, string>;
  /** Lowest node major the pinned versions run on. */
  minNode?: number;
  /**
   * One line: why a package of the target is not pinned to its newest stable release (an older
   * line kept, a pre-release chosen), e.g. `moost 0.5.33: the newest with a matching
   * @moostjs/event-http`. Absent when every package is on its newest release.
   */
  pinNote?: string;
  /**
   * Flags the install command of its packages needs, where gauntlet's package does not install
   * them (devDependencies): `--legacy-peer-deps` for a line whose peers the registry cannot meet.
   */
  installFlags?: string[];
  /** A fixed reason the target can never run here (not installable, …). */
  unavailable?: string;
  /** Suites the target belongs to but cannot serve here, with the reason (listed, never faked). */
  unavailableFor?: Record<string, string>;
  /**
   * Runtimes (ids of src/runtimes/known-runtimes.ts: `bun`, `deno`, `node@20`) the target
   * cannot run on, as `gauntlet verify --runtime …` found, with the reason; `suites` limits an
   * entry to those suites. Listed as unavailable for that runtime, never faked.
   */
  unsupportedRuntimes?: Array<{ runtime: string; suites?: string[]; reason: string }>;
  /**
   * What the implementation switches on, so a reader can judge fairness (validation, schema
   * serialization, …). `saas: …` applies to the saas suite's app only; no prefix, to every app.
   */
  features?: string[];
}

export function defineTarget(manifest: TargetManifest): TargetManifest {
  return manifest;
}
