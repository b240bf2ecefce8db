/** GitHub Actions' job summary: where GITHUB_STEP_SUMMARY names a file, run, ab and compare append their verdict to it. */
import { appendFileSync } from 'node:fs';

export function appendJobSummary(markdown: string): void {
  const file = process.env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    appendFileSync(file, `${markdown.trimEnd()}\n\n`);
  } catch (error) {
    // the results are on disk already; a summary that cannot be written does not change the exit code
    console.error(`job summary not written to ${file}: ${(error as Error).message}`);
  }
}
