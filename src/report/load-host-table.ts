/**
 * Several load hosts (`--load-hosts`): each host's share of the run's load, from the shares its
 * trials kept, so a reader sees whether the hosts pulled evenly and whether one came near a
 * full core (the busiest decides the generator-bound flag).
 */
import type { Result } from '../model/schema.js';
import { medianOf } from '../stats/describe.js';
import { formatFixed, formatInt } from './format.js';
import type { ExtraTable } from './suite-tables.js';

export function loadHostTables(result: Result): ExtraTable[] {
  const hosts = result.environment.loadHosts;
  if (!hosts) return [];
  const shares = result.trials.flatMap((trial) => trial.measurement?.loadHosts ?? []);
  const total = shares.reduce((sum, share) => sum + share.requests, 0);
  return [
    {
      title: 'Load hosts',
      note:
        'k6 ran a segment of every load on each load host, all started together; the other tables hold all of them together: ' +
        "counts added, latency percentiles read from the hosts' mixed distributions (never averaged). " +
        'Per host: its requests over every trial, their share, and per trial the median of its req/s and p99 and the most CPU its k6 took.',
      head: ['Load host', 'Requests', 'Share', 'Req/s', 'p99 (ms)', 'k6 CPU (cores)'],
      rows: hosts.map(({ name }) => {
        const own = shares.filter((share) => share.host === name);
        const requests = own.reduce((sum, share) => sum + share.requests, 0);
        return [
          name,
          formatInt(requests),
          total > 0 ? `${formatFixed((requests / total) * 100, 1)} %` : '–',
          own.length > 0 ? formatInt(medianOf(own.map((share) => share.requestsPerSec))) : '–',
          own.length > 0 ? formatFixed(medianOf(own.map((share) => share.latencyMs.p99)), 2) : '–',
          own.length > 0 ? formatFixed(Math.max(...own.map((share) => share.generatorCpuCores)), 2) : '–',
        ];
      }),
    },
  ];
}
