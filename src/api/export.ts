/**
 * `gauntlet export k6`: the k6 script of one HTTP scenario, so the same load (its requests,
 * its checks as k6 checks, its profile) runs on k6's own distributed execution
 * (`--execution-segment` across hosts, or the k6 operator) when one machine's generator is not
 * enough. The script is the one gauntlet's k6 engine runs, with checks and without the
 * window markers; `gauntlet report` reads the summaries it produces back into a result.
 */
import { UserError } from '../core/errors.js';
import { k6Script } from '../engines/k6/script.js';
import { formatProfile, type LoadProfile } from '../engines/profile.js';
import { scenarioProtocol } from '../suites/protocol.js';
import { gauntletVersion } from '../results/environment.js';
import { selectScenarios, selectSuite } from './selection.js';
import { RUN_DEFAULTS, resolveProfile } from './settings.js';

/** A distributed load is long: 30 s unless asked (the fixed profile; ramp and rate last their stages). */
export const EXPORT_DEFAULT_DURATION_SEC = 30;
export const EXPORT_DEFAULT_URL = 'http://127.0.0.1:3000';

export interface ExportK6Options {
  suite?: string;
  scenario: string;
  /** fixed, ramp:…, rate:… (see LoadOptions.profile); default fixed. */
  profile?: string | LoadProfile;
  /** Where the target listens when the script runs without `-e BASE_URL=`. */
  url?: string;
  /** fixed: virtual users; rate: most requests in flight. */
  connections?: number;
  durationSec?: number;
  timeoutSec?: number;
}

export interface ExportedK6Script {
  script: string;
  suite: string;
  scenario: string;
  profile: string;
}

export function exportK6Script(options: ExportK6Options): ExportedK6Script {
  const suite = selectSuite(options.suite);
  const [scenario] = selectScenarios(suite, [options.scenario]);
  const protocol = scenarioProtocol(scenario);
  if (protocol !== 'http1') {
    throw new UserError(
      'GAUNTLET_ENGINE_INCAPABLE',
      `scenario ${scenario.name} of the ${suite.name} suite is served over ${protocol}; gauntlet's k6 scripts speak HTTP/1.1`,
      'export an HTTP/1.1 scenario (gauntlet list shows each suite and its scenarios)',
    );
  }
  const url = options.url ?? EXPORT_DEFAULT_URL;
  try {
    new URL(url);
  } catch {
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--url "${url}" is not a URL`,
      'give one like http://10.0.0.5:3000',
    );
  }
  const profile = resolveProfile(options.profile);
  const connections = options.connections ?? suite.defaults?.connections ?? RUN_DEFAULTS.connections;
  const expectedStatuses = [...new Set(scenario.expectedStatuses ?? scenario.checks.map((c) => c.expect.status))];
  const script = k6Script({
    baseUrl: url,
    requests: scenario.load,
    profile,
    connections,
    durationSec: options.durationSec ?? EXPORT_DEFAULT_DURATION_SEC,
    timeoutSec: options.timeoutSec ?? RUN_DEFAULTS.timeoutSec,
    expectedStatuses: expectedStatuses.length > 0 ? expectedStatuses : [200],
    checks: scenario.checks,
    scenarioLabel: `${suite.name}/${scenario.name}`,
    title: `gauntlet ${gauntletVersion()} export: suite ${suite.name}, scenario ${scenario.name} (${scenario.description})`,
  });
  return { script, suite: suite.name, scenario: scenario.name, profile: formatProfile(profile) };
}
