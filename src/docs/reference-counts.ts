/**
 * The figure the README, docs/instructions.md and bench/README.md quote from the committed
 * `npm run bench:counts` output (bench/instructions/<label>.json): how often `ab --cost
 * instructions` called a known change, how often it called a version different from itself, and
 * the minutes a run took.
 */
import { readFileSync } from 'node:fs';
import { type CountRunRecord, tallyCountRuns } from '../bench/count-tally.js';
import { medianOf } from '../stats/describe.js';

interface CountsBench {
  runs?: number;
  records: CountRunRecord[];
}

const pct = (share: number) => `${share < 0 ? '−' : '+'}${Math.abs(share * 100).toFixed(2)} %`;

/** How often one kind of run called a change, and the lowest, highest and median change it measured. */
function tally(bench: CountsBench, kind: CountRunRecord['kind']) {
  const { runs, called, changes } = tallyCountRuns(bench.records, kind);
  return { runs, called, low: Math.min(...changes), high: Math.max(...changes), median: medianOf(changes) ?? 0 };
}

const readBench = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CountsBench;
const nameOf = (link: string) => link.replace(/^.*\//, '').replace(/\.md$/, '');

export function renderCountsEvidence(file: string, link: string): string {
  const bench = readBench(file);
  const [aa, ab] = [tally(bench, 'A/A'), tally(bench, 'A/B')];
  const minutes = bench.records.map((r) => r.minutes);
  const planned = bench.runs ?? Math.max(aa.runs, ab.runs);
  const sofar =
    aa.runs < planned || ab.runs < planned ? ` So far ${aa.runs + ab.runs} of the ${2 * planned} runs planned.` : '';
  return (
    `Against a copy of polka whose handler runs a fixed loop ([${nameOf(link)}](${link})), ` +
    `\`ab --cost instructions\` called the regression in ${ab.called} of ${ab.runs} runs, measuring it at ${pct(ab.low)} to ${pct(ab.high)} ` +
    `(median ${pct(ab.median)}), and called polka different from itself in ${aa.called} of ${aa.runs} A/A runs ` +
    `(changes ${pct(aa.low)} to ${pct(aa.high)}). A run took ${(medianOf(minutes) ?? 0).toFixed(1)} minutes in the median ` +
    `and ${Math.max(...minutes).toFixed(1)} at most, installs included.${sofar}`
  );
}

/**
 * One row per bench of a different size of extra work, smallest change first: how often A/B
 * called it and A/A called a difference, and the minutes a run took.
 */
export function renderCountsSizes(benches: Array<{ file: string; link: string }>): string {
  const rows = benches
    .map(({ file, link }) => {
      const bench = readBench(file);
      return { link, aa: tally(bench, 'A/A'), ab: tally(bench, 'A/B'), minutes: bench.records.map((r) => r.minutes) };
    })
    .sort((x, y) => x.ab.median - y.ab.median)
    .map(
      ({ link, aa, ab, minutes }) =>
        `| [${nameOf(link)}](${link}) | ${pct(ab.median)} (${pct(ab.low)} to ${pct(ab.high)}) | ${ab.called} of ${ab.runs} | ` +
        `${aa.called} of ${aa.runs} | ${(medianOf(minutes) ?? 0).toFixed(1)}, ${Math.max(...minutes).toFixed(1)} |`,
    );
  return [
    "| B | B's change, as counted: median (range) | A/B runs that called a regression | A/A runs that called a difference | minutes a run: median, most |",
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
