/**
 * `gauntlet export k6`: write the k6 script of an HTTP scenario, for k6's own (distributed)
 * execution; `gauntlet export bmf|github-action-benchmark <run>`: a saved run's figures for
 * Bencher or github-action-benchmark, as run's --export writes them.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { EXPORT_DEFAULT_DURATION_SEC, EXPORT_DEFAULT_URL, exportK6Script } from '../../api/export.js';
import { RUN_DEFAULTS } from '../../api/settings.js';
import { positiveInt, seconds } from '../options.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../export/formats.js';
import { writeExports } from '../../export/write-exports.js';
import { isCountsRun, loadCounts } from '../../instructions/count-file.js';
import { loadResult } from '../../results/store.js';

interface ExportFlags {
  suite: string;
  scenario: string;
  profile: string;
  url: string;
  connections?: number;
  duration: number;
  timeout: number;
  out?: string;
}

export function registerExport(program: Command): void {
  const exportCommand = program
    .command('export')
    .summary("write a scenario's load for k6, or a run's figures for Bencher")
    .description(
      "write a scenario's load as a script for another load tool (k6), or a saved run's figures for continuous-benchmarking tools (Bencher, github-action-benchmark)",
    )
    .addHelpText(
      'after',
      '\nExamples:\n  gauntlet export k6 --scenario json --out load.js\n  gauntlet export bmf results/<run> --out bench.json\n  gauntlet export k6 --help',
    );
  for (const format of EXPORT_FORMATS) registerFigures(exportCommand, format);
  exportCommand
    .command('k6')
    .summary('the k6 script of a scenario')
    .description(
      "write the k6 script of an HTTP/1.1 scenario: its requests, its checks and its load profile; run it with k6 on one host or several, and read k6's summaries with gauntlet report",
    )
    .requiredOption('--scenario <name>', 'scenario to export, required (gauntlet list names them)')
    .option('--suite <name>', 'suite of the scenario', RUN_DEFAULTS.suite)
    .option(
      '--profile <profile>',
      'load shape: fixed, ramp:0-100/70s (virtual users; stages: ramp:0-100/30s,100/30s,0/10s) or rate:500/20s (requests per second)',
      'fixed',
    )
    .option(
      '--url <url>',
      'base URL of the target, used when k6 runs the script without -e BASE_URL=',
      EXPORT_DEFAULT_URL,
    )
    .option(
      '--connections <n>',
      `fixed profile: virtual users; rate: most requests in flight (default: the suite's, else ${RUN_DEFAULTS.connections})`,
      positiveInt('--connections'),
    )
    .option('--duration <s>', 'fixed profile: seconds of load', seconds('--duration'), EXPORT_DEFAULT_DURATION_SEC)
    .option(
      '--timeout <s>',
      'seconds after which a request counts as timed out',
      seconds('--timeout'),
      RUN_DEFAULTS.timeoutSec,
    )
    .option('--out <file>', 'write the script here (default: standard output)')
    .addHelpText(
      'after',
      `
Examples:
  gauntlet export k6 --scenario json --profile ramp:0-100/70s --out load.js
  k6 run -e BASE_URL=http://10.0.0.5:3000 --summary-export=summary.json load.js
  gauntlet report summary.json

  # two hosts, each half of the load (k6 execution segments):
  k6 run --execution-segment "0:1/2" --execution-segment-sequence "0,1/2,1" --summary-export=a.json load.js
  k6 run --execution-segment "1/2:1" --execution-segment-sequence "0,1/2,1" --summary-export=b.json load.js
  gauntlet report a.json b.json`,
    )
    .action((flags: ExportFlags) => {
      const exported = exportK6Script({
        suite: flags.suite,
        scenario: flags.scenario,
        profile: flags.profile,
        url: flags.url,
        connections: flags.connections,
        durationSec: flags.duration,
        timeoutSec: flags.timeout,
      });
      if (!flags.out) {
        process.stdout.write(exported.script);
        return;
      }
      writeFileSync(flags.out, exported.script);
      console.error(`k6 script of ${exported.suite}/${exported.scenario} (profile ${exported.profile}): ${flags.out}`);
    });
}

const FORMAT_TITLES: Record<ExportFormat, string> = {
  bmf: "Bencher's metric format (bencher run --adapter json --file FILE)",
  'github-action-benchmark':
    "github-action-benchmark's customBiggerIsBetter and customSmallerIsBetter inputs, two files beside --out",
};

/** `gauntlet export <format> <run>`: a saved run, timed or counted, in one format. */
function registerFigures(exportCommand: Command, format: ExportFormat): void {
  exportCommand
    .command(format)
    .summary(`a saved run's figures for ${format === 'bmf' ? 'Bencher' : 'github-action-benchmark'}`)
    .description(`write a saved run's figures as ${FORMAT_TITLES[format]}`)
    .argument('<run>', 'result.json, instructions.json or run folder')
    .requiredOption('--out <file>', 'the file to write, required')
    .action((runPath: string, flags: { out: string }) => {
      const doc = isCountsRun(runPath) ? loadCounts(runPath) : loadResult(runPath);
      for (const file of writeExports([{ format, file: flags.out }], doc)) console.log(`export:   ${file}`);
    });
}
