/**
 * The k6 script of one HTTP scenario: its requests (cycled, as every engine cycles them), its
 * load profile as a k6 scenario (fixed: constant-vus; ramp: ramping-vus; rate:
 * constant-arrival-rate or ramping-arrival-rate) and the tags and thresholds that make k6's
 * end-of-test summary hold what gauntlet reports: requests per status, per stage, timeouts.
 *
 * k6 keeps a sub-metric (`http_reqs{stage:1}`) in its summary only when a threshold names it,
 * so every figure gauntlet reads has a threshold that always passes (`count>=0`, `max>=0`).
 * Each iteration tags its virtual user with the stage it started in (`exec.vu.tags`), so the
 * request's metrics and the iteration's carry the stage.
 *
 * The same text serves gauntlet's k6 engine (`markers`: log lines that open and close the
 * measured window, bodies discarded) and `gauntlet export k6` (checks as k6 checks, the base
 * URL from `-e BASE_URL=`), so what users run distributed is what gauntlet ran.
 */
import type { Check, RequestSpec } from '../../suites/types.js';
import { formatDuration, formatProfile, stageBounds, type LoadProfile } from '../profile.js';

/** Statuses every summary counts on their own; any other status is "other" (total minus these). */
export const COUNTED_STATUSES = [
  200, 201, 202, 204, 301, 302, 304, 400, 401, 403, 404, 405, 406, 409, 413, 415, 422, 429, 500, 502, 503, 504,
];
/** k6's error code for a request that timed out (k6 docs: error codes, 1050 "request timeout"). */
export const K6_TIMEOUT_CODE = 1050;
export const WINDOW_START_MARKER = 'GAUNTLET-K6-WINDOW-START';
export const WINDOW_END_MARKER = 'GAUNTLET-K6-WINDOW-END';
/** Seconds teardown() waits after the end marker, so gauntlet can read k6's CPU time in /proc before it exits. */
export const PARK_SEC = 0.3;
/** Percentiles every trend keeps in the summary: gauntlet's latency fields and p95. */
export const TREND_STATS = [
  'avg',
  'min',
  'med',
  'max',
  'p(50)',
  'p(75)',
  'p(90)',
  'p(95)',
  'p(99)',
  'p(99.9)',
  'count',
];

export interface K6ScriptOptions {
  /** Used when the script runs without -e BASE_URL=. */
  baseUrl: string;
  requests: RequestSpec[];
  profile: LoadProfile;
  /** fixed: virtual users (one connection each); rate: most iterations in flight (maxVUs). */
  connections: number;
  /** Window of the fixed profile. */
  durationSec: number;
  timeoutSec: number;
  /** Statuses that count as expected (http_req_failed, checks). */
  expectedStatuses: number[];
  /** Export: expected answers checked as k6 checks on the requests that match them. */
  checks?: Check[];
  /** Engine: window markers in setup/teardown, bodies discarded. */
  markers?: boolean;
  /** The stats every latency trend keeps in the summary (default TREND_STATS; a split load asks for its quantile grid). */
  trendStats?: string[];
  /** The script's first comment line. */
  title: string;
  /** suite/scenario, recorded in the summary (see metaMetric) so `gauntlet report` can name what was loaded. */
  scenarioLabel?: string;
}

/**
 * A counter whose name carries `text` (hex: k6 metric names are [a-zA-Z0-9_], at most 128
 * characters), added to once in setup(), so the summary says which profile and scenario it
 * measured; undefined when the name would be too long.
 */
export function metaMetric(kind: 'profile' | 'scenario', text: string): string | undefined {
  const name = `gauntlet_${kind}_${Buffer.from(text, 'utf8').toString('hex')}`;
  return name.length <= 128 ? name : undefined;
}

/** The text a summary's meta counter carries (the first of that kind), or undefined. */
export function readMetaMetric(names: Iterable<string>, kind: 'profile' | 'scenario'): string | undefined {
  const prefix = `gauntlet_${kind}_`;
  for (const name of names) {
    if (name.startsWith(prefix) && /^[0-9a-f]+$/.test(name.slice(prefix.length)))
      return Buffer.from(name.slice(prefix.length), 'hex').toString('utf8');
  }
  return undefined;
}

const json = (value: unknown) => JSON.stringify(value);

/** The latency trend of a profile: iteration_duration for rate (iterations start on their scheduled tick), else http_req_duration. */
export const latencyMetricOf = (profile: LoadProfile): 'iteration_duration' | 'http_req_duration' =>
  profile.kind === 'rate' ? 'iteration_duration' : 'http_req_duration';

/** k6 refuses a constant-vus or constant-arrival-rate duration under 1 s. */
export const atLeastOneSecond = (seconds: number) => Math.max(1, seconds);

