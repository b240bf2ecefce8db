/**
 * Every figure the README, docs/stability.md and bench/README.md quote from the reference
 * outputs in bench/, generated into the blocks those pages mark, so that prose cannot drift from
 * data: `npm run docs:reference` writes them, and a unit test fails when a page differs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AB_SENSITIVITY_DIR, BENCH_DIR, HELLO_REFERENCE, STABILITY_DIR } from '../bench/outputs.js';
import { projectRoot } from '../core/paths.js';
import { loadResult } from '../results/store.js';
import { renderAbEvidence } from './reference-ab.js';
import { replaceBlocks } from './reference-blocks.js';
import { renderExitCodes } from './reference-exit-codes.js';
import { renderCountsEvidence, renderCountsSizes } from './reference-counts.js';
import { renderCountsRepeat, renderInstructionsBesideCpu } from './reference-instructions.js';
import { renderReferenceRanking } from './reference-ranking.js';
import {
  loadStabilityPairs,
  renderStabilityEvidence,
  renderStabilityTable,
  renderTurnsEvidence,
} from './reference-stability.js';

/** The `npm run bench:ab` output the pages quote. */
const AB_LABEL = 'polka-burn';
/** The `npm run bench:counts` output the pages quote. */
const COUNTS_FILE = join(BENCH_DIR, 'instructions', 'polka-1pct.json');
/** Every `npm run bench:counts` output (polka-<size>pct.json), one per size of extra work in B, linked from `linkDir`. */
const countsSizes = (names: string[], linkDir: string) =>
  names.map((name) => ({
    file: join(BENCH_DIR, 'instructions', name),
    link: `${linkDir}${name.replace(/\.json$/, '.md')}`,
  }));
/** The count of the hello targets on a quiet machine, and a second one taken after it. */
const HELLO_COUNTS = join(BENCH_DIR, 'instructions', 'hello.json');
const HELLO_COUNTS_REPEAT = join(BENCH_DIR, 'instructions', 'hello-repeat.json');

export interface ReferencePage {
  file: string;
  /** The page as the generator writes it: its current text with every block regenerated. */
  text: string;
}

export function referencePages(): ReferencePage[] {
  const result = loadResult(HELLO_REFERENCE);
  const pairs = loadStabilityPairs(STABILITY_DIR);
  const sizes = readdirSync(join(BENCH_DIR, 'instructions')).filter((name) => /^polka-.+pct\.json$/.test(name));
  const fromRoot = (dir: string) => `${relative(projectRoot, dir)}/`;
  const page = (path: string, blocks: Record<string, string>): ReferencePage => {
    const file = join(projectRoot, path);
    return { file, text: replaceBlocks(readFileSync(file, 'utf8'), blocks, path) };
  };
  return [
    page('README.md', {
      reference: renderReferenceRanking(result, relative(projectRoot, join(HELLO_REFERENCE, '..'))),
      'stability-evidence': renderStabilityEvidence(pairs),
      'ab-sensitivity': renderAbEvidence(AB_SENSITIVITY_DIR, AB_LABEL, fromRoot(AB_SENSITIVITY_DIR)),
      'counts-sensitivity': renderCountsEvidence(COUNTS_FILE, 'bench/instructions/polka-1pct.md'),
      'exit-codes': renderExitCodes(),
    }),
    page(join('docs', 'stability.md'), {
      'stability-table': renderStabilityTable(pairs, `../${fromRoot(STABILITY_DIR)}`),
      'stability-evidence': renderStabilityEvidence(pairs),
      'turns-evidence': renderTurnsEvidence(pairs),
    }),
    page(join('docs', 'instructions.md'), {
      'instructions-beside-cpu': renderInstructionsBesideCpu(HELLO_COUNTS, result, '../bench/instructions/hello.md'),
      'counts-sensitivity': renderCountsEvidence(COUNTS_FILE, '../bench/instructions/polka-1pct.md'),
      'counts-sizes': renderCountsSizes(countsSizes(sizes, '../bench/instructions/')),
      'counts-repeat': renderCountsRepeat(HELLO_COUNTS, HELLO_COUNTS_REPEAT, '../bench/instructions/hello-repeat.md'),
    }),
    page(join('bench', 'README.md'), {
      'hello-run': `Run on ${result.startedAt.slice(0, 10)}: ${result.environment.cpuModel}, ${result.environment.cpuCount} cores, targets on ${result.plan.runtime}.`,
      'stability-table': renderStabilityTable(pairs, `${relative(BENCH_DIR, STABILITY_DIR)}/`),
      'ab-sensitivity': renderAbEvidence(AB_SENSITIVITY_DIR, AB_LABEL, `${relative(BENCH_DIR, AB_SENSITIVITY_DIR)}/`),
      'counts-sensitivity': renderCountsEvidence(COUNTS_FILE, 'instructions/polka-1pct.md'),
      'counts-sizes': renderCountsSizes(countsSizes(sizes, 'instructions/')),
      'counts-repeat': renderCountsRepeat(HELLO_COUNTS, HELLO_COUNTS_REPEAT, 'instructions/hello-repeat.md'),
    }),
  ];
}
