/**
 * How many wall-clock seconds a trial's load takes for each second of it a plan asks for. In
 * turns (`run --turns`) each side runs `--duration` (and its lead-in) of its own while the two
 * servers take turns on one core, so the load lasts twice as long; otherwise once.
 */
export function wallShare(turns: boolean): number {
  return turns ? 2 : 1;
}
