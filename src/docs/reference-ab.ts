/**
 * The figure the README and bench/README.md quote from the committed `npm run bench:ab` output
 * (bench/ab-sensitivity/<label>.json): how often `ab`'s own test, round by round, saw a
 * known slowdown and how often it called a version different from itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface MethodCounts {
  cells: number;
  called: number;
  regressions: number;
  medianChange: number;
  changeSpread: number;
}

interface Sensitivity {
  label: string;
  runs: { same: string[]; other: string[] };
  methods: Array<{ test: string; figure: string; aa: MethodCounts; ab: MethodCounts }>;
}

/** The test `ab` judges with (bench/ab-sensitivity.ts also reports Mann-Whitney, which `compare` uses). */
const AB_TEST = 'signed-rank';

const percent = (x: number) => `${Math.round(x * 100)} %`;
const signed = (x: number) => `${x < 0 ? '−' : '+'}${(Math.abs(x) * 100).toFixed(1)} %`;

export function renderAbEvidence(dir: string, label: string, linkPrefix: string): string {
  const saved: Sensitivity = JSON.parse(readFileSync(join(dir, `${label}.json`), 'utf8'));
  const [rps, cpu] = ['req/s', 'CPU µs/req'].map((figure) => {
    const method = saved.methods.find((m) => m.test === AB_TEST && m.figure === figure);
    if (!method) throw new Error(`${label}.json has no ${AB_TEST} row for ${figure}`);
    return method;
  });
  return (
    `Against a copy of polka that burns a fixed loop in its request handler ([${label}](${linkPrefix}${label}.md): ` +
    `${saved.runs.same.length} A/A and ${saved.runs.other.length} A/B runs of \`ab\` at its defaults), \`ab\` measured the change as ` +
    `${signed(rps.ab.medianChange)} in req/s and ${signed(cpu.ab.medianChange)} in CPU per request ` +
    `(± ${(rps.ab.changeSpread * 100).toFixed(1)} and ${(cpu.ab.changeSpread * 100).toFixed(1)} points between runs), ` +
    `called ${percent(rps.ab.called)} of the A/B cells different in req/s, and ${percent(rps.aa.called)} of the A/A cells, ` +
    `${rps.aa.regressions === 0 && cpu.aa.regressions === 0 ? 'none of them' : `${percent(Math.max(rps.aa.regressions, cpu.aa.regressions))} of them`} a regression.`
  );
}
