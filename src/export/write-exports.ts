/**
 * `--export <format> <file>` of run, ab and compare, and `gauntlet export bmf|github-action-benchmark
 * <run>`: a saved run's figures written for Bencher or github-action-benchmark.
 */
import { writeFileSync } from 'node:fs';
import { UserError, unknownValue } from '../core/errors.js';
import type { CountsDocument } from '../instructions/count-result.js';
import type { Result } from '../model/schema.js';
import { EXPORT_FORMATS, type ExportFormat, toBmf, toGithubBenchmark } from './formats.js';
import { type ExportMetric, metricsOfCounts, metricsOfRun } from './metrics.js';

export interface ExportRequest {
  format: ExportFormat;
  file: string;
}

const isFormat = (value: string): value is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(value);

/** `--export bmf a.json --export github-action-benchmark b.json`, as commander collects it: format and file, pair by pair. */
export function parseExports(values: string[] | undefined): ExportRequest[] {
  if (!values || values.length === 0) return [];
  if (values.length % 2 !== 0)
    throw new UserError(
      'GAUNTLET_BAD_OPTION_VALUE',
      `--export takes a format and a file, got ${values.map((v) => `"${v}"`).join(' ')}`,
      `for example --export bmf bench.json (formats: ${EXPORT_FORMATS.join(', ')})`,
    );
  const requests: ExportRequest[] = [];
  for (let i = 0; i < values.length; i += 2) {
    const format = values[i];
    if (!isFormat(format)) throw unknownValue('export format', format, [...EXPORT_FORMATS], '--export');
    requests.push({ format, file: values[i + 1] });
  }
  return requests;
}

/** The two files github-action-benchmark reads for `file`: `x.json` gives `x-bigger-is-better.json` and `x-smaller-is-better.json`. */
export function githubBenchmarkFiles(file: string): { bigger: string; smaller: string } {
  const stem = file.replace(/\.json$/i, '');
  return { bigger: `${stem}-bigger-is-better.json`, smaller: `${stem}-smaller-is-better.json` };
}

function metricsOf(doc: Result | CountsDocument): ExportMetric[] {
  return 'kind' in doc && doc.kind === 'instructions' ? metricsOfCounts(doc) : metricsOfRun(doc as Result);
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Writes each requested export of a run; returns the files written. */
export function writeExports(requests: ExportRequest[], doc: Result | CountsDocument): string[] {
  if (requests.length === 0) return [];
  const metrics = metricsOf(doc);
  const written: string[] = [];
  for (const { format, file } of requests) {
    if (format === 'bmf') {
      writeFileSync(file, json(toBmf(metrics)));
      written.push(file);
    } else {
      const { bigger, smaller } = toGithubBenchmark(metrics);
      const files = githubBenchmarkFiles(file);
      writeFileSync(files.bigger, json(bigger));
      writeFileSync(files.smaller, json(smaller));
      written.push(files.bigger, files.smaller);
    }
  }
  return written;
}