/** The k6 scenario (executor and its settings) of a profile. */
export function k6Scenario(
  options: Pick<K6ScriptOptions, 'profile' | 'connections' | 'durationSec' | 'timeoutSec'>,
): Record<string, unknown> {
  const { profile, connections } = options;
  // In-flight requests get their timeout to finish after the last stage, so none is cut off uncounted.
  const gracefulStop = formatDuration(Math.ceil(options.timeoutSec) + 1);
  const stages =
    profile.kind === 'fixed'
      ? []
      : profile.stages.map((stage) => ({ duration: formatDuration(stage.durationSec), target: stage.to }));
  switch (profile.kind) {
    case 'fixed':
      return {
        executor: 'constant-vus',
        vus: connections,
        duration: formatDuration(atLeastOneSecond(options.durationSec)),
        gracefulStop,
      };
    case 'ramp':
      return {
        executor: 'ramping-vus',
        startVUs: profile.stages[0].from,
        stages,
        gracefulRampDown: gracefulStop,
        gracefulStop,
      };
    case 'rate': {
      // Every VU is allocated up front: an iteration that finds no free VU is dropped (counted in dropped_iterations).
      const vus = { preAllocatedVUs: connections, maxVUs: connections };
      const constant = profile.stages.length === 1 && profile.stages[0].from === profile.stages[0].to;
      const duration = formatDuration(atLeastOneSecond(profile.stages[0].durationSec));
      if (constant)
        return {
          executor: 'constant-arrival-rate',
          rate: profile.stages[0].to,
          timeUnit: '1s',
          duration,
          ...vus,
          gracefulStop,
        };
      return {
        executor: 'ramping-arrival-rate',
        startRate: profile.stages[0].from,
        timeUnit: '1s',
        stages,
        ...vus,
        gracefulStop,
      };
    }
  }
}

/** Sub-metrics the summary must hold (each kept by an always-passing threshold). */
export function k6Thresholds(profile: LoadProfile, expectedStatuses: number[]): Record<string, string[]> {
  const thresholds: Record<string, string[]> = {};
  const count = (metric: string) => (thresholds[metric] = ['count>=0']);
  for (const status of [0, ...new Set([...COUNTED_STATUSES, ...expectedStatuses])].sort((a, b) => a - b))
    count(`http_reqs{status:${status}}`);
  count(`http_reqs{error_code:${K6_TIMEOUT_CODE}}`);
  if (profile.kind !== 'fixed') {
    const latencyMetric = latencyMetricOf(profile);
    profile.stages.forEach((_, index) => {
      count(`http_reqs{stage:${index}}`);
      count(`http_reqs{stage:${index},status:0}`);
      thresholds[`${latencyMetric}{stage:${index}}`] = ['max>=0'];
    });
  }
  return thresholds;
}

/** The request cycle as the script holds it: absolute paths, headers without Content-Length (k6 sets it). */
function requestTable(requests: RequestSpec[]): unknown[] {
  return requests.map((request) => ({
    method: request.method,
    path: request.path,
    headers: Object.fromEntries(
      Object.entries(request.headers ?? {}).filter(
        ([name]) => name.toLowerCase() !== 'content-length' && name.toLowerCase() !== 'host',
      ),
    ),
    ...(request.body !== undefined && request.body !== '' && { body: request.body }),
  }));
}

/** Per request of the cycle, the expected answer of the check that sends the same request (export). */
function checkTable(requests: RequestSpec[], checks: Check[]): unknown[] {
  const key = (r: RequestSpec) => json([r.method, r.path, r.body ?? '', Object.entries(r.headers ?? {}).sort()]);
  return requests.map((request) => {
    const found =
      checks.find((check) => key(check.request) === key(request)) ??
      checks.find((check) => check.request.method === request.method && check.request.path === request.path);
    if (!found) return null;
    const { status, contentType, text, json: body, headers } = found.expect;
    const headerChecks = Object.entries(headers ?? {}).map(([name, value]) =>
      value instanceof RegExp ? { name, pattern: value.source, flags: value.flags } : { name, equals: value },
    );
    return {
      status,
      ...(contentType && { contentType }),
      ...(text !== undefined && { text }),
      ...(body !== undefined && { json: body }),
      ...(headerChecks.length > 0 && { headers: headerChecks }),
    };
  });
}

