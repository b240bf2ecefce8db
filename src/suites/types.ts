/**
 * A suite is data: scenarios with the request they send and the answer they expect. Both
 * verification and load read the same scenario, so no target is measured against a
 * different contract than it was checked against.
 */
import type { BenchSpec } from './inproc-types.js';

/** Processes a suite can ask gauntlet to start beside its targets (started by src/backends/): Redis, the fanout suite's upstream, the NATS and MQTT brokers. */
export type ServiceName = 'redis' | 'upstream' | 'nats' | 'mqtt';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * HTTP/2 as a suite can serve it: `h2c` is cleartext HTTP/2 with prior knowledge (http URL),
 * `h2` is HTTP/2 over TLS negotiated by ALPN (https URL). A scenario without one is HTTP/1.1.
 */
export type Http2Protocol = 'h2c' | 'h2';

export interface ExpectedAnswer {
  status: number;
  /** Content-Type must start with this (parameters such as charset may follow). */
  contentType?: string;
  /** Exact body text. */
  text?: string;
  /** Body parsed as JSON must deep-equal this. */
  json?: unknown;
  /** Response headers that must be present; a string must match exactly, a RegExp must match. */
  headers?: Record<string, string | RegExp>;
}

export interface RequestSpec {
  method: HttpMethod;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One concrete request with the answer it must get, used by verification. */
export interface Check {
  request: RequestSpec;
  expect: ExpectedAnswer;
}

export interface Scenario {
  name: string;
  description: string;
  /** Requests the load cycles through (one or many, e.g. varying ids so no cache can shortcut routing). */
  load: RequestSpec[];
  /** Requests verification sends, each with its exact expected answer. */
  checks: Check[];
  /**
   * The exact body every request of the load must get with the checks' status, where it is
   * fixed or follows from the request (hello's `param` echoes the id); absent: not known.
   * Engines that read bodies compare every answer in the window with it.
   */
  loadAnswerBody?(request: RequestSpec): string;
  /** Statuses the load may get; by default those of the checks (the mixed scenario has no checks of its own). */
  expectedStatuses?: number[];
  /** Share of traffic in a weighted summary (suites with categories). */
  weight?: number;
  category?: string;
  /** What the target serves and the load speaks for this scenario (absent: HTTP/1.1). */
  protocol?: Http2Protocol;
  /**
   * The scenario's own load shape (--profile syntax), a published report's (fanout: k6 ramping 0 to 100
   * virtual users over 70 s): taken when k6 is installed and neither --profile, --duration nor
   * another --engine asks for something else (api/settings.ts, chooseProfile); otherwise its
   * trials run the fixed window as the other scenarios do.
   */
  profile?: string;
  /** The targets this scenario runs on, by name without a runtime suffix (absent: every target). */
  targets?: string[];
}

export interface Suite {
  name: string;
  description: string;
  /** The workload kind: an HTTP load from an engine (absent: http), or in-process benchmarks (bench). */
  kind?: 'http' | 'bench';
  /** A bench suite's parts, tables, cases and targets (kind 'bench'); its scenarios are then empty. */
  bench?: BenchSpec;
  scenarios: Scenario[];
  /** Checks of routes no scenario loads: verified before any load, never measured. */
  extraChecks?: Check[];
  /** Share of traffic per scenario category, for weighted summaries. */
  categoryWeights?: Record<string, number>;
  /** Its apps call a store (GAUNTLET_STORE), so --stores can put a database behind them. */
  usesStore?: boolean;
  /** The services a run of this suite needs with these options (started by the API for run, verify and ab). */
  services?(options: { stores: Array<{ kind: string }> }): ServiceName[];
  /** The published report the suite reproduces, for `list` and the reports. */
  reproduces?: string;
  /** The HTTP/2 protocols its scenarios are served over (each scenario names its own); absent: HTTP/1.1. */
  protocols?: Http2Protocol[];
  /** The scenarios a run takes when none are named (absent: all); the others run when named. */
  defaultScenarios?: string[];
  /** Load defaults of the suite (the published report's), used when the user does not pass --connections or --pipelining. */
  defaults?: {
    connections?: number;
    pipelining?: number;
    /** Seconds per fixed window when the user does not pass --duration. */
    durationSec?: number;
    /**
     * How `run` splits its time, each field where the user does not set it (--repeats,
     * --duration, --trial-warmup): the hello suite's default run takes many short rounds, whose
     * best quarter ranks better than a few long ones (docs/stability.md). `ab`
     * keeps its own rounds and gauntlet's windows. `scenarios`: what `run` takes in those
     * rounds when none are named (absent: defaultScenarios, which `verify` and `ab` take).
     */
    rounds?: { repeats: number; durationSec: number; trialWarmupSec: number; scenarios?: string[] };
  };
  /** Its apps call the upstream service (GAUNTLET_UPSTREAM_URL): how many calls per request, and the answer they give. */
  upstream?: UpstreamContract;
  /** Pairs of targets the report divides per runtime and round (fanout: the framework, client and combined effects of the NestJS HTTP module comparison). */
  pairs?: TargetPair[];
}

export interface TargetPair {
  name: string;
  /** The target divided by (the comparison's baseline side). */
  before: string;
  after: string;
}

/** What the upstream gives each of its calls: data derived from the call, signed with a secret of the run. */
export interface UpstreamKey {
  /** Hex secret the upstream signs its answers with; only gauntlet reads it (once, at start). */
  secret: string;
  /** Filler bytes in each upstream answer. */
  payloadBytes: number;
}

/**
 * A suite whose requests call the upstream: verification counts the calls each request made
 * and compares its answer with the one only the upstream's answers can build; after every
 * measured window the upstream's count must be `callsPerRequest` × the responses.
 */
export interface UpstreamContract {
  callsPerRequest: number;
  /** The exact JSON a request must get, built from what the upstream answers to its calls. */
  answer(request: RequestSpec, key: UpstreamKey): unknown;
}
