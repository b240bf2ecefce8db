/** Number formatting shared by every report: 61,234 req/s; 18.2 µs; 54 MB. */
import type { RatioEstimate, Spread } from '../model/schema.js';
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatInt(value: number | undefined): string {
  return value === undefined ? '–' : integer.format(Math.round(value));
}

export function formatFixed(value: number | undefined, digits = 1): string {
  return value === undefined ? '–' : value.toFixed(digits);
}

export function formatMegabytes(bytes: number | undefined): string {
  return bytes === undefined ? '–' : (bytes / 1024 / 1024).toFixed(0);
}

/** Megabits per second, the "Output (Mb/s)" of "mion Hello World Benchmarks". */
export function formatMegabits(bytesPerSec: number | undefined): string {
  return bytesPerSec === undefined ? '–' : ((bytesPerSec * 8) / 1e6).toFixed(2);
}

export function formatRatio(ratio: number | undefined): string {
  return ratio === undefined ? '–' : `${Math.round(ratio * 100)} %`;
}

/** "92 % [88–95]": a ratio and its interval, as percentages. */
function formatRatioWithInterval(ratio: number, { low, high }: { low: number; high: number }): string {
  const p = (x: number) => Math.round(x * 100);
  return p(low) === p(high) ? `${p(ratio)} %` : `${p(ratio)} % [${p(low)}–${p(high)}]`;
}

/** "92 % [88–95]": a ratio's median and interval, as percentages. */
export function formatRatioSpread(spread: Spread | undefined): string {
  return spread ? formatRatioWithInterval(spread.median, spread.interval) : '–';
}

/** "92 % [88–95]": a ratio's estimate and interval (stats/best-rounds.ts), as percentages. */
export function formatRatioEstimate(ratio: RatioEstimate | undefined): string {
  return ratio ? formatRatioWithInterval(ratio.estimate, ratio.interval) : '–';
}

/** "61,234 [58,100–62,000]": the median and its interval. `scale` turns bytes into MB and the like. */
export function formatSpread(spread: Spread | undefined, digits = 0, scale = 1): string {
  if (!spread) return '–';
  const f = (x: number) => (digits === 0 ? formatInt(x / scale) : (x / scale).toFixed(digits));
  const { low, high } = spread.interval;
  return low === high ? f(spread.median) : `${f(spread.median)} [${f(low)}–${f(high)}]`;
}

/** "75 %": the confidence an interval really has. */
export function formatConfidence(confidence: number): string {
  return `${Math.floor(confidence * 1000) / 10} %`;
}
