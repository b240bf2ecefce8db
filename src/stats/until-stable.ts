/**
 * When is a cell measured well enough? Its req/s and CPU µs/req intervals reach 95 %
 * confidence and are narrower than ± the target share of their medians.
 */
import type { Summary } from '../model/schema.js';
import { relativeHalfWidth } from './describe.js';

export function isSettled(summary: Summary, halfWidthShare: number): boolean {
  const spreads = [summary.requestsPerSec, summary.cpuUsPerRequest];
  return spreads.every(
    (spread) =>
      spread !== undefined && spread.interval.confidence >= 0.95 && relativeHalfWidth(spread) <= halfWidthShare,
  );
}

/** Measured cells that are not settled yet (failed and unavailable cells cannot settle, so they do not count). */
export function unsettledCells(summaries: Summary[], halfWidthShare: number): Summary[] {
  return summaries.filter((s) => (s.status === 'measured' || s.status === 'invalid') && !isSettled(s, halfWidthShare));
}
