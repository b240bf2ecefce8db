/**
 * `ab` on a bench suite: two versions of a package under one bench target (moleculer-0.15 with
 * moleculer@0.15.1 and @0.15.2), run as two targets of one interleaved run, then judged case
 * by case (ops/s and CPU per op) with the same rank test as HTTP cells.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchVariantTarget } from '../ab/install-bench-variant.js';
import { parseVariantSpec } from '../ab/variant-spec.js';
import { compareBenchCells } from '../compare/inproc-cells.js';
import { DEFAULT_GATE_FIGURES } from '../compare/figures.js';
import { unknownValue } from '../core/errors.js';
import { type ComparisonReport, renderComparisonMarkdown } from '../report/comparison-render.js';
import { COMPARISON_FILE } from '../results/store.js';
import { smallestSignedRankP } from '../stats/signed-rank.js';
import type { Suite } from '../suites/types.js';
import type { AbOptions, AbOutcome } from './ab.js';
import { runBenchSuite } from './run-inproc.js';

export async function abBench(
  suite: Suite,
  targetName: string,
  beforeText: string,
  afterText: string,
  options: AbOptions & { repeats: number },
): Promise<AbOutcome> {
  const spec = suite.bench!;
  const base = spec.targets.find((t) => t.name === targetName);
  if (!base)
    throw unknownValue(
      'target',
      targetName,
      spec.targets.map((t) => t.name),
      'ab',
    );
  const before = parseVariantSpec(beforeText);
  const after = parseVariantSpec(afterText);
  const same = before.installSpec === after.installSpec;
  const labelA = same ? `${before.text} (A)` : before.text;
  const labelB = same ? `${after.text} (B)` : after.text;
  options.log?.(`installing ${before.text} and ${after.text} …`);
  const targets = [await benchVariantTarget(base, before, labelA), await benchVariantTarget(base, after, labelB)];
  // Rows a line ships (a serializer) follow the line the variants come from.
  const parts = spec.parts.map((part) => ({
    ...part,
    targets: part.targets?.includes(base.name) ? [labelA, labelB] : part.targets,
    tables: part.tables.map((table) => ({
      ...table,
      cases: table.cases.map((c) =>
        c.targets?.includes(base.name) ? { ...c, targets: [...c.targets, labelA, labelB] } : c,
      ),
    })),
  }));
  const run = await runBenchSuite({ ...suite, bench: { ...spec, parts, targets } }, { ...options, targets: undefined });
  const trials = run.result.bench?.trials ?? [];
  const as = (label: string) =>
    trials
      .filter((t) => t.target === label || t.target.startsWith(`${label}@`))
      .map((t) => ({ ...t, target: targetName }));
  const gate = options.gate ?? DEFAULT_GATE_FIGURES;
  const thresholdShare = (options.thresholdPercent ?? 5) / 100;
  const report: ComparisonReport = {
    title: `gauntlet ab ${targetName}`,
    before: labelA,
    after: labelB,
    cells: compareBenchCells(as(labelA), as(labelB), gate, thresholdShare, true),
    thresholdShare,
    gated: gate,
    notes: [],
    warnings: [],
  };
  if (smallestSignedRankP(options.repeats) >= 0.05) {
    report.warnings.push(
      `with ${options.repeats} rounds no difference can reach significance at 5 %: use --repeats 6 or more`,
    );
  }
  writeFileSync(join(run.runDir, 'compare.md'), renderComparisonMarkdown(report));
  writeFileSync(join(run.runDir, COMPARISON_FILE), `${JSON.stringify(report, null, 2)}\n`);
  return { run, report };
}
