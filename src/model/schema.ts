/**
 * The result document of a run, validated with zod whenever it is read back. Bump
 * SCHEMA_VERSION on any change that old readers would misread.
 */
import { z } from 'zod';
import { benchPlanSchema, benchSectionSchema } from './inproc-schema.js';

export const SCHEMA_VERSION = 1 as const;

/** Latency in milliseconds over the measured window. */
export const latencySchema = z.object({
  mean: z.number(),
  p50: z.number(),
  p75: z.number(),
  p90: z.number(),
  /** Where the engine reports it (every engine but autocannon); absent in older results. */
  p95: z.number().optional(),
  p99: z.number(),
  p99_9: z.number(),
  max: z.number(),
});
export const LATENCY_PERCENTILES = ['p50', 'p75', 'p90', 'p99', 'p99_9', 'max'] as const;

/** Latency of one stage of a ramp or rate profile, milliseconds. */
export const stageLatencySchema = z.object({
  mean: z.number(),
  p50: z.number(),
  p90: z.number(),
  p95: z.number(),
  p99: z.number(),
  max: z.number(),
});

/** One stage of a ramp or rate profile in one trial: requests started in the stage count in it. */
export const stageSchema = z.object({
  index: z.number().int(),
  /** "0 → 100 VUs, 30s", "500 req/s, 20s". */
  label: z.string(),
  durationSec: z.number(),
  /** Responses (errors excluded). */
  requests: z.number(),
  errors: z.number(),
  requestsPerSec: z.number(),
  latencyMs: stageLatencySchema,
  /** Rate profile: requests the schedule asked for in the stage, and those not sent on schedule. */
  scheduled: z.number().optional(),
  dropped: z.number().optional(),
});

/** How a trial's load was shaped and what its latency counts from (absent in older results: fixed, closed). */
export const loadShapeSchema = z.object({
  /** As --profile spells it: fixed, ramp:0-100/70s, rate:500/20s. */
  profile: z.string(),
  /**
   * closed: each connection or virtual user waits for its answer before the next request;
   * open: requests start on schedule whether or not earlier ones returned (k6 arrival rate);
   * capped: a closed loop held under a rate (autocannon -R), not an open model.
   */
  model: z.enum(['closed', 'open', 'capped']),
  /** schedule: latency counts from each request's scheduled start; send: from when it was written. */
  latencyFrom: z.enum(['send', 'schedule']),
});

/** From gauntlet doctor --calibrate on this CPU model: the engine's CPU per request and its one-core ceiling. */
const calibrationSchema = z.object({
  usPerRequest: z.number(),
  ceilingRequestsPerSec: z.number(),
  calibratedAt: z.string(),
  /** The pipelining it was measured with (absent in older results: 10). */
  pipelining: z.number().optional(),
  /** Measured over a cycle of 1,000 paths, as a scenario of several requests sends them. */
  cycled: z.boolean().optional(),
});

/** A runtime as trials and targets record it: `node` 24.21.0 (id node@24), `bun` 1.4.5; absent in older results (the machine's node, environment.node). */
export const runtimeRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  /** Cluster mode: workers under node:cluster on this runtime. */
  workers: z.number().int().positive().optional(),
});

/** A KVM guest's idle polling: the cpuidle governor, guest_halt_poll_ns, and what gauntlet set it from. */
const idlePollingSchema = z.object({
  governor: z.string(),
  haltPollNs: z.number(),
  setFrom: z.number().optional(),
  note: z.string(),
});

/** What a result records of a machine (the load host's in `environment`, a server host's in `serverHost`). */
const machineShape = {
  gauntletVersion: z.string(),
  node: z.string(),
  os: z.string(),
  kernel: z.string(),
  cpuModel: z.string(),
  cpuCount: z.number().int(),
  allowedCores: z.array(z.number().int()),
  memoryBytes: z.number(),
  hostname: z.string(),
};

export type MachineFacts = z.infer<z.ZodObject<typeof machineShape>>;

