/**
 * Runs autocannon in its own process, one trial per 'run' message, (pinned to the generator's cores by the parent):
 * a warm-up, then the measured window, announced over IPC so the parent samples /proc
 * over exactly that window.
 */
import autocannon from 'autocannon';
import type { EngineMeasurement, LoadSpec } from '../engine.js';
import type { FromWorker, ToWorker } from '../worker-messages.js';

function send(message: FromWorker): void {
  process.send?.(message);
}

function autocannonOptions(spec: LoadSpec, durationSec: number): autocannon.Options {
  const [first] = spec.requests;
  const options: autocannon.Options = {
    url: spec.baseUrl,
    connections: spec.connections,
    pipelining: spec.pipelining,
    duration: durationSec,
    timeout: spec.timeoutSec,
  };
  const rate = constantRate(spec);
  if (rate !== undefined) {
    // -R: a cap of `rate` requests per second over all connections (rate/connections each,
    // refilled every second), on connections that still wait for each answer: a closed loop.
    // Its coordinated-omission "correction" takes 1/rate (seconds) as the expected interval
    // in milliseconds, so it records made-up samples 1 ms apart below every real one (a 50 ms
    // answer becomes 50 samples, p50 halved): gauntlet turns it off and keeps what was measured.
    options.overallRate = rate;
    options.ignoreCoordinatedOmission = true;
  }
  if (spec.requests.length === 1) {
    options.method = first.method;
    options.headers = first.headers;
    options.body = first.body;
    options.url = new URL(first.path, spec.baseUrl).href;
  } else {
    // Cycle through the requests so a router cache cannot answer from one hot entry.
    let next = 0;
    const all = spec.requests;
    options.requests = [
      {
        setupRequest: (request) => {
          const chosen = all[next++ % all.length];
          return {
            ...request,
            method: chosen.method,
            path: chosen.path,
            headers: chosen.headers ?? {},
            body: chosen.body ?? '',
          };
        },
      },
    ];
  }
  return options;
}

/** The one constant rate of a `--profile rate:N/T` load (autocannon has no ramping rate), else undefined. */
export function constantRate(spec: LoadSpec): number | undefined {
  if (spec.profile?.kind !== 'rate') return undefined;
  const [stage, ...more] = spec.profile.stages;
  if (more.length > 0 || stage.from !== stage.to) throw new Error('autocannon has no ramping rate: use --engine k6');
  return stage.to;
}

function toMeasurement(result: autocannon.Result, spec: LoadSpec): EngineMeasurement {
  const statusCounts: Record<string, number> = {};
  const stats = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  for (const [code, { count }] of Object.entries(stats)) statusCounts[code] = count;
  return {
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
    bytes: result.throughput.total,
    durationSec: result.duration,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p75: result.latency.p75,
      p90: result.latency.p90,
      p99: result.latency.p99,
      p99_9: result.latency.p99_9,
      max: result.latency.max,
    },
    ...rateFigures(result, spec),
  };
}

/** Rate profile: what the schedule asked for and what autocannon did not send (its missed budget is never sent later). */
function rateFigures(result: autocannon.Result, spec: LoadSpec): Pick<EngineMeasurement, 'scheduled' | 'dropped'> {
  const rate = constantRate(spec);
  if (rate === undefined) return {};
  const scheduled = Math.round(rate * spec.durationSec);
  return { scheduled, dropped: Math.max(0, scheduled - result.requests.sent) };
}

async function run(spec: LoadSpec): Promise<void> {
  if (spec.warmupSec > 0) await autocannon(autocannonOptions(spec, spec.warmupSec));
  send({ type: 'window-start' });
  const result = await autocannon(autocannonOptions(spec, spec.durationSec));
  send({ type: 'window-end', measurement: toMeasurement(result, spec) });
}

process.on('message', (message: ToWorker) => {
  if (message.type !== 'run') return;
  run(message.spec).catch((error: Error) => send({ type: 'failed', message: error.message }));
});
// The parent went away: nothing left to report to.
process.on('disconnect', () => process.exit(0));
