/** `gauntlet history`: the saved runs of a results folder as a table and trend charts, each last run judged against the earlier ones on its machine. */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { RUN_DEFAULTS } from '../../api/settings.js';
import { collectHistory } from '../../history/collect.js';
import { HISTORY_WINDOW, judgeHistory } from '../../history/judge.js';
import { historyTerminal } from '../../report/history-render.js';
import { renderHistoryHtml } from '../../report/html/history-page.js';
import { positiveInt } from '../options.js';

interface HistoryFlags {
  target?: string;
  since?: string;
  last: number;
  html?: string;
  json: boolean;
}

export function registerHistory(program: Command): void {
  program
    .command('history')
    .summary('the runs of a results folder over time')
    .description(
      "the saved runs of a results folder, one row per run, target and scenario; each target's last run judged against the earlier runs on the same machine",
    )
    .argument('[folder]', 'the folder the runs were written to', RUN_DEFAULTS.out)
    .option('--target <name>', 'only this target')
    .option('--since <date>', 'only runs started on or after this date (2026-11-01, or a full ISO time)')
    .option(
      '--last <n>',
      'earlier runs on the same machine a last run is judged against',
      positiveInt('--last'),
      HISTORY_WINDOW,
    )
    .option('--html <file>', 'also write a page with a trend chart per target and scenario')
    .option('--json', 'print the figures and verdicts as JSON', false)
    .addHelpText(
      'after',
      `
Examples:
  gauntlet history
  gauntlet history results --target fastify --html history.html
  gauntlet history ci-results --since 2026-11-01 --json

A timed figure is the ratio to the baseline; it moved when the earlier runs' median lies outside
the last run's interval. An instruction count moved beyond 0.5 %. Runs of other machines (CPU
model and core count) are never compared.`,
    )
    .action((folder: string, flags: HistoryFlags) => {
      const history = collectHistory(folder, { target: flags.target, since: flags.since });
      const verdicts = judgeHistory(history.points, flags.last);
      if (flags.json) console.log(JSON.stringify({ ...history, verdicts }, null, 2));
      else console.log(historyTerminal(history, verdicts).join('\n'));
      if (flags.html) {
        writeFileSync(flags.html, renderHistoryHtml(history, verdicts, folder));
        console.log(`html: ${flags.html}`);
      }
    });
}
