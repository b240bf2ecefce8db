/**
 * One interface for every load generator. An engine runs a warm-up and then a measured
 * window against a base URL, tells the trial runner when the window starts (so server CPU
 * is sampled over exactly that window), and reports the same metrics in the same units.
 */
import type { RequestSpec } from '../suites/types.js';
import type { LoadProfile } from './profile.js';

export interface EngineCapabilities {
  http1: boolean;
  pipelining: boolean;
  h2c: boolean;
  tlsHttp2: boolean;
  /** Cycles through several GET paths, all with the same headers. */
  pathCycles: boolean;
  /** Cycles through several requests that differ in method, headers or body. */
  requestSequences: boolean;
  /**
   * With pipelining, times every request on its own. False: one latency per pipelined batch
   * (wrk), which `--engine auto` takes for a pipelined load only when no engine that times
   * each request can carry it.
   */
  timesEachPipelinedRequest: boolean;
  /**
   * Reads an HTTP/1.1 status line without a reason phrase ("HTTP/1.1 200 ", valid HTTP, sent
   * by srvx and so h3). h2load 1.52 reads no status from such a line.
   */
  readsStatusWithoutReason: boolean;
  /** Measures a window of a fraction of a second (wrk's -d counts whole seconds). */
  subSecondWindows: boolean;
  /** Runs `--profile ramp`: virtual users ramped through stages (closed model). */
  rampingLoad: boolean;
  /** Runs `--profile rate` with one constant rate. */
  arrivalRate: boolean;
  /** Runs `--profile rate` with a rate that ramps through stages. */
  rampingArrivalRate: boolean;
  /**
   * Its rate is an open model: requests start on schedule whether or not earlier ones
   * returned, and latency counts from the scheduled time (k6). False where it is a cap on a
   * closed loop (autocannon's -R): `--engine auto` never takes such an engine for a rate
   * profile; it runs one only when named.
   */
  openArrivalRate: boolean;
}

import type { LoadProtocol } from '../suites/protocol.js';
export type { LoadProtocol };

/** The capability an engine needs to carry a protocol. */
export const protocolCapability: Record<LoadProtocol, keyof EngineCapabilities> = {
  http1: 'http1',
  h2c: 'h2c',
  h2: 'tlsHttp2',
};

export interface LoadSpec {
  baseUrl: string;
  /** Default 'http1'. Engines that cannot carry it refuse the spec. */
  protocol?: LoadProtocol;
  /** The load cycles through these requests. */
  requests: RequestSpec[];
  connections: number;
  pipelining: number;
  warmupSec: number;
  durationSec: number;
  /** Seconds after which a request counts as timed out. */
  timeoutSec: number;
  /**
   * How the load is shaped (absent: fixed, `connections` for `durationSec`). For ramp and rate
   * profiles `durationSec` is the stages' total; for rate, `connections` caps the requests in flight.
   */
  profile?: LoadProfile;
  /** Statuses the scenario expects (engines that classify answers themselves, k6, use them). */
  expectedStatuses?: number[];
  /**
   * The answer each request of `requests` must get, by index (null: not known), where the
   * scenario's answer is fixed or follows from the request. Engines that read bodies
   * (node-http1, node-http2) compare every body of that status in the window with it.
   */
  expectedAnswers?: Array<ExpectedLoadAnswer | null>;
}

export interface ExpectedLoadAnswer {
  status: number;
  body: string;
}

/** What an engine that reads bodies found comparing them with LoadSpec.expectedAnswers over the window. */
export interface BodyCheck {
  /**
   * 'each': every body compared with its own request's answer; 'set': with the set of the
   * load's right answers, as an engine that cannot tell which request an answer is for does
   * (wrk: exact for a one-request load, blind to two right answers swapped in a cycle).
   */
  kind: 'each' | 'set';
  /** Responses whose body was compared (those with the expected status). */
  compared: number;
  wrong: number;
  /** The first few wrong ones: the request (where known), and the body that came back (cut at 200 characters). */
  samples: Array<{ request: string; status: number; body: string; expected: string }>;
}

/** Wrong bodies an engine keeps as samples. */
export const BODY_SAMPLES = 3;
/** Bytes of a wrong body an engine keeps. */
export const BODY_SAMPLE_BYTES = 200;

export function protocolOf(spec: Pick<LoadSpec, 'protocol'>): LoadProtocol {
  return spec.protocol ?? 'http1';
}

