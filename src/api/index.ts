/**
 * gauntlet's programmatic entry. The CLI is a thin layer over these: it parses flags, calls
 * one of them, prints and sets the exit code.
 *
 *   import { run, verify, compare, ab, renderMarkdown } from 'gauntlet-bench';
 *   const { result, runDir } = await run({ targets: ['node-http', 'fastify'], repeats: 6 });
 */
export { run, type RunOptions } from './run.js';
export { verify, type VerifyOptions, type VerifyOutcome } from './verify.js';
export { compare, type CompareOptions } from './compare.js';
export { ab, AB_REPEATS, type AbOptions, type AbOutcome } from './ab.js';
export { RUN_DEFAULTS, type LoadOptions } from './settings.js';
export { probeMachineNoise, NOISE_PROBE_SECONDS, type NoiseOptions } from './noise.js';
export type { NoiseProbe } from '../calibrate/noise-probe.js';
export type { RunOutcome } from '../measure/run.js';
export type { Result, Summary, Trial } from '../model/schema.js';
export { loadResult } from '../results/store.js';
export { regressions, renderComparisonMarkdown, type ComparisonReport } from '../report/comparison-render.js';
export { renderMarkdown } from '../report/markdown.js';
export { renderHtml } from '../report/html/page.js';
export { renderTerminal } from '../report/terminal.js';
export { UserError } from '../core/errors.js';
export { EXIT } from '../core/exit-codes.js';
export { suites } from '../suites/registry.js';
export { loadTargets } from '../targets/registry.js';
export { exportK6Script, type ExportK6Options, type ExportedK6Script } from './export.js';
export { importK6Summaries, isK6Summary } from '../engines/k6/import.js';
export { runCounts, abCounts } from './cost-runs.js';
export type { CountOptions, CountAbOutcome } from './cost.js';
export { compareCountRuns } from './compare-counts.js';
export { loadCounts } from '../instructions/count-file.js';
export type { CountsDocument } from '../instructions/count-result.js';
export type { CountComparison } from '../instructions/count-compare.js';
export { writeExports, type ExportRequest } from '../export/write-exports.js';
export { toBmf, toGithubBenchmark, EXPORT_FORMATS, type Bmf, type GithubBenchmarkEntry } from '../export/formats.js';
export { metricsOfRun, metricsOfCounts, type ExportMetric } from '../export/metrics.js';
export { addTargetDirs } from '../targets/registry.js';
