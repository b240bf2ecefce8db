/**
 * The warnings as the terminal prints them: one line each, `code: short text`, at most 160
 * characters; the same line repeated (a wrong answer in every round) once, with its count. The
 * full text is in result.json and the Markdown and HTML reports.
 */
import type { Warning } from '../model/schema.js';
import { clip, WARNING_WIDTH } from './terminal-wrap.js';

/** Where the full text and the meaning of each code are: the last line under the warnings. */
export const WARNINGS_POINTER =
  '  in full: report.md and report.html; what each code means and what to do: docs/warnings.md';

/** One warning's line, without its count (results from before `short`: the message's first line, clipped). */
export function warningLine(warning: Warning): string {
  return `${warning.kind}: ${(warning.short ?? warning.message).split('\n')[0]}`;
}

export function warningLines(warnings: Warning[]): string[] {
  if (warnings.length === 0) return [];
  const counts = new Map<string, number>();
  for (const warning of warnings) {
    const line = warningLine(warning);
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].map(([line, count]) => {
    const times = count > 1 ? ` (×${count})` : '';
    return `${clip(`  ! ${line}`, WARNING_WIDTH - times.length)}${times}`;
  });
  return ['', 'warnings:', ...lines, WARNINGS_POINTER];
}