const CHECK_FUNCTION = `
function deepEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => deepEqual(a[k], b[k]));
}

function checkAnswer(res, expect) {
  const named = {};
  named[\`status is \${expect.status}\`] = (r) => r.status === expect.status;
  if (expect.contentType) named[\`content-type starts with \${expect.contentType}\`] = (r) => String(r.headers['Content-Type'] || '').startsWith(expect.contentType);
  if (expect.text !== undefined) named['body is the expected text'] = (r) => r.body === expect.text;
  if (expect.json !== undefined) named['body is the expected JSON'] = (r) => { try { return deepEqual(JSON.parse(r.body), expect.json); } catch (e) { return false; } };
  for (const h of expect.headers || []) {
    const value = () => { const k = Object.keys(res.headers).find((n) => n.toLowerCase() === h.name.toLowerCase()); return k === undefined ? undefined : String(res.headers[k]); };
    named[\`header \${h.name}\`] = () => { const v = value(); return v !== undefined && (h.pattern !== undefined ? new RegExp(h.pattern, h.flags).test(v) : v === h.equals); };
  }
  check(res, named);
}
`;

export function k6Script(options: K6ScriptOptions): string {
  const { profile } = options;
  const staged = profile.kind !== 'fixed';
  const stageEndsMs = staged ? stageBounds(profile.stages).map((bounds) => Math.round(bounds.endSec * 1000)) : [];
  const withChecks = options.checks !== undefined && options.checks.length > 0;
  const k6Options = {
    scenarios: { load: k6Scenario(options) },
    summaryTrendStats: options.trendStats ?? TREND_STATS,
    thresholds: k6Thresholds(profile, options.expectedStatuses),
    discardResponseBodies: !withChecks,
    // Targets serve self-signed certificates on loopback.
    insecureSkipTLSVerify: true,
  };
  const metas = [
    metaMetric('profile', formatProfile(profile)),
    options.scenarioLabel && metaMetric('scenario', options.scenarioLabel),
  ].filter((name): name is string => typeof name === 'string');
  const lines = [
    `// ${options.title.replace(/\s+/g, ' ')}`,
    `// Profile ${formatProfile(profile)}${profile.kind === 'fixed' ? ` (${options.connections} virtual users for ${formatDuration(options.durationSec)})` : ''}.`,
    '// Run: k6 run -e BASE_URL=http://host:port --summary-export=summary.json <this file>; gauntlet report summary.json reads the summary back.',
    "import http from 'k6/http';",
    "import exec from 'k6/execution';",
    "import { Counter } from 'k6/metrics';",
    `import { ${withChecks ? 'check, ' : ''}sleep } from 'k6';`,
    '',
    `const BASE_URL = String(__ENV.BASE_URL || ${json(new URL(options.baseUrl).origin)}).replace(/\\/+$/, '');`,
    `const REQUESTS = ${json(requestTable(options.requests))};`,
    ...(withChecks ? [`const EXPECT = ${json(checkTable(options.requests, options.checks ?? []))};`] : []),
    `const STAGE_ENDS_MS = ${json(stageEndsMs)};`,
    `const TIMEOUT = ${json(formatDuration(options.timeoutSec))};`,
    '// Counters whose names carry the profile and scenario (hex), so the summary says what it measured.',
    `const META = ${json(metas)}.map((name) => new Counter(name));`,
    '',
    `http.setResponseCallback(http.expectedStatuses(${options.expectedStatuses.join(', ')}));`,
    '',
    `export const options = ${JSON.stringify(k6Options, null, 2)};`,
    '',
    '/** Index of the stage the load is in now (from the scenario start, as k6 timed it). */',
    'function stageNow() {',
    '  const elapsed = Date.now() - exec.scenario.startTime;',
    '  const index = STAGE_ENDS_MS.findIndex((end) => elapsed < end);',
    '  return index === -1 ? STAGE_ENDS_MS.length - 1 : index;',
    '}',
    ...(withChecks ? [CHECK_FUNCTION] : ['']),
    'export function setup() {',
    '  for (const meta of META) meta.add(1);',
    ...(options.markers ? [`  console.log(${json(`${WINDOW_START_MARKER} `)} + Date.now());`] : []),
    '}',
    '',
    ...(options.markers
      ? [
          'export function teardown() {',
          `  console.log(${json(`${WINDOW_END_MARKER} `)} + Date.now());`,
          `  sleep(${PARK_SEC});`,
          '}',
          '',
        ]
      : []),
    'export default function () {',
    ...(staged ? ['  exec.vu.tags.stage = String(stageNow());'] : []),
    '  const index = exec.scenario.iterationInTest % REQUESTS.length;',
    '  const request = REQUESTS[index];',
    '  const res = http.request(request.method, BASE_URL + request.path, request.body === undefined ? null : request.body, { headers: request.headers, timeout: TIMEOUT });',
    ...(withChecks ? ['  if (EXPECT[index]) checkAnswer(res, EXPECT[index]);'] : []),
    '}',
    '',
  ];
  return lines.join('\n');
}
