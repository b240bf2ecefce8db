/** The machine-noise probe in words: what identical windows did on this machine, this hour. */
import { formatFixed, formatInt } from '../report/format.js';
import { SLOW_WINDOW_SHARE, type SeriesNoise } from '../stats/window-noise.js';
import type { NoiseProbe } from './noise-probe.js';

const pct = (share: number, digits = 1) => `${(share * 100).toFixed(digits)} %`;
const correlation = (r: number | undefined) => (r === undefined ? 'n/a' : r.toFixed(2));

function seriesLine(label: string, series: SeriesNoise, typical: string): string {
  const [lag1, lag2] = series.lagCorrelations;
  return (
    `  ${label}: median ${typical}; windows spread ${pct(series.logSpread)} (standard deviation of the log); ` +
    `worst ${pct(series.worst, 0)} of the median; ${series.slowWindows} of ${series.windows} windows slower than ${pct(SLOW_WINDOW_SHARE, 0)} of it; ` +
    `a window and the next correlated ${correlation(lag1)}, two apart ${correlation(lag2)}`
  );
}

export function noiseProbeLines(probe: NoiseProbe): string[] {
  const { noise, windows } = probe;
  const everySec =
    windows.length > 1
      ? (Date.parse(windows.at(-1)!.startedAt) - Date.parse(windows[0].startedAt)) / 1000 / (windows.length - 1)
      : 0;
  const lines = [
    `machine noise, ${probe.measuredAt}: ${probe.target} on ${probe.runtime} (core ${probe.cores.server ?? 'any'}), ` +
      `${probe.engine.name} ${probe.engine.flags} (core ${probe.cores.engine ?? 'any'}); ` +
      `${windows.length} windows back to back, one every ${formatFixed(everySec, 2)} s, after a ${probe.warmup.seconds} s warm-up, as the default run measures`,
    seriesLine('req/s', noise.requestsPerSec, formatInt(noise.requestsPerSec.median)),
    seriesLine('CPU µs/req', noise.cpuUsPerRequest, formatFixed(noise.cpuUsPerRequest.median)),
  ];
  if (probe.dropped.length > 0)
    lines.push(`  ${probe.dropped.length} window(s) not clean, left out: ${probe.dropped[0].reason}`);
  if (probe.steal !== undefined) lines.push(`  CPU time stolen by the hypervisor meanwhile: ${pct(probe.steal)}`);
  if (probe.idlePolling) lines.push(`  ${probe.idlePolling.note}`);
  lines.push(
    "  every window did the same work: the spread is the machine's. Compare it with an earlier probe here (a wider spread or more slow windows: a noisier hour); " +
      '`npm run bench:stability` measures what the noise does to the ranking (docs/stability.md).',
  );
  return lines;
}
