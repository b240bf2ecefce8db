/**
 * The figure the README, docs/instructions.md and bench/README.md quote from the committed
 * `npm run bench:counts` output (bench/instructions/<label>.json): how often `ab --cost
 * instructions` called a known change, how often it called a version different from itself, and
 * the minutes a run took.
 */
import { readFileSync } from 'node:fs';
import { medianOf } from '../stats/describe.js';
import type { CountChange } from '../instructions/count-result.js';

interface CountsBench {
  runs?: number;
  records: Array<{ kind: 'A/A' | 'A/B'; minutes: number; changes: CountChange[] }>;
}

const pct = (share: number) => `${share < 0 ? '−' : '+'}${Math.abs(share * 100).toFixed(2)} %`;

export function renderCountsEvidence(file: string, link: string): string {
  const bench = JSON.parse(readFileSync(file, 'utf8')) as CountsBench;
  const of = (kind: 'A/A' | 'A/B') => {
    const records = bench.records.filter((r) => r.kind === kind);
    const cells = records.flatMap((r) => r.changes);
    const changes = cells.map((c) => c.change ?? 0);
    return {
      runs: records.length,
      called: cells.filter((c) => c.verdict === 'regression' || c.verdict === 'improvement').length,
      low: Math.min(...changes),
      high: Math.max(...changes),
      median: medianOf(changes) ?? 0,
    };
  };
  const [aa, ab] = [of('A/A'), of('A/B')];
  const minutes = bench.records.map((r) => r.minutes);
  const planned = bench.runs ?? Math.max(aa.runs, ab.runs);
  const sofar =
    aa.runs < planned || ab.runs < planned ? ` So far ${aa.runs + ab.runs} of the ${2 * planned} runs planned.` : '';
  return (
    `Against a copy of polka whose handler runs a fixed loop ([${link.replace(/^.*\//, '').replace(/\.md$/, '')}](${link})), ` +
    `\`ab --cost instructions\` called the regression in ${ab.called} of ${ab.runs} runs, measuring it at ${pct(ab.low)} to ${pct(ab.high)} ` +
    `(median ${pct(ab.median)}), and called polka different from itself in ${aa.called} of ${aa.runs} A/A runs ` +
    `(changes ${pct(aa.low)} to ${pct(aa.high)}). A run took ${(medianOf(minutes) ?? 0).toFixed(1)} minutes in the median ` +
    `and ${Math.max(...minutes).toFixed(1)} at most, installs included.${sofar}`
  );
}