/** A server host (`--server-host`): the machine the targets ran on, as its agent saw it. */
export const serverHostSchema = z.object({
  /** The SSH destination, as given. */
  name: z.string(),
  /** The address the load was sent to. */
  address: z.string(),
  ...machineShape,
  /** Round trip of a one-byte TCP message (median of 50, ms) and one connection's throughput (bytes/s), measured at the start. */
  link: z.object({ rttMs: z.number(), bytesPerSec: z.number() }).optional(),
  /** The server host's idle polling during the run, as `environment.idlePolling` is the load host's. */
  idlePolling: idlePollingSchema.optional(),
});

/** A load host (`--load-hosts`): a machine that ran a share of the k6 load, as its agent saw it. */
export const loadHostSchema = z.object({
  /** The SSH destination, as given. */
  name: z.string(),
  /** Its k6 version. */
  k6: z.string(),
  ...machineShape,
});
export type LoadHostRecord = z.infer<typeof loadHostSchema>;

export const environmentSchema = z.object({
  ...machineShape,
  gitCommit: z.string().optional(),
  gitDirty: z.boolean().optional(),
  loadAverageBefore: z.number().optional(),
  loadAverageAfter: z.number().optional(),
  /** Share of the machine's CPU time other processes used in the half second before the run (absent: results before it, or no /proc). */
  cpuBusyBefore: z.number().optional(),
  /** Share of the machine's CPU time a hypervisor stole during the run. */
  cpuStealShare: z.number().optional(),
  engine: z.object({
    name: z.string(),
    version: z.string(),
    flags: z.string(),
    /** From gauntlet doctor --calibrate on this CPU model: the engine's CPU per request and its one-core ceiling. */
    calibration: calibrationSchema.optional(),
  }),
  /**
   * The engine of each scenario's trials and its flags for them (`--engine auto` picks per
   * scenario). `engine` above is the engine of the first scenario. Absent in results written
   * before engines were picked per scenario: `engine` ran everything.
   */
  scenarioEngines: z
    .record(
      z.string(),
      z.object({ name: z.string(), version: z.string(), flags: z.string(), calibration: calibrationSchema.optional() }),
    )
    .optional(),
  pinning: z.object({
    pinned: z.boolean(),
    server: z.string().optional(),
    engine: z.string().optional(),
    /** Cores of the suite's services (absent: none, or not pinned). */
    services: z.string().optional(),
    note: z.string(),
  }),
  packages: z.record(z.string(), z.string()),
  /**
   * A KVM guest's idle polling (cpuidle governor haltpoll): how long an idle core polled before
   * it halted, in ns, and `setFrom` when gauntlet set that for the run (src/proc/idle-polling.ts).
   * Absent on machines without the governor and in older results.
   */
  idlePolling: idlePollingSchema.optional(),
  /**
   * Set when the result was not measured by gauntlet but imported (`gauntlet report` of k6
   * summaries): the tool and the files; every machine field above is then "unknown".
   */
  imported: z.object({ tool: z.string(), files: z.array(z.string()) }).optional(),
  /** The runtimes the targets ran on and where each binary came from (absent in older results: `node` above ran them). */
  runtimes: z.array(runtimeRecordSchema.extend({ source: z.string() })).optional(),
  /**
   * Set when the targets ran on another host (`--server-host`): that machine, and the link to it
   * measured at the start. The fields above are then the load host's. Absent: one machine ran all.
   */
  serverHost: serverHostSchema.optional(),
  /**
   * Set when k6 ran on several load hosts (`--load-hosts`), each a share of every load: those
   * machines. The fields above are then the machine that drove the run. Absent: the load came from here.
   */
  loadHosts: z.array(loadHostSchema).optional(),
});

