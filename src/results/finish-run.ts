/** The end of every run, HTTP or in-process: the journal's last record, then result.json from the journal. */
import type { Result } from '../model/schema.js';
import { loadAverage, machineCpuTicks, stealShare } from '../proc/proc-stat.js';
import { resultFromJournal } from './assemble.js';
import { type Journal, readJournal } from './journal.js';
import { writeResult } from './store.js';

export function finishRun(
  journal: Journal,
  runDir: string,
  abort: AbortSignal,
  ticksBefore: ReturnType<typeof machineCpuTicks>,
): { result: Result; interrupted: boolean } {
  const interrupted = abort.aborted;
  journal.end({
    finishedAt: new Date().toISOString(),
    complete: !interrupted,
    interruption: interrupted ? String((abort.reason as Error).message) : undefined,
    loadAverageAfter: loadAverage(),
    cpuStealShare: stealShare(ticksBefore, machineCpuTicks()),
  });
  const result = resultFromJournal(readJournal(journal.file));
  writeResult(runDir, result);
  return { result, interrupted };
}
