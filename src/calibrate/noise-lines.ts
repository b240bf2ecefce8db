/** The machine-noise probe in words: what the windows did, and what that means for the main job. */
import { formatFixed, formatInt } from '../report/format.js';
import type { SeriesNoise } from '../stats/window-noise.js';
import type { NoiseProbe } from './noise-probe.js';

const pct = (share: number, digits = 1) => `${(share * 100).toFixed(digits)} %`;
const correlation = (r: number | undefined) => (r === undefined ? 'n/a' : r.toFixed(2));

function seriesLine(label: string, series: SeriesNoise, typical: string, windowSec: number): string {
  const [lag1, lag2] = series.lagCorrelations;
  return (
    `  ${label}: median ${typical}; windows spread ${pct(series.logSpread)} (standard deviation of the log); ` +
    `worst ${pct(series.worst, 0)} of the median; ${series.slowWindows} of ${series.windows} windows slower than 80 % of it; ` +
    `a window and the next correlated ${correlation(lag1)}, two apart ${correlation(lag2)} (a window every ${formatFixed(windowSec, 2)} s or so)`
  );
}

/** Rounds that would bring the error down to `needed`: it falls as 1/√rounds. */
export function roundsFor(error: number, needed: number, rounds: number): number {
  return Math.ceil(rounds * (error / needed) ** 2);
}

export function noiseProbeLines(probe: NoiseProbe): string[] {
  const { noise, windows } = probe;
  const { design, goal } = noise;
  const spanSec =
    windows.length > 1
      ? (Date.parse(windows.at(-1)!.startedAt) - Date.parse(windows[0].startedAt)) / 1000 / (windows.length - 1)
      : 0;
  const rps = noise.requestsPerSec;
  const cpu = noise.cpuUsPerRequest;
  const lines = [
    `machine noise, ${probe.measuredAt}: ${probe.target} on ${probe.runtime} (core ${probe.cores.server ?? 'any'}), ` +
      `${probe.engine.name} ${probe.engine.flags} (core ${probe.cores.engine ?? 'any'}); ` +
      `${windows.length} windows back to back after a ${probe.warmup.seconds} s warm-up, as the main job measures`,
    seriesLine('req/s', rps, formatInt(rps.median), spanSec),
    seriesLine('CPU µs/req', cpu, formatFixed(cpu.median), spanSec),
  ];
  if (probe.dropped.length > 0)
    lines.push(`  ${probe.dropped.length} window(s) not clean, left out: ${probe.dropped[0].reason}`);
  if (probe.steal !== undefined) lines.push(`  CPU time stolen by the hypervisor meanwhile: ${pct(probe.steal)}`);
  lines.push(
    `  the main job (${design.rounds} rounds, better half, the baseline visited ${design.baselineVisits} times a round) ` +
      `would carry from this noise alone a standard error of ${pct(rps.expectedRatioError)} in a req/s ratio and ` +
      `${pct(cpu.expectedRatioError)} in a CPU ratio: two runs would hold about ${pct(rps.expectedWithin, 0)} and ` +
      `${pct(cpu.expectedWithin, 0)} of the cells within ${pct(goal.tolerance, 0)} (a floor: each framework's own noise and the baseline's move between runs come on top); ` +
      `${pct(goal.share, 0)} needs ${pct(noise.neededError)} or less.`,
  );
  // The verdict is the headline's (req/s), the figure the stability goal is set on.
  const held = `${pct(goal.share, 0)} of the req/s ratios within ${pct(goal.tolerance, 0)}`;
  lines.push(
    rps.expectedRatioError <= noise.neededError
      ? `  verdict: calm: from the machine's noise alone, two runs of the main job would hold ${held}.`
      : `  verdict: noisy: two runs of the main job would not hold ${held}; ` +
          `about ${roundsFor(rps.expectedRatioError, noise.neededError, design.rounds)} rounds (--repeats) would bring the error to ` +
          `${pct(noise.neededError)}, or wait for a calmer hour; the order of targets far apart still holds.`,
  );
  return lines;
}
