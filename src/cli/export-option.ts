/** `--export <format> <file>` of run, ab and compare: the run's figures for Bencher or github-action-benchmark. */
import { Option } from 'commander';
import type { CountsDocument } from '../instructions/count-result.js';
import type { Result } from '../model/schema.js';
import { EXPORT_FORMATS } from '../export/formats.js';
import { parseExports, writeExports } from '../export/write-exports.js';

export interface ExportFlags {
  export?: string[];
}

export function exportOption(): Option {
  return new Option(
    '--export <format-and-file...>',
    `also write the figures for continuous benchmarking: ${EXPORT_FORMATS.join(' or ')}, then a file (--export bmf bench.json)`,
  );
}

/** Checks the --export pairs before a run starts, so a typo does not cost the run. */
export function checkExports(flags: ExportFlags): void {
  parseExports(flags.export);
}

export function publishExports(flags: ExportFlags, doc: Result | CountsDocument): void {
  for (const file of writeExports(parseExports(flags.export), doc)) console.log(`export:   ${file}`);
}