export const planSchema = z.object({
  suite: z.string(),
  /** The workload kind (absent in older results: http). A bench run's tables are in `bench`, its trials in result.bench. */
  kind: z.enum(['http', 'bench']).optional(),
  bench: benchPlanSchema.optional(),
  targets: z.array(z.string()),
  scenarios: z.array(z.string()),
  runtime: z.string(),
  repeats: z.number().int().positive(),
  durationSec: z.number().positive(),
  warmupSec: z.number().nonnegative(),
  /** Unmeasured load before each window (absent in older results: none). */
  trialWarmupSec: z.number().nonnegative().optional(),
  /** Visits of the baseline in each scenario's pass of a round, each to its own process, combined by their median (absent: one). */
  baselineVisits: z.number().int().positive().optional(),
  /** Processes of every target, each measured once in each scenario's pass of a round, combined by their median (absent: one). */
  processes: z.number().int().positive().optional(),
  connections: z.number().int().positive(),
  pipelining: z.number().int().positive(),
  /** The load profile of every trial, as --profile spells it (absent: fixed). */
  profile: z.string().optional(),
  /** Why this profile, when the suite has a load shape of its own (fanout: its k6 ramp when k6 is here, else fixed). */
  profileReason: z.string().optional(),
  /**
   * Scenarios whose trials are shaped apart from the plan's own fields (fanout's ramp):
   * their profile (absent: fixed) and why, their window, and the targets they run on (absent: all).
   */
  scenarioShapes: z
    .record(
      z.string(),
      z.object({
        profile: z.string().optional(),
        profileReason: z.string().optional(),
        durationSec: z.number().positive(),
        targets: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  engine: z.string(),
  baseline: z.string(),
  seed: z.number().int(),
  /** Cluster mode: workers per target (absent: one process). */
  workers: z.number().int().positive().optional(),
  /** Category and traffic share of each scenario, for suites that weight them (saas). */
  scenarioWeights: z
    .record(z.string(), z.object({ category: z.string().optional(), weight: z.number().optional() }))
    .optional(),
  /** Traffic share per category, as configured. */
  categoryWeights: z.record(z.string(), z.number()).optional(),
  /** V8 flags every node and deno target ran with (KEPT_UP_V8_FLAGS, then --v8-flags); absent in results from before they were recorded, whose targets ran with none, and in imported ones. */
  v8Flags: z.array(z.string()).optional(),
  /** Every target measured in turns with a baseline process (`run --turns`, measure/turns-trial.ts): the length of a turn. */
  turns: z.object({ turnMs: z.number().positive() }).optional(),
  /**
   * The time the planned rounds could take (measure/round-budget.ts): no round started that
   * would have ended past `sec` of the run, once `minRounds` were done; a complete run with
   * fewer rounds than `repeats` was ended by it.
   */
  roundBudget: z.object({ sec: z.number().positive(), minRounds: z.number().int().positive() }).optional(),
  /** Adaptive repeats: rounds were added until intervals were this narrow or the budget ran out. */
  untilStable: z.object({ halfWidthShare: z.number().positive(), budgetSec: z.number().positive() }).optional(),
  /** The upstream service the suite's requests call (fanout): how it answered and where it ran. */
  upstream: z
    .object({
      latencyMs: z.number(),
      payloadBytes: z.number(),
      callsPerRequest: z.number().int().positive(),
      /** taskset list it ran on (absent: not pinned). */
      cores: z.string().optional(),
      /** The node version that ran it (gauntlet's own). */
      node: z.string(),
    })
    .optional(),
});

export const targetInfoSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  router: z.boolean(),
  layer: z.string().optional(),
  homepage: z.string(),
  features: z.array(z.string()),
  packages: z.record(z.string(), z.string()),
  /** What ran it (absent in older results). */
  runtime: runtimeRecordSchema.optional(),
});

export const TRIAL_FLAGS = [
  'generator-bound',
  'errors',
  'timeouts',
  'unexpected-status',
  'short-window',
  'window-too-short',
  'dropped-requests',
  /** The load generator died or failed, twice (the trial is run once more after the first): its failure, not the target's. */
  'engine-failed',
  /** A wrong answer came back while the load ran (gauntlet's checker or the engine's own body check): the target is refused. */
  'wrong-under-load',
] as const;

/** One start of a target (per protocol it serves): how long it took to answer, and its warm-up to steady state. */
export const startSchema = z.object({
  target: z.string(),
  protocol: z.string(),
  at: z.string(),
  /** Why it was started: the run's first start, or a restart after it died. */
  cause: z.enum(['first', 'restart']),
  /** Which of the target's processes (1-based; absent: its only one): the baseline runs one per visit. */
  process: z.number().int().positive().optional(),
  readyMs: z.number(),
  warmup: z.object({
    seconds: z.number(),
    /** True when throughput and CPU per request levelled off before the maximum. */
    steady: z.boolean(),
    blocks: z.array(z.object({ bytesPerSec: z.number(), bytesPerCpuSec: z.number() })),
    error: z.string().optional(),
    /** The run was interrupted during this warm-up. */
    interrupted: z.literal(true).optional(),
    /** Milliseconds waited between blocks for the target to finish the work a block left (not in seconds). */
    waitedMs: z.number().nonnegative().optional(),
  }),
  /** Mean bytes per answer of each scenario's load, sampled at the start, that trials are checked against. */
  answerSizes: z.record(
    z.string(),
    z.object({ basis: z.enum(['wire', 'body']), bytesPerResponse: z.number(), sampled: z.number() }),
  ),
});

export const trialSchema = z.object({
  /** HTTP loads (absent: http); in-process benchmark trials are benchTrialSchema, under result.bench. */
  kind: z.literal('http').optional(),
  index: z.number().int(),
  round: z.number().int(),
  target: z.string(),
  scenario: z.string(),
  /** Which of the target's processes served it (1-based; absent: its only one): the baseline runs one per visit. */
  process: z.number().int().positive().optional(),
  /** ok: measured and clean; invalid: measured but its numbers cannot be trusted (see flags); failed: no measurement. */
  status: z.enum(['ok', 'invalid', 'failed']),
  reason: z.string().optional(),
  startedAt: z.string(),
  flags: z.array(z.enum(TRIAL_FLAGS)),
  /** The exact runtime the target ran on in this trial (absent in older results: environment.node). */
  runtime: runtimeRecordSchema.optional(),
  /** The load engine that ran the trial (absent in older results: environment.engine). */
  engine: z.string().optional(),
  /** Set when the trial's engine is not its scenario's (environment.scenarioEngines): it could not read this target's answers. */
  engineFallback: z.object({ version: z.string(), flags: z.string(), reason: z.string() }).optional(),
  /** How long gauntlet waited for the target to go idle after the previous load, and whether it did (absent in older results). */
  settle: z.object({ waitedMs: z.number(), idle: z.boolean() }).optional(),
  /**
   * Measured in turns with a process of the baseline (measure/turns-trial.ts): the two servers
   * took `turnMs` turns on the server core while both were loaded; req/s and CPU share count
   * the time this one ran (`servedSec` of the window), latencies include the turns it waited.
   * `partner` holds the other side's figures from the same window, for the ratio of this trial.
   */
  turns: z
    .object({
      turnMs: z.number().positive(),
      servedSec: z.number().nonnegative(),
      /** How long this side's threads took to stop at the end of its turns in the window, ms (absent in results before it was read). */
      stopMs: z.object({ median: z.number().nonnegative(), max: z.number().nonnegative() }).optional(),
      partner: z.object({
        target: z.string(),
        process: z.number().int().positive().optional(),
        status: z.enum(['ok', 'invalid', 'failed']),
        requestsPerSec: z.number().optional(),
        cpuUsPerRequest: z.number().optional(),
      }),
    })
    .optional(),
  /** The window was too short for its load at first and was measured again this long (the first attempt is dropped). */
  windowExtended: z.object({ fromSec: z.number(), toSec: z.number(), reason: z.string() }).optional(),
  /** Bytes per response in the window against the answers sampled at the start (absent: the engine did not count them). */
  answerSize: z
    .object({ basis: z.enum(['wire', 'body']), expectedBytes: z.number(), observedBytes: z.number(), ok: z.boolean() })
    .optional(),
  measurement: z
    .object({
      durationSec: z.number(),
      requests: z.number(),
      requestsPerSec: z.number(),
      errors: z.number(),
      timeouts: z.number(),
      statusCounts: z.record(z.string(), z.number()),
      unexpectedStatus: z.number(),
      bytes: z.number(),
      bytesPerSec: z.number(),
      latencyMs: latencySchema,
      /** 'batch': one latency per pipelined batch, from writing it to its last response (wrk); absent: per request. */
      latencyPer: z.literal('batch').optional(),
      /** HTTP/2: share (0–1) of header bytes HPACK saved, where the engine reports it (h2load). */
      headerCompression: z.number().optional(),
      /** Response body bytes (HTTP/2 DATA), where the engine counts them. */
      bodyBytes: z.number().optional(),
      /** The load's profile and model (absent in older results: fixed, closed, latency from the send). */
      load: loadShapeSchema.optional(),
      /** Rate profile: requests the schedule asked for over the window, and those not sent on schedule. */
      scheduled: z.number().optional(),
      dropped: z.number().optional(),
      /** Ramp and rate profiles: figures per stage (k6). */
      stages: z.array(stageSchema).optional(),
      server: z.object({
        cpuSeconds: z.number(),
        cpuUsPerRequest: z.number(),
        cpuCores: z.number(),
        maxCpuPercent: z.number(),
        peakRssBytes: z.number(),
        rssSeries: z.array(z.tuple([z.number(), z.number()])),
      }),
      /** The load generator's CPU; with several load hosts, cpuCores is the busiest host's and cpuUsPerRequest all of theirs. */
      generator: z.object({ cpuCores: z.number(), cpuUsPerRequest: z.number() }),
      /** Several load hosts: each one's share, as its own k6 measured it (the figures above are all of them). */
      loadHosts: z
        .array(
          z.object({
            host: z.string(),
            requests: z.number(),
            errors: z.number(),
            durationSec: z.number(),
            requestsPerSec: z.number(),
            latencyMs: z.object({ p50: z.number(), p99: z.number(), max: z.number() }),
            generatorCpuCores: z.number(),
          }),
        )
        .optional(),
      /** The upstream over the same window (fanout): the calls it served against the responses, and its CPU. */
      upstream: z
        .object({
          calls: z.number(),
          expectedCalls: z.number(),
          /** How far calls may fall below expectedCalls: requests in flight when the window opened. */
          allowedBelow: z.number(),
          /** How far above: those, requests in flight when it closed, and a previous load's finishing inside it. */
          allowedAbove: z.number(),
          ok: z.boolean(),
          cpuSeconds: z.number(),
          /** The upstream's CPU per inbound response (its five calls). */
          cpuUsPerRequest: z.number(),
          cpuCores: z.number(),
        })
        .optional(),
    })
    .optional(),
  exit: z.object({ code: z.number().nullable(), signal: z.string().nullable(), lastOutput: z.string() }).optional(),
  /**
   * The load generator died or failed in this trial (absent: it did not): each failure, with how
   * its process ended and what it wrote to stderr. After the first the trial is run once more;
   * a second makes the trial failed with the flag engine-failed. Never the target's failure.
   */
  engineFailures: z
    .array(
      z.object({
        engine: z.string(),
        reason: z.string(),
        code: z.number().nullable().optional(),
        signal: z.string().nullable().optional(),
        stderr: z.string(),
      }),
    )
    .optional(),
  /** Answers checked while the load ran (absent in older results): by gauntlet's own checker, and by the engine where it reads bodies. */
  answerChecks: z
    .object({
      /** The scenario's checks, sent on connections of gauntlet's own at a small share of the load, judged as verification judges (absent: the scenario has no checks). */
      checker: z
        .object({
          sent: z.number(),
          /** Answers judged (right or wrong). */
          answered: z.number(),
          /** Answers that came back inside the measured window: the server's CPU per request counts them. */
          inWindow: z.number(),
          /** Answers judged during the unmeasured load right before the window, where checks cost the figures nothing. */
          beforeWindow: z.number(),
          wrong: z.number(),
          /** No answer, or a 429/503 (a server shedding load): not a wrong answer. */
          unanswered: z.number(),
          /** Checks a second it aimed for as the window opened: its share of the cell's last measured rate. */
          ratePerSec: z.number(),
        })
        .optional(),
      /** What the engine checked of every response in the window. */
      engine: z.object({
        engine: z.string(),
        /**
         * 'bodies': every body against its request's answer; 'body-set': every body against the
         * set of the load's right answers (wrk, which cannot tell which request an answer is for:
         * blind to two right answers swapped); 'status': only the status.
         */
        checks: z.enum(['bodies', 'body-set', 'status']),
        /** Responses whose body was compared (0 with 'status'). */
        compared: z.number(),
        wrong: z.number(),
        /** Why the bodies were not given to the engine to compare (the scenario does not say them, or this target writes them otherwise). */
        notCompared: z.string().optional(),
      }),
    })
    .optional(),
  /** Wrong answers seen while the load ran (the first few), with the request and the answer: the trial fails and the target is not ranked. */
  wrongAnswers: z
    .array(
      z.object({
        by: z.enum(['checker', 'engine']),
        request: z.string(),
        status: z.number(),
        body: z.string(),
        reason: z.string(),
      }),
    )
    .optional(),
});

export const verificationSchema = z.object({
  target: z.string(),
  round: z.number().int(),
  ok: z.boolean(),
  /** 'start': before any load (absent in older results); 'under-load': after a measured window, or its bytes per response. */
  phase: z.enum(['start', 'under-load']).optional(),
  failures: z.array(z.object({ scenario: z.string(), request: z.string(), reason: z.string() })),
});

/** Median over the repeats, their range, and a distribution-free interval of the median with the confidence it really has. */
const spreadSchema = z.object({
  median: z.number(),
  min: z.number(),
  max: z.number(),
  interval: z.object({ low: z.number(), high: z.number(), confidence: z.number() }),
});

/** A ratio to the baseline with its interval (stats/best-rounds.ts). */
const ratioEstimateSchema = z.object({
  estimate: z.number(),
  interval: z.object({ low: z.number(), high: z.number(), confidence: z.number() }),
  /** Rounds both were measured in. */
  rounds: z.number().int(),
  /**
   * The starts (processes) each side ran, over which the interval also resamples; a side of one
   * start cannot show its own speed, which its interval then leaves out (absent: results before
   * intervals resampled starts, over rounds alone).
   */
  processes: z.object({ target: z.number().int().positive(), baseline: z.number().int().positive() }).optional(),
  /** Bootstrap standard deviation of the estimate's log, its relative standard error (absent below 3 rounds). */
  logStandardError: z.number().optional(),
  /** The share of each start's rounds its figure keeps: 0.25, the best quarter (absent: results before it, the better half). */
  kept: z.number().positive().max(1).optional(),
  /** 'turns': the median of the ratios of trials in turns (stats/turn-ratios.ts), not the best rounds (absent: best rounds). */
  estimator: z.literal('turns').optional(),
});
export type RatioEstimate = z.infer<typeof ratioEstimateSchema>;

export const summarySchema = z.object({
  kind: z.literal('http').optional(),
  target: z.string(),
  scenario: z.string(),
  status: z.enum(['measured', 'invalid', 'failed', 'not-run']),
  reason: z.string().optional(),
  trials: z.number().int(),
  validTrials: z.number().int(),
  requestsPerSec: spreadSchema.optional(),
  /** Median over the repeats of each latency percentile. */
  latencyMs: latencySchema.optional(),
  latencyP99Ms: spreadSchema.optional(),
  bytesPerSec: z.number().optional(),
  cpuUsPerRequest: spreadSchema.optional(),
  /** fanout: the upstream's CPU per inbound response over the same windows. */
  upstreamCpuUsPerRequest: spreadSchema.optional(),
  maxCpuPercent: z.number().optional(),
  /** Highest RSS of any trial, and the spread of the per-trial peaks. */
  peakRssBytes: z.number().optional(),
  peakRss: spreadSchema.optional(),
  generatorCpuCores: z.number().optional(),
  /** HTTP/2: median share of header bytes HPACK saved, over the trials that report it. */
  headerCompression: z.number().optional(),
  /** Ramp and rate profiles: per stage, the medians over the valid trials. */
  stages: z
    .array(
      z.object({
        index: z.number().int(),
        label: z.string(),
        requestsPerSec: z.number(),
        meanMs: z.number(),
        p95Ms: z.number(),
        p99Ms: z.number(),
        dropped: z.number().optional(),
      }),
    )
    .optional(),
  /** Rate profile: median requests not sent on schedule per trial. */
  dropped: z.number().optional(),
  /**
   * The ranking figure: req/s against the baseline target in the same scenario, as
   * baselineRatios.requestsPerSec.estimate (older results: the median of the paired ratios, or
   * the ratio of the medians).
   */
  ratioToBaseline: z.number().optional(),
  /**
   * The headline against the baseline (stats/best-rounds.ts): req/s and CPU per request, each the
   * mean of the cell's best quarter of rounds over the mean of the baseline's (a side in several
   * processes, such as the baseline's visits: the median of each process's best quarter), with a
   * bootstrap interval over starts and rounds; `kept` says which share (older results: the half).
   */
  baselineRatios: z
    .object({ requestsPerSec: ratioEstimateSchema.optional(), cpuUsPerRequest: ratioEstimateSchema.optional() })
    .optional(),
  /**
   * Per round, this target's req/s over the baseline's in the same round and scenario
   * (measured seconds apart), then the median of those ratios and its interval: how far the
   * rounds agree (the headline before baselineRatios).
   */
  pairedRatio: spreadSchema.optional(),
  /** The same for CPU µs per request (below 1: cheaper than the baseline). */
  pairedCpuRatio: spreadSchema.optional(),
  flags: z.array(z.string()),
});

export const warningSchema = z.object({
  /** Its code (stats/warning-codes.ts, docs/warnings.md). */
  kind: z.string(),
  /** The full text, for the Markdown and HTML reports. */
  message: z.string(),
  /** One line for the terminal (absent in older results: the terminal clips the message). */
  short: z.string().optional(),
  target: z.string().optional(),
  scenario: z.string().optional(),
});

/** One figure of a cell against another's: the per-round ratio's Hodges-Lehmann estimate with its signed-rank interval and p-value (older results: the ratio of medians, a bootstrap interval, Mann-Whitney). */
const ratioSchema = z.object({ ratio: z.number(), low: z.number(), high: z.number(), pValue: z.number() });
const ratiosSchema = z.object({ requestsPerSec: ratioSchema.optional(), cpuUsPerRequest: ratioSchema.optional() });

/**
 * A run on several runtimes: per target (its name on one runtime) and scenario, each runtime's
 * medians, the runtime against the first one (the reference), and the target against the
 * baseline on the same runtime. Computed from the trials.
 */
export const runtimeMatrixSchema = z.object({
  /** In --runtime's order; the first is the reference the runtime ratios divide by. */
  runtimes: z.array(runtimeRecordSchema),
  /** The baseline target's name on one runtime. */
  baseline: z.string(),
  cells: z.array(
    z.object({
      target: z.string(),
      scenario: z.string(),
      runtimes: z.array(
        z.object({
          runtime: z.string(),
          /** The target's name in this run (`fastify@bun`). */
          variant: z.string(),
          requestsPerSec: z.number().optional(),
          cpuUsPerRequest: z.number().optional(),
          /** This runtime over the reference runtime (absent for the reference itself). */
          vsReference: ratiosSchema.optional(),
          /** This target over the baseline on the same runtime (absent for the baseline). */
          vsBaseline: ratiosSchema.optional(),
        }),
      ),
    }),
  ),
});

/** Suite-level figures for weighted suites (saas), derived from the summaries and kept for readers of the JSON. */
/**
 * One pair of targets on one runtime: per round, `after`'s figure over `before`'s measured
 * in the same round (seconds apart), and the median of those ratios with its distribution-free
 * interval. Below 1 for latency and CPU means `after` is faster or cheaper.
 */
export const pairEffectSchema = z.object({
  name: z.string(),
  before: z.string(),
  after: z.string(),
  /** Runtime id (node@24), or the run's runtime line when it ran on one. */
  runtime: z.string(),
  scenario: z.string(),
  /** Rounds in which both had a clean trial. */
  rounds: z.number().int(),
  requestsPerSec: spreadSchema.optional(),
  latencyMean: spreadSchema.optional(),
  latencyP95: spreadSchema.optional(),
  cpuUsPerRequest: spreadSchema.optional(),
});

/** What a framework built on another costs on top of it (stats/layers.ts). */
const layerOverheadSchema = z.object({
  target: z.string(),
  layer: z.string(),
  /** 0.06 = the target answers 6 % fewer req/s than its layer. */
  throughputCost: z.number(),
  /** 0.10 = the target spends 10 % more CPU per request than its layer. */
  cpuCost: z.number(),
  basis: z.enum(['weighted mix', 'median over scenarios', 'one scenario']),
  /** With one scenario: it, and the target's req/s and CPU µs/req over its layer's, best quarter of rounds, with intervals. */
  scenario: z.string().optional(),
  ratios: z
    .object({ requestsPerSec: ratioEstimateSchema.optional(), cpuUsPerRequest: ratioEstimateSchema.optional() })
    .optional(),
});
export type LayerOverhead = z.infer<typeof layerOverheadSchema>;

export const acrossScenariosSchema = z.object({
  weighted: z.array(
    z.object({
      target: z.string(),
      weightedRequestsPerSec: z.number(),
      mixRequestsPerSec: z.number(),
      weightedCpuUsPerRequest: z.number(),
      categories: z.array(z.object({ category: z.string(), requestsPerSec: z.number(), cpuUsPerRequest: z.number() })),
      missing: z.array(z.string()),
    }),
  ),
  layers: z.array(layerOverheadSchema),
  /** Runs on several runtimes (--runtime a,b): see runtimeMatrixSchema. */
  runtimes: runtimeMatrixSchema.optional(),
  /** The suite's chosen pairs of targets (fanout: framework, client, combined effect), per runtime. */
  pairs: z.array(pairEffectSchema).optional(),
});

export const resultSchema = z.object({
  schema: z.literal('gauntlet/result'),
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** false when the run was interrupted or is still being written. */
  complete: z.boolean(),
  interruption: z.string().optional(),
  environment: environmentSchema,
  plan: planSchema,
  targets: z.array(targetInfoSchema),
  unavailable: z.array(z.object({ target: z.string(), reason: z.string() })),
  verification: z.array(verificationSchema),
  trials: z.array(trialSchema),
  summaries: z.array(summarySchema),
  acrossScenarios: acrossScenariosSchema.optional(),
  /** Every target start with its warm-up (absent in older results). */
  starts: z.array(startSchema).optional(),
  warnings: z.array(warningSchema),
  /** In-process benchmarks (a bench suite): their trials and summaries (absent for HTTP suites). */
  bench: benchSectionSchema.optional(),
});

export type Environment = z.infer<typeof environmentSchema>;
export type Plan = z.infer<typeof planSchema>;
export type TargetInfo = z.infer<typeof targetInfoSchema>;
export type Trial = z.infer<typeof trialSchema>;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];
export type Measurement = NonNullable<Trial['measurement']>;
export type Verification = z.infer<typeof verificationSchema>;
export type TargetStart = z.infer<typeof startSchema>;
export type Summary = z.infer<typeof summarySchema>;
export type Spread = z.infer<typeof spreadSchema>;
export type Warning = z.infer<typeof warningSchema>;
export type Result = z.infer<typeof resultSchema>;
export type RuntimeRecord = z.infer<typeof runtimeRecordSchema>;
export type RuntimeMatrix = z.infer<typeof runtimeMatrixSchema>;
export type LatencyMs = z.infer<typeof latencySchema>;
export type Stage = z.infer<typeof stageSchema>;
export type LoadShape = z.infer<typeof loadShapeSchema>;
export type StageSummary = NonNullable<Summary['stages']>[number];
