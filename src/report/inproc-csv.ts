/** The CSV tables of an in-process bench result: one row per case window, one per target × table × case. */
import type { Result, Spread } from '../model/schema.js';
import { csvTable } from './csv.js';

type Cell = string | number | boolean | undefined;

const r = (value: number | undefined, digits: number) =>
  value === undefined ? undefined : Number(value.toFixed(digits));
const spread = (s: Spread | undefined, digits: number): Cell[] => [
  r(s?.median, digits),
  r(s?.interval.low, digits),
  r(s?.interval.high, digits),
  r(s?.interval.confidence, 4),
  r(s?.min, digits),
  r(s?.max, digits),
];
const spreadHead = (name: string) => [
  name,
  `${name}_low`,
  `${name}_high`,
  `${name}_confidence`,
  `${name}_min`,
  `${name}_max`,
];

export function benchToCsv(result: Result): { trials: string; summaries: string } {
  const bench = result.bench ?? { trials: [], summaries: [] };
  const trials = csvTable(
    [
      'index',
      'round',
      'target',
      'part',
      'table',
      'case',
      'status',
      'reason',
      'wrong_answer',
      'started_at',
      'runtime',
      'child_pid',
      'ops',
      'time_ms',
      'window_ms',
      'ops_per_sec',
      'mean_ns_per_op',
      'p50_ns',
      'p99_ns',
      'rme_pct',
      'batch',
      'samples',
      'cpu_ns_per_op',
      'cpu_cores',
      'services_cpu_ns_per_op',
      'encoded_bytes',
    ],
    bench.trials.map((t) => {
      const m = t.measurement;
      return [
        t.index,
        t.round,
        t.target,
        t.part,
        t.scenario,
        t.case,
        t.status,
        t.reason,
        t.wrongAnswer ?? false,
        t.startedAt,
        t.runtime ? `${t.runtime.name} ${t.runtime.version}` : undefined,
        t.childPid,
        m?.ops,
        r(m?.timeMs, 3),
        r(m?.windowMs, 3),
        r(m?.opsPerSec, 2),
        r(m?.meanNsPerOp, 2),
        r(m?.p50Ns, 2),
        r(m?.p99Ns, 2),
        r(m?.rme, 3),
        m?.batch,
        m?.samples,
        r(m?.cpuNsPerOp, 2),
        r(m?.cpuCores, 3),
        m?.services
          ? Object.entries(m.services)
              .map(([name, s]) => `${name}:${s.cpuNsPerOp.toFixed(1)}`)
              .join(';')
          : undefined,
        t.facts?.encodedBytes,
      ];
    }),
  );
  const summaries = csvTable(
    [
      'target',
      'part',
      'table',
      'case',
      'title',
      'reference',
      'status',
      'reason',
      'trials',
      'valid_trials',
      ...spreadHead('ops_per_sec'),
      ...spreadHead('mean_ns_per_op'),
      ...spreadHead('cpu_ns_per_op'),
      ...spreadHead('vs_reference'),
      'encoded_bytes',
    ],
    bench.summaries.map((s) => [
      s.target,
      s.part,
      s.scenario,
      s.case,
      s.title,
      s.reference,
      s.status,
      s.reason,
      s.trials,
      s.validTrials,
      ...spread(s.opsPerSec, 2),
      ...spread(s.meanNsPerOp, 2),
      ...spread(s.cpuNsPerOp, 2),
      ...spread(s.vsReference, 4),
      s.facts?.encodedBytes,
    ]),
  );
  return { trials, summaries };
}