/** Requests a fixed load keeps in flight: each connection's pipelined requests, or its HTTP/2 streams. */
export function requestsInFlight(spec: Pick<LoadSpec, 'connections' | 'pipelining'>): number {
  return spec.connections * Math.max(1, spec.pipelining);
}

export interface LatencyMs {
  mean: number;
  p50: number;
  p75: number;
  p90: number;
  /** Where the engine reports it (every engine but autocannon, which reports p90 and p97.5). */
  p95?: number;
  p99: number;
  p99_9: number;
  max: number;
}

/** Figures of one stage of a ramp or rate profile. */
export interface StageMeasurement {
  index: number;
  /** Responses (errors excluded) of requests started in the stage. */
  requests: number;
  errors: number;
  durationSec: number;
  requestsPerSec: number;
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number };
  /** Rate profile: requests the schedule asked for in the stage, and those not sent on schedule. */
  scheduled?: number;
  dropped?: number;
}

export interface EngineMeasurement {
  /** Completed responses in the measured window. */
  requests: number;
  /** Requests that got no complete response (socket errors, resets, timeouts; timeouts included). Statuses are in statusCounts. */
  errors: number;
  timeouts: number;
  /** Responses per HTTP status code. */
  statusCounts: Record<string, number>;
  /** Response bytes received (HTTP/1.1: whole answers as on the wire; HTTP/2: frames, and TLS records where said). */
  bytes: number;
  /** Response body bytes (HTTP/2 DATA), where the engine counts them. */
  bodyBytes?: number;
  /** Length of the measured window, as the engine timed it. */
  durationSec: number;
  latencyMs: LatencyMs;
  /** How many latencies the percentiles are drawn from, where the engine says (wrk: one per batch). */
  latencySamples?: number;
  /** 'batch': with pipelining, one latency per batch of requests, from writing it to its last response (wrk); absent: one per request. */
  latencyPer?: 'batch';
  /** HTTP/2: share (0–1) of header bytes HPACK saved, where the engine reports it (h2load's "space savings"). */
  headerCompression?: number;
  /** 'schedule': latency counts from each request's scheduled start (open model); absent: from its send. */
  latencyFrom?: 'schedule';
  /** Rate profile: requests the schedule asked for over the window, and those never sent on schedule. */
  scheduled?: number;
  dropped?: number;
  /** Ramp and rate profiles: figures per stage (requests started in a stage count in it). */
  stages?: StageMeasurement[];
  /** Set by an engine that compared bodies with LoadSpec.expectedAnswers. */
  bodyCheck?: BodyCheck;
  /**
   * Set by an engine that ran on other hosts, where gauntlet cannot read the generator's CPU:
   * its CPU time over the window (every host's), and the busiest host's share of a core.
   */
  generator?: { cpuSeconds: number; busiestCores: number };
  /** A load split over several hosts: each one's share of the figures above. */
  loadHosts?: LoadHostShare[];
}

/** One load host's share of a split load, as its own k6 measured it. */
export interface LoadHostShare {
  host: string;
  requests: number;
  errors: number;
  /** Its window, on its own clock. */
  durationSec: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Its k6's CPU over its window, in cores. */
  generatorCpuCores: number;
}

export interface EngineHooks {
  /** The measured window begins now; the generator runs as process `pid`. */
  windowStart(pid: number): void;
  /** The measured window is over (called before the measurement resolves). */
  windowEnd(): void;
}

export interface EngineRunOptions {
  /** taskset core list for the generator process. */
  cores?: string;
  /** Give up (and kill the generator) after this many ms. */
  deadlineMs: number;
  /** Aborting stops the generator at once (Ctrl-C, or the target died). */
  signal?: AbortSignal;
  /** Runs going on at the same time carry different lanes (turns: measure/turns-trial.ts); an engine that keeps a process between runs keeps one per lane. Default 0. */
  lane?: number;
}

export interface Engine {
  name: string;
  description: string;
  capabilities: EngineCapabilities;
  /** undefined when usable here, else why not and how to fix it. */
  unavailableReason(): string | undefined;
  version(): string;
  /** The flags this run uses, as the generator's own CLI would spell them, for the result. */
  describeFlags(spec: LoadSpec): string;
  run(spec: LoadSpec, hooks: EngineHooks, options: EngineRunOptions): Promise<EngineMeasurement>;
  /** Stops whatever the engine keeps running between trials. */
  close(): Promise<void>;
}
